import { describe, expect, it } from 'vitest';
import { readPageMeta } from './page-meta.js';

const pageUrl = 'https://news.example/articles/42?ref=chat';

describe('readPageMeta', () => {
  it('prefers Open Graph over Twitter cards and the <title>', () => {
    const html = `<!doctype html><html><head>
      <title>Plain title</title>
      <meta name="description" content="Plain description">
      <meta name="twitter:title" content="Twitter title">
      <meta property="og:title" content="OG title">
      <meta property="og:description" content="OG description">
      <meta property="og:site_name" content="News">
      <meta property="og:image" content="https://cdn.example/a.png">
      <meta name="twitter:image" content="https://cdn.example/b.png">
    </head><body></body></html>`;
    expect(readPageMeta(html, pageUrl)).toEqual({
      title: 'OG title',
      description: 'OG description',
      siteName: 'News',
      imageUrl: 'https://cdn.example/a.png',
      iconUrl: null,
    });
  });

  it('reads a page with Twitter cards only', () => {
    const html = `<head><title>Plain</title>
      <meta name="twitter:title" content="Card title">
      <meta name="twitter:description" content="Card description">
      <meta name="twitter:image" content="https://cdn.example/card.jpg"></head>`;
    expect(readPageMeta(html, pageUrl)).toEqual({
      title: 'Card title',
      description: 'Card description',
      siteName: null,
      imageUrl: 'https://cdn.example/card.jpg',
      iconUrl: null,
    });
  });

  it('reads a page with only a <title>', () => {
    expect(readPageMeta('<html><head><title>Just a title</title></head></html>', pageUrl)).toEqual({
      title: 'Just a title',
      description: null,
      siteName: null,
      imageUrl: null,
      iconUrl: null,
    });
  });

  it('falls back to the description meta and skips empty values', () => {
    const html = `<title>T</title><meta property="og:title" content="  "><meta name="description" content="D">`;
    expect(readPageMeta(html, pageUrl)).toMatchObject({ title: 'T', description: 'D' });
  });

  it('resolves a relative og:image against the page', () => {
    const html = `<title>T</title><meta property="og:image" content="/img/cover.png">`;
    expect(readPageMeta(html, pageUrl)?.imageUrl).toBe('https://news.example/img/cover.png');
  });

  it('drops an image that is not http(s), trying the next one', () => {
    const only = `<title>T</title><meta property="og:image" content="javascript:alert(1)">`;
    expect(readPageMeta(only, pageUrl)?.imageUrl).toBeNull();
    const next = `${only}<meta property="og:image:secure_url" content="https://cdn.example/s.png">`;
    expect(readPageMeta(next, pageUrl)?.imageUrl).toBe('https://cdn.example/s.png');
    expect(
      readPageMeta(`<title>T</title><meta property="og:image" content="data:image/png;base64,AA">`, pageUrl)
        ?.imageUrl,
    ).toBeNull();
  });

  it('reads the site icon, resolved against the page, a plain icon before an apple-touch-icon', () => {
    const html = `<title>T</title>
      <link rel="apple-touch-icon" href="/touch.png">
      <link rel="Shortcut Icon" href="favicon.ico">
      <link rel="icon" href="/later.png">`;
    expect(readPageMeta(html, pageUrl)?.iconUrl).toBe('https://news.example/articles/favicon.ico');
    const touchOnly = `<title>T</title><link rel="apple-touch-icon-precomposed" href="https://cdn.example/t.png">`;
    expect(readPageMeta(touchOnly, pageUrl)?.iconUrl).toBe('https://cdn.example/t.png');
  });

  it('skips SVG icons and other rels, and guesses no /favicon.ico', () => {
    const html = `<title>T</title>
      <link rel="icon" type="image/svg+xml" href="/icon">
      <link rel="icon" href="/icon.svg?v=2">
      <link rel="mask-icon" href="/mask.png">
      <link rel="fluid-icon" href="/fluid.png">
      <link rel="icon" href="javascript:alert(1)">
      <link rel="apple-touch-icon" href="/touch.png">`;
    expect(readPageMeta(html, pageUrl)?.iconUrl).toBe('https://news.example/touch.png');
    expect(readPageMeta('<title>T</title><link rel="icon" href="/x.svg">', pageUrl)?.iconUrl).toBeNull();
  });

  it('decodes entities and collapses whitespace', () => {
    const html = `<title>
      Tom &amp; Jerry&nbsp;&#x2014;\tthe   story
    </title><meta name="description" content="a&lt;b &quot;c&quot;">`;
    expect(readPageMeta(html, pageUrl)).toMatchObject({
      title: 'Tom & Jerry — the story',
      description: 'a<b "c"',
    });
  });

  it('cuts a long title at a character boundary and marks the cut', () => {
    const title = readPageMeta(`<title>${'😀'.repeat(250)}</title>`, pageUrl)?.title ?? '';
    expect(Array.from(title)).toHaveLength(200);
    expect(title.endsWith('😀…')).toBe(true);
    expect(title.isWellFormed()).toBe(true);
    const description = readPageMeta(
      `<title>T</title><meta name="description" content="${'d'.repeat(301)}">`,
      pageUrl,
    );
    expect(description?.description).toBe(`${'d'.repeat(299)}…`);
    const exact = readPageMeta(`<title>${'t'.repeat(200)}</title>`, pageUrl);
    expect(exact?.title).toBe('t'.repeat(200));
  });

  it('strips NUL, other control characters and lone surrogates', () => {
    const html = `<title>A\u0000B\u0007C\uD800D</title><meta property="og:site_name" content="S\u0000\u001bite">`;
    expect(readPageMeta(html, pageUrl)).toMatchObject({ title: 'ABCD', siteName: 'Site' });
  });

  it('gives undefined without a title', () => {
    expect(
      readPageMeta('<html><head><meta name="description" content="D"></head></html>', pageUrl),
    ).toBeUndefined();
    expect(readPageMeta('<title> \u0000 </title>', pageUrl)).toBeUndefined();
    expect(readPageMeta('', pageUrl)).toBeUndefined();
  });

  it('ignores an SVG <title> and reads the page one', () => {
    const html = `<body><svg><title>icon</title></svg></body>`;
    expect(readPageMeta(html, pageUrl)).toBeUndefined();
  });

  it('still reads broken HTML', () => {
    const html = `<html><head><meta property="og:title" content="Broken <b>page"><title>x</head><body><div><p>unclosed`;
    expect(readPageMeta(html, pageUrl)?.title).toBe('Broken <b>page');
    const stray = `<p>text first<meta property=og:title content=Unquoted><meta name=description content='Late'>`;
    expect(readPageMeta(stray, pageUrl)).toMatchObject({ title: 'Unquoted', description: 'Late' });
  });

  it('reads only the first 512 KB', () => {
    const html = `<title>T</title><!--${'x'.repeat(512 * 1024)}--><meta name="description" content="too late">`;
    expect(readPageMeta(html, pageUrl)).toMatchObject({ title: 'T', description: null });
  });
});
