import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server.js';

/** fetch() will not send a Host of our choosing; node's http will. */
function request(
  url: string,
  opts: { host?: string; method?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = http.request(
      target,
      {
        method: opts.method ?? 'GET',
        headers: { ...(opts.host ? { host: opts.host } : {}), ...opts.headers },
      },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const codeOf = (body: string) => (JSON.parse(body) as { error?: { code: string } }).error?.code;

describe('Host header check', () => {
  let plain: TestServer;
  let listed: TestServer;
  let open: TestServer;
  beforeAll(async () => {
    plain = await startServer({ ALLOWED_ORIGINS: 'https://chat.example.com' });
    listed = await startServer({ ALLOWED_HOSTS: 'parley.internal:8443, other.example.com' });
    open = await startServer({ ALLOWED_HOSTS: '*' });
  }, 120_000);
  afterAll(async () => {
    for (const s of [plain, listed, open]) await s?.stop();
  });

  it('answers loopback names, IP addresses and the hosts of ALLOWED_ORIGINS by default', async () => {
    const port = new URL(plain.url).port;
    const health = `${plain.url}/api/v1/health`;
    for (const host of [
      `localhost:${port}`,
      `127.0.0.1:${port}`,
      `[::1]:${port}`,
      '10.1.2.3',
      'LOCALHOST',
      'chat.example.com',
    ])
      expect((await request(health, { host })).status, host).toBe(200);
  });

  it('refuses a rebinding name with 421 host_not_allowed, on the API and the web app alike', async () => {
    for (const path of ['/api/v1/health', '/api/v1/auth/me', '/config.json', '/']) {
      const res = await request(plain.url + path, { host: 'attacker.example:80' });
      expect(res.status, path).toBe(421);
      expect(codeOf(res.body)).toBe('host_not_allowed');
    }
    const post = await request(`${plain.url}/api/v1/auth/register`, {
      method: 'POST',
      host: 'rebind.attacker.example',
      headers: { 'x-parley-csrf': '1', 'content-type': 'application/json' },
    });
    expect(post.status).toBe(421);
  });

  it('with ALLOWED_HOSTS answers only those, a listed port exactly, and IP addresses', async () => {
    const health = `${listed.url}/api/v1/health`;
    expect((await request(health, { host: 'parley.internal:8443' })).status).toBe(200);
    expect((await request(health, { host: 'parley.internal:9000' })).status).toBe(421);
    expect((await request(health, { host: 'other.example.com:1234' })).status).toBe(200);
    expect((await request(health, { host: 'localhost' })).status).toBe(421);
    expect((await request(health, { host: '127.0.0.1' })).status).toBe(200);
  });

  it('with ALLOWED_HOSTS=* answers any host', async () => {
    expect((await request(`${open.url}/api/v1/health`, { host: 'anything.example' })).status).toBe(200);
  });
});

describe('Origin check on writes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ ALLOWED_ORIGINS: 'https://chat.example.com' });
  }, 120_000);
  afterAll(async () => server?.stop());

  const logout = (origin: string) =>
    request(`${server.url}/api/v1/auth/logout`, {
      method: 'POST',
      headers: { origin, 'x-parley-csrf': '1' },
    });

  it('compares scheme, host and port, not the host alone', async () => {
    const port = new URL(server.url).port;
    expect((await logout(`http://127.0.0.1:${port}`)).status).not.toBe(403);
    expect((await logout('https://chat.example.com')).status).not.toBe(403);
    expect((await logout('https://chat.example.com:443')).status).not.toBe(403);
    for (const origin of [
      `https://127.0.0.1:${port}`,
      'http://chat.example.com',
      'https://chat.example.com:8443',
      'null',
    ]) {
      const res = await logout(origin);
      expect(res.status, origin).toBe(403);
      expect(codeOf(res.body)).toBe('forbidden');
    }
  });
});
