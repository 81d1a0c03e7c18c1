import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { lookup } from 'node:dns/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FetchRefused, isPublicAddress, safeFetch, type SafeFetchOptions } from './safe-fetch.js';

vi.mock('node:dns/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:dns/promises')>();
  return { ...real, lookup: vi.fn(real.lookup) };
});

const seen: http.IncomingHttpHeaders[] = [];
const routes: Record<string, (req: http.IncomingMessage, res: http.ServerResponse) => void> = {
  '/page': (_req, res) => {
    res.writeHead(200, { 'content-type': 'Text/HTML; charset=utf-8', 'set-cookie': 'session=secret' });
    res.end('<title>Hi</title>');
  },
  '/text': (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('hi'),
  '/svg': (_req, res) => res.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg/>'),
  '/png': (_req, res) =>
    res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([137, 80, 78, 71])),
  '/big': (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('x'.repeat(10_000)),
  '/big-streamed': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    for (let i = 0; i < 10; i += 1) res.write('x'.repeat(1000));
    res.end();
  },
  '/hang': () => {},
  '/stall': (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).write('<title>'),
  '/missing': (_req, res) => res.writeHead(404, { 'content-type': 'text/html' }).end('gone'),
  '/loop': (_req, res) => res.writeHead(302, { location: '/loop' }).end(),
  '/r3': (_req, res) => res.writeHead(301, { location: 'r2' }).end(),
  '/r2': (_req, res) => res.writeHead(307, { location: '/r1' }).end(),
  '/r1': (_req, res) => res.writeHead(303, { location: `${base}/page` }).end(),
  '/cookie': (_req, res) => res.writeHead(302, { location: '/page', 'set-cookie': 'session=secret' }).end(),
  '/echo': (req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ method: req.method, body, sig: req.headers['x-sig'] })),
    );
  },
};
const server = http.createServer((req, res) => {
  seen.push(req.headers);
  const url = new URL(req.url ?? '/', 'http://x');
  const to = url.searchParams.get('to');
  if (url.pathname === '/to' && to) res.writeHead(302, { location: to }).end();
  else (routes[url.pathname] ?? routes['/missing']!)(req, res);
});
let base = '';
let port = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const local: SafeFetchOptions = {
  allowHosts: new Set(['127.0.0.1']),
  timeoutMs: 2000,
  maxBytes: 5000,
  accept: 'html',
  userAgent: 'ParleyBot/1 (test)',
};

async function refusal(url: string, opts: Partial<SafeFetchOptions> = {}) {
  const err = await safeFetch(url, { ...local, ...opts }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(FetchRefused);
  return (err as FetchRefused).reason;
}

describe('safeFetch', () => {
  it('POSTs a body with its headers and reads a JSON answer, following no redirect', async () => {
    const post = { body: '{"text":"hi"}', headers: { 'content-type': 'application/json', 'x-sig': 'v1=ab' } };
    const answer = await safeFetch(`${base}/echo`, { ...local, accept: 'json', post });
    expect(JSON.parse(answer.body.toString())).toEqual({
      method: 'POST',
      body: '{"text":"hi"}',
      sig: 'v1=ab',
    });
    expect(await refusal(`${base}/r1`, { accept: 'json', post })).toBe('status');
  });

  it('fetches a page from an allowed host, with the bare media type and its charset', async () => {
    const page = await safeFetch(`${base}/page`, local);
    expect(page).toEqual({
      url: `${base}/page`,
      contentType: 'text/html',
      charset: 'utf-8',
      body: Buffer.from('<title>Hi</title>'),
    });
    expect(seen.at(-1)).toMatchObject({
      'user-agent': 'ParleyBot/1 (test)',
      accept: 'text/html,application/xhtml+xml',
      'accept-encoding': 'identity',
    });
  });

  it('fetches a picture when asked for one', async () => {
    const png = await safeFetch(`${base}/png`, { ...local, accept: 'image' });
    expect(png.contentType).toBe('image/png');
    expect(seen.at(-1)?.accept).toBe('image/*');
  });

  it('refuses private and loopback hosts that are not allowed, before connecting', async () => {
    expect(await refusal('http://127.0.0.1/', { allowHosts: new Set() })).toBe('private');
    expect(await refusal('http://localhost/', { allowHosts: new Set() })).toBe('private');
    expect(await refusal('http://[::1]/', { allowHosts: new Set() })).toBe('private');
  });

  it('refuses a redirect from an allowed host to a private one, before connecting to it', async () => {
    const started = Date.now();
    expect(await refusal(`${base}/to?to=http://10.0.0.1/`, { timeoutMs: 5000 })).toBe('private');
    expect(await refusal(`${base}/to?to=http://[::1]/`)).toBe('private');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses a public-looking name when any of its addresses is private', async () => {
    vi.mocked(lookup).mockResolvedValueOnce([
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ] as never);
    expect(await refusal('http://public.example/')).toBe('private');
  });

  it('connects to the address it checked, not to a second DNS answer', async () => {
    vi.mocked(lookup).mockResolvedValueOnce([{ address: '127.0.0.1', family: 4 }] as never);
    // No resolver knows this name: only the pinned lookup can reach the test server.
    const page = await safeFetch(`http://pinned.invalid:${port}/page`, {
      ...local,
      allowHosts: new Set(['pinned.invalid']),
    });
    expect(page.url).toBe(`http://pinned.invalid:${port}/page`);
    expect(seen.at(-1)?.host).toBe(`pinned.invalid:${port}`);
  });

  it('refuses a port other than the default before any lookup', async () => {
    vi.mocked(lookup).mockClear();
    expect(await refusal('http://example.invalid:8080/')).toBe('port');
    expect(await refusal('https://example.invalid:80/')).toBe('port');
    expect(await refusal(`${base}/page`, { allowHosts: new Set() })).toBe('port');
    expect(lookup).not.toHaveBeenCalled();
  });

  it('refuses other schemes, credentials and what is no URL', async () => {
    expect(await refusal('ftp://example.invalid/file')).toBe('scheme');
    expect(await refusal('file:///etc/passwd')).toBe('scheme');
    expect(await refusal('http://user:pass@example.invalid/')).toBe('scheme');
    expect(await refusal(`http://user@127.0.0.1:${port}/page`)).toBe('scheme');
    expect(await refusal('not a url')).toBe('scheme');
    expect(await refusal(`${base}/to?to=javascript:alert(1)`)).toBe('scheme');
  });

  it('refuses a content type not asked for', async () => {
    expect(await refusal(`${base}/text`)).toBe('type');
    expect(await refusal(`${base}/svg`, { accept: 'image' })).toBe('type');
    expect(await refusal(`${base}/page`, { accept: 'image' })).toBe('type');
  });

  it('refuses a body over maxBytes, announced or streamed', async () => {
    expect(await refusal(`${base}/big`)).toBe('size');
    expect(await refusal(`${base}/big-streamed`)).toBe('size');
  });

  it('gives up on a server that never answers, or stops midway', async () => {
    expect(await refusal(`${base}/hang`, { timeoutMs: 300 })).toBe('timeout');
    expect(await refusal(`${base}/stall`, { timeoutMs: 300 })).toBe('timeout');
  });

  it('follows redirects within the limit, relative ones too, and reports the final url', async () => {
    const page = await safeFetch(`${base}/r3`, local);
    expect(page.url).toBe(`${base}/page`);
    expect(await refusal(`${base}/r3`, { maxRedirects: 2 })).toBe('redirects');
  });

  it('refuses a redirect loop', async () => {
    expect(await refusal(`${base}/loop`)).toBe('redirects');
  });

  it('sends no cookie, not even one set on the way', async () => {
    await safeFetch(`${base}/cookie`, local);
    expect(seen.at(-1)?.cookie).toBeUndefined();
  });

  it('refuses an error status', async () => {
    expect(await refusal(`${base}/missing`)).toBe('status');
  });

  it('reports a refused connection as network', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await refusal(`http://127.0.0.1:${closedPort}/`)).toBe('network');
  });
});

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8', true],
    ['1.1.1.1', true],
    ['2606:4700:4700::1111', true],
    ['::ffff:8.8.8.8', true],
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fc00::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['2002:a00:1::', false],
    ['not an address', false],
  ])('%s is %s', (ip, expected) => {
    expect(isPublicAddress(ip)).toBe(expected);
  });
});
