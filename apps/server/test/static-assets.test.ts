import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_SCREEN_GETS, type BootData } from '@parley/protocol';
import { createParley, type Parley } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { signUp } from './support/client.js';
import { TEST_SECRET } from './support/server.js';

const script = `console.log(${JSON.stringify('parley '.repeat(400))});`;
const page = `<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body>${'<p>parley</p>'.repeat(200)}</body></html>`;

/** A built web app as the vite build leaves it: hashed assets with .br and .gz beside them. */
function fakeBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const files = { 'assets/index-abc123.js': script, 'index.html': page };
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
  }
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

/** fetch() decodes bodies itself; node's http request lets the test see the bytes sent. */
function raw(url: string, encoding: string, cookie = ''): Promise<{ res: Response; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': encoding, cookie } }, (msg) => {
        const chunks: Buffer[] = [];
        msg.on('data', (c: Buffer) => chunks.push(c));
        msg.on('end', () => {
          const headers = new Headers(msg.headers as Record<string, string>);
          resolve({
            res: new Response(null, { status: msg.statusCode, headers }),
            body: Buffer.concat(chunks),
          });
        });
      })
      .on('error', reject);
  });
}

const bootOf = (html: string): unknown =>
  JSON.parse(html.match(/<script id="parley-boot" type="application\/json">(.*?)<\/script>/)![1]!);

describe('the built web app', () => {
  let parley: Parley;
  let url: string;
  let dist: string;
  beforeAll(async () => {
    dist = fakeBuild();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: 'memory://',
      PARLEY_SECRET: TEST_SECRET,
      WEB_DIST: dist,
    });
    parley = await createParley(config, TEST_SECRET, { logger: false, serveWeb: true });
    url = await parley.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await parley.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('sends hashed assets brotli- or gzip-compressed as asked, cached for a year, decoding to the file', async () => {
    for (const [asked, encoding, decode] of [
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      const { res, body } = await raw(`${url}/assets/index-abc123.js`, asked);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('content-type')).toMatch(/javascript/);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(decode(body).toString()).toBe(script);
      expect(body.length).toBeLessThan(script.length / 4);
    }
  });

  it('sends the plain file to a client that accepts no compression', async () => {
    const { res, body } = await raw(`${url}/assets/index-abc123.js`, 'identity');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(body.toString()).toBe(script);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('asks browsers to revalidate index.html and /config.json, keeping the security headers', async () => {
    for (const pathname of ['/index.html', '/favicon.svg']) {
      const { res, body } = await raw(url + pathname, 'br');
      expect(res.status, pathname).toBe(200);
      expect(res.headers.get('cache-control'), pathname).toBe('no-cache');
      expect(res.headers.get('content-security-policy'), pathname).toContain("script-src 'self'");
      if (pathname === '/index.html') {
        expect(res.headers.get('content-encoding')).toBe('br');
        expect(zlib.brotliDecompressSync(body).toString()).toBe(page);
      }
    }
    const config = await fetch(`${url}/config.json`);
    expect(config.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers a client route with the page and its boot data, which no shared cache may keep', async () => {
    const config = await (await fetch(`${url}/config.json`)).json();
    for (const pathname of ['/', '/c/general']) {
      const { res, body } = await raw(url + pathname, 'br');
      expect(res.status, pathname).toBe(200);
      expect(res.headers.get('cache-control'), pathname).toBe('private, no-cache');
      expect(res.headers.get('vary'), pathname).toMatch(/cookie/i);
      expect(res.headers.get('vary'), pathname).toMatch(/accept-encoding/i);
      expect(res.headers.get('content-security-policy'), pathname).toContain("script-src 'self'");
      expect(res.headers.get('content-encoding'), pathname).toBe('br');
      const html = zlib.brotliDecompressSync(body).toString();
      expect(html.replace(/<script id="parley-boot".*?<\/script>/, ''), pathname).toBe(page);
      expect(bootOf(html), pathname).toEqual({ config, user: null, cursor: null });
    }
  });

  it('writes the signed-in user and a sync cursor taken before the page into the page', async () => {
    const ada = await signUp(url);
    const { body } = await raw(`${url}/c/general`, 'identity', ada.cookie);
    const boot = bootOf(body.toString()) as { user: { id: string }; cursor: string };
    expect(boot.user).toEqual((await ada.get('/auth/session')).body.user);
    const { cursor } = (await ada.get('/sync')).body as { cursor: string };
    expect(boot.cursor.split('.').map(BigInt)[0]! <= BigInt(cursor.split('.')[0]!)).toBe(true);
    // Nothing happened since: replaying from the page's cursor brings no change.
    expect((await ada.get(`/sync?since=${boot.cursor}`)).body.changes).toEqual([]);
  });

  it('answers the first screen’s GETs into a signed-in page, as the API answers them', async () => {
    const ada = await signUp(url);
    const general = ((await ada.get('/channels')).body.channels as { id: string; name: string }[]).find(
      (c) => c.name === 'general',
    )!;
    await ada.post(`/channels/${general.id}/messages`, { clientId: crypto.randomUUID(), body: 'hello <b>' });
    const { body } = await raw(`${url}/c/general/t/${crypto.randomUUID()}`, 'identity', ada.cookie);
    const boot = bootOf(body.toString()) as BootData;
    for (const path of FIRST_SCREEN_GETS)
      expect(boot.answers?.[path], path).toEqual((await ada.get(path)).body);
    expect(boot.history).toEqual({
      channelId: general.id,
      page: (await ada.get(`/channels/${general.id}/messages?limit=50`)).body,
    });
    expect(boot.history?.page.messages.at(-1)?.body).toBe('hello <b>');
  });

  it('writes no history for a channel the reader is not in, or an address that names none', async () => {
    const [ada, bob] = [await signUp(url), await signUp(url)];
    const made = await bob.post('/channels', { name: `hidden-${Date.now()}`, kind: 'private' });
    expect(made.status).toBe(201);
    const { name } = made.body.channel as { name: string };
    for (const pathname of [`/c/${name}`, '/c/%F0%9F%92%AC', '/c/', '/threads']) {
      const { res, body } = await raw(url + pathname, 'identity', ada.cookie);
      expect(res.status, pathname).toBe(200);
      const boot = bootOf(body.toString()) as BootData;
      expect(boot.user?.id, pathname).toBe(ada.user!.id);
      expect(boot.history, pathname).toBeUndefined();
      expect(JSON.stringify(boot.answers)).not.toContain(name);
    }
  });

  it('writes no user into the page for a revoked session', async () => {
    const bob = await signUp(url);
    const cookie = bob.cookie;
    await bob.post('/auth/logout');
    const { body } = await raw(`${url}/`, 'identity', cookie);
    expect(bootOf(body.toString())).toMatchObject({ user: null, cursor: null });
  });

  it('answers 404 for a missing asset rather than the page', async () => {
    const res = await fetch(`${url}/assets/missing-000.js`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
  });
});
