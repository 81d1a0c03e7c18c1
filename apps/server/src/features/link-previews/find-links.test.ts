import { describe, expect, it } from 'vitest';
import { findLinks } from './find-links.js';

describe('findLinks', () => {
  it('finds bare links in order, as normalised hrefs', () => {
    expect(findLinks('see https://example.com and HTTP://Example.org/a b', 5)).toEqual([
      'https://example.com/',
      'http://example.org/a',
    ]);
  });

  it('reads the target of a Markdown link and of an autolink', () => {
    expect(findLinks('[the docs](https://x.y/z) and <https://a.b>', 5)).toEqual([
      'https://x.y/z',
      'https://a.b/',
    ]);
    expect(findLinks('[docs](https://x.y/z "Title") [site](<https://a.b/c>)', 5)).toEqual([
      'https://x.y/z',
      'https://a.b/c',
    ]);
  });

  it('reads a Markdown link whose text is itself a link once', () => {
    expect(findLinks('[https://x.y](https://x.y)', 5)).toEqual(['https://x.y/']);
    expect(findLinks('[https://x.y](https://a.b)', 5)).toEqual(['https://x.y/', 'https://a.b/']);
  });

  it('skips fenced code blocks and inline code spans', () => {
    const text = [
      'before https://a.b/1',
      '```js',
      'fetch("https://in.fence/")',
      '```',
      'inline `https://in.span/` and ``a ` https://in.double/`` after https://a.b/2',
      '~~~',
      'https://in.tilde/',
      '~~~',
      'last https://a.b/3',
    ].join('\n');
    expect(findLinks(text, 10)).toEqual(['https://a.b/1', 'https://a.b/2', 'https://a.b/3']);
  });

  it('treats an unclosed fence as code to the end, and a stray backtick as text', () => {
    expect(findLinks('https://a.b/1\n```\nhttps://a.b/2', 5)).toEqual(['https://a.b/1']);
    expect(findLinks('a ` tick\n\nhttps://a.b/ then `x`', 5)).toEqual(['https://a.b/']);
    expect(findLinks('```https://a.b/```', 5)).toEqual([]);
  });

  it('respects max', () => {
    expect(findLinks('https://a.b/1 https://a.b/2 https://a.b/3', 2)).toEqual([
      'https://a.b/1',
      'https://a.b/2',
    ]);
    expect(findLinks('https://a.b/1', 0)).toEqual([]);
  });

  it('deduplicates by normalised href, keeping the first place', () => {
    expect(findLinks('https://A.B https://a.b/ https://c.d https://a.b:443/', 5)).toEqual([
      'https://a.b/',
      'https://c.d/',
    ]);
  });

  it('trims punctuation that ends a sentence', () => {
    expect(findLinks('Look: https://a.b/x. Or https://a.b/y, https://a.b/z?! "https://a.b/q"', 5)).toEqual([
      'https://a.b/x',
      'https://a.b/y',
      'https://a.b/z',
      'https://a.b/q',
    ]);
    expect(findLinks('**https://a.b/bold**', 5)).toEqual(['https://a.b/bold']);
  });

  it('keeps a closing parenthesis only when the link opened one', () => {
    expect(findLinks('(see https://a.b/x)', 5)).toEqual(['https://a.b/x']);
    expect(findLinks('see https://en.wikipedia.org/wiki/Foo_(bar).', 5)).toEqual([
      'https://en.wikipedia.org/wiki/Foo_(bar)',
    ]);
    expect(findLinks('[w](https://en.wikipedia.org/wiki/Foo_(bar))', 5)).toEqual([
      'https://en.wikipedia.org/wiki/Foo_(bar)',
    ]);
  });

  it('keeps a link inside another link as part of it', () => {
    expect(findLinks('https://a.b/login?next=https://c.d/', 5)).toEqual([
      'https://a.b/login?next=https://c.d/',
    ]);
  });

  it('drops what does not parse, is not http(s), or is too long', () => {
    expect(findLinks('https:// http://[zz]/ ftp://a.b/ xhttps://a.b/', 5)).toEqual([]);
    expect(findLinks(`https://a.b/${'x'.repeat(2048)}`, 5)).toEqual([]);
  });

  it('drops links carrying credentials', () => {
    expect(findLinks('https://user:secret@a.b/ https://user@c.d/ https://e.f/', 5)).toEqual(['https://e.f/']);
  });
});
