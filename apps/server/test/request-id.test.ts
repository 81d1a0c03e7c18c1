import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('X-Request-Id', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  }, 120_000);
  afterAll(async () => server?.stop());

  const idFor = async (path: string, given?: string) =>
    (await fetch(server.url + path, given ? { headers: { 'x-request-id': given } } : {})).headers.get(
      'x-request-id',
    );

  it('answers with a new UUID per request when none is given, on errors too', async () => {
    const [a, b] = [await idFor('/api/v1/health'), await idFor('/api/v1/no-such-route')];
    expect(a).toMatch(UUID);
    expect(b).toMatch(UUID);
    expect(a).not.toBe(b);
  });

  it("keeps a proxy's sane id and replaces one that could forge log lines", async () => {
    expect(await idFor('/api/v1/health', 'edge-42.abc:7')).toBe('edge-42.abc:7');
    for (const bad of ['a"b', 'x'.repeat(129), 'with space', '{"level":60}'])
      expect(await idFor('/api/v1/health', bad)).toMatch(UUID);
  });
});
