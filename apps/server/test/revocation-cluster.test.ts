import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, connected, signUp } from './support/client.js';
import { createTestDatabase, postgresAvailable, REDIS_URL, redisAvailable } from './support/services.js';
import { startServer, type TestServer } from './support/server.js';

const ready = (await postgresAvailable()) && (await redisAvailable());

/** Polls node B until the check holds; returns how long it took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return Date.now() - start;
}

// Regression: after a sign-out or demotion on one node, another node accepted the old cookie for up to 10 s.
describe.runIf(ready)('revocation across two nodes on PostgreSQL and Redis', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let nodeA: TestServer;
  let nodeB: TestServer;
  let owner: ApiClient;
  beforeAll(async () => {
    db = await createTestDatabase();
    const start = () => startServer({ REDIS_URL }, 'postgres', { databaseUrl: db.url });
    [nodeA, nodeB] = await Promise.all([start(), start()]);
    owner = await signUp(nodeA.url, 'owner');
  });
  afterAll(async () => {
    await nodeA?.stop();
    await nodeB?.stop();
    await db?.drop();
  });

  const onB = (client: ApiClient) => {
    const b = new ApiClient(nodeB.url);
    b.cookie = client.cookie;
    return b;
  };

  it('a sign-out on one node refuses the cookie on the other within a second', async () => {
    const user = await signUp(nodeA.url);
    const b = onB(user);
    // Node B has the session cached.
    expect((await b.get('/auth/session')).status).toBe(200);
    const cookie = user.cookie;
    await user.post('/auth/logout');
    b.cookie = cookie;
    const took = await within(1_000, async () => (await b.get('/auth/session')).status === 401);
    expect(took).toBeLessThan(1_000);
  });

  it('a demotion on one node shows on the other within a second', async () => {
    const user = await signUp(nodeA.url);
    const b = onB(user);
    expect((await b.get('/auth/session')).body.user.role).toBe('member');
    await owner.patch(`/admin/users/${user.user.id}/role`, { role: 'guest' });
    await within(1_000, async () => (await b.get('/auth/session')).body.user.role === 'guest');
    expect((await b.get('/channels?scope=browse')).body.channels ?? []).toEqual([]);
  });

  it('a deactivation on one node drops the user’s socket and cookie on the other within a second', async () => {
    const user = await signUp(nodeA.url);
    const b = onB(user);
    expect((await b.get('/auth/session')).status).toBe(200);
    const socket = b.socket();
    await connected(socket);
    const dropped = new Promise((resolve) => socket.once('disconnect', resolve));
    const start = Date.now();
    await owner.post(`/admin/users/${user.user.id}/deactivate`);
    await dropped;
    expect(Date.now() - start).toBeLessThan(1_000);
    await within(1_000, async () => (await b.get('/auth/session')).status === 401);
  });

  it('a password change on one node ends the other sessions on the other node', async () => {
    const user = await signUp(nodeA.url, 'changer');
    const second = new ApiClient(nodeB.url);
    await second.post('/auth/login', { username: 'changer', password: 'correct horse battery' });
    expect((await second.get('/auth/session')).status).toBe(200);
    await user.post('/auth/password', {
      currentPassword: 'correct horse battery',
      newPassword: 'a newer secret',
    });
    await within(1_000, async () => (await second.get('/auth/session')).status === 401);
  });
});
