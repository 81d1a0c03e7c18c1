import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendsToTest } from './support/backends.js';
import { createTestDatabase, postgresAvailable, REDIS_URL } from './support/services.js';
import { startServer, type TestServer } from './support/server.js';
import { startProxy } from './support/tcp-proxy.js';

const backends = await backendsToTest();
const ready = (server: TestServer) => fetch(`${server.url}/api/v1/health/ready`);

describe.each(backends)('GET /api/v1/health/ready (%s)', (backend) => {
  let plain: TestServer;
  let clustered: TestServer;
  let redisProxy: Awaited<ReturnType<typeof startProxy>>;
  beforeAll(async () => {
    redisProxy = await startProxy(Number(new URL(REDIS_URL).port));
    plain = await startServer({}, backend);
    clustered = await startServer({ REDIS_URL: `redis://127.0.0.1:${redisProxy.port}` }, backend);
  }, 120_000);
  afterAll(async () => {
    await plain?.stop();
    await clustered?.stop();
    await redisProxy?.close();
  });

  it('answers 200 when the database answers, with Redis not configured', async () => {
    const res = await ready(plain);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', redis: 'not_configured' },
    });
  });

  it('answers 503 naming Redis while it does not answer, 200 once it is back; liveness stays 200', async () => {
    expect(await (await ready(clustered)).json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', redis: 'ok' },
    });
    await redisProxy.cut();
    const res = await ready(clustered);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'unavailable', checks: { database: 'ok', redis: 'failed' } });
    const live = await fetch(`${clustered.url}/api/v1/health`);
    expect(live.status).toBe(200);
    expect(await live.json()).toMatchObject({ status: 'ok', mode: 'test' });
    await redisProxy.restore();
    await expect.poll(async () => (await ready(clustered)).status, { timeout: 10_000 }).toBe(200);
  });
});

describe.runIf(await postgresAvailable())('readiness when PostgreSQL goes away', () => {
  it('answers 503 naming the database', async () => {
    const db = await createTestDatabase();
    const server = await startServer({}, 'postgres', { databaseUrl: db.url });
    try {
      expect((await ready(server)).status).toBe(200);
      await db.drop();
      const res = await ready(server);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'failed', redis: 'not_configured' },
      });
      expect((await fetch(`${server.url}/api/v1/health`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
