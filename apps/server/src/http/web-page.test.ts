import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { VERSION, type BootData } from '@parley/protocol';
import { parseBootData } from '@parley/protocol/client';
import { inlineJson, loadWebPage } from './web-page.js';

const config = {
  apiBase: '/api/v1',
  socketBase: '',
  socketPath: '/socket.io',
  cipherAlgorithm: 'aes-256-ctr' as const,
  version: VERSION,
};
const user = {
  id: '6f1c0d6e-5a6b-4f7e-9a43-0c2b9f8e1d20',
  username: 'ada',
  displayName: '</script><script>alert(1)</script> \u2028 & <!--',
  role: 'member' as const,
  status: 'active' as const,
  dndUntil: null,
  customStatus: null,
  timeZone: null,
  avatarId: null,
  createdAt: '2026-11-27T00:00:00.000Z',
};

function build(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-page-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<html><head><title>P</title></head><body></body></html>');
  return dir;
}

const bootIn = (html: string) =>
  JSON.parse(html.match(/<script id="parley-boot" type="application\/json">(.*?)<\/script>/)![1]!) as unknown;

describe('inlineJson', () => {
  it('keeps a value that would end the script element or break a line inside it', () => {
    const text = inlineJson(user);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(user);
  });
});

describe('loadWebPage', () => {
  it('writes the boot data into the head, which the client reads back whole', () => {
    const page = loadWebPage(build());
    const boot: BootData = { config, user, cursor: '12.3' };
    const html = page.render(boot, undefined).body.toString();
    expect(html.indexOf('parley-boot')).toBeLessThan(html.indexOf('</head>'));
    expect(html).not.toContain('</script><script>alert');
    expect(parseBootData(bootIn(html))).toEqual(boot);
  });

  it("lists the chat screen's chunks for someone signed in, and only for them", () => {
    const dir = build();
    const listed = ['/assets/shell-abc.js', '/assets/names-d_e.js', '"><script>alert(1)</script>', '/x.js'];
    fs.writeFileSync(path.join(dir, 'chat-preloads.json'), JSON.stringify(listed));
    const page = loadWebPage(dir);
    const signedIn = page.render({ config, user, cursor: '1.0' }, undefined).body.toString();
    const preloads = [...signedIn.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
    expect(preloads.map((m) => m[1])).toEqual(['/assets/shell-abc.js', '/assets/names-d_e.js']);
    expect(signedIn.lastIndexOf('modulepreload')).toBeLessThan(signedIn.indexOf('</head>'));
    const signedOut = page.render({ config, user: null, cursor: null }, undefined).body.toString();
    expect(signedOut).not.toContain('modulepreload');
  });

  it('leaves a page without a head as it is', () => {
    const dir = build();
    fs.writeFileSync(path.join(dir, 'index.html'), '<p>no head</p>');
    expect(loadWebPage(dir).render({ config, user: null, cursor: null }, undefined).body.toString()).toBe(
      '<p>no head</p>',
    );
  });

  it('compresses as the browser asks, and not when it asks for none', () => {
    const page = loadWebPage(build());
    const boot: BootData = { config, user: null, cursor: null };
    const plain = page.render(boot, 'identity');
    const br = page.render(boot, 'gzip, deflate, br');
    const gzip = page.render(boot, 'gzip;q=1, br;q=0');
    expect(plain.encoding).toBeNull();
    expect(br.encoding).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(plain.body.toString());
    expect(gzip.encoding).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(plain.body.toString());
  });
});

describe('parseBootData', () => {
  it('refuses boot data that is not whole', () => {
    expect(parseBootData({ config, user: null, cursor: null })).toEqual({ config, user: null, cursor: null });
    expect(parseBootData({ config, user: null, cursor: '1.0' })).toBeUndefined();
    expect(parseBootData({ config, user, cursor: null })).toBeUndefined();
    expect(
      parseBootData({ config: { ...config, cipherAlgorithm: 'rot13' }, user: null, cursor: null }),
    ).toBeUndefined();
    expect(parseBootData({ user: null, cursor: null })).toBeUndefined();
    expect(parseBootData('{}')).toBeUndefined();
    expect(parseBootData(null)).toBeUndefined();
  });
});
