import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server.js';

// The headers are built once at start; each response must still carry all of them.
describe('security headers', () => {
  let test: TestServer;
  let production: TestServer;
  beforeAll(async () => {
    test = await startServer({ PUBLIC_SOCKET_BASE: 'https://rt.example.com' });
    production = await startServer({ NODE_ENV: 'production' });
  });
  afterAll(async () => {
    await test.stop();
    await production.stop();
  });

  it('sends a CSP without inline scripts, with the socket origin allowed, on every response', async () => {
    for (const path of ['/api/v1/health', '/config.json', '/api/v1/channels']) {
      const res = await fetch(test.url + path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain('connect-src');
      expect(csp).toContain('https://rt.example.com');
      expect(csp).toContain('wss://rt.example.com');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cross-origin-resource-policy')).toBe('same-site');
    }
  });

  it('asks for HSTS in production over HTTPS only, as a trusted proxy reports it', async () => {
    const viaHttps = { headers: { 'x-forwarded-proto': 'https' } };
    expect(
      (await fetch(production.url + '/api/v1/health', viaHttps)).headers.get('strict-transport-security'),
    ).toMatch(/max-age=\d+/);
    expect(
      (await fetch(production.url + '/api/v1/health')).headers.get('strict-transport-security'),
    ).toBeNull();
    expect(
      (await fetch(test.url + '/api/v1/health', viaHttps)).headers.get('strict-transport-security'),
    ).toBeNull();
  });

  it('keeps the headers on an error response', async () => {
    const res = await fetch(test.url + '/api/v1/no-such-route');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  });
});
