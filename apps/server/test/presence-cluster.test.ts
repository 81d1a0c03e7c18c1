import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, connected, nextEvent, signUp } from './support/client.js';
import { createTestDatabase, postgresAvailable, REDIS_URL, redisAvailable } from './support/services.js';
import { startServer, type TestServer } from './support/server.js';

const ready = (await postgresAvailable()) && (await redisAvailable());

describe.runIf(ready)('presence across two nodes', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let nodeA: TestServer;
  let nodeB: TestServer;
  beforeAll(async () => {
    db = await createTestDatabase();
    nodeA = await startServer({ REDIS_URL }, 'postgres', { databaseUrl: db.url });
    nodeB = await startServer({ REDIS_URL }, 'postgres', { databaseUrl: db.url });
  });
  afterAll(async () => {
    await nodeA?.stop();
    await nodeB?.stop();
    await db?.drop();
  });

  it('a user online on one node is online on the other, and offline only when their last socket anywhere goes', async () => {
    const alice = await signUp(nodeA.url, 'alice');
    const bob = await signUp(nodeA.url, 'bob');
    const aliceOnB = new ApiClient(nodeB.url);
    aliceOnB.cookie = alice.cookie;
    const bobOnB = new ApiClient(nodeB.url);
    bobOnB.cookie = bob.cookie;
    const watcher = bobOnB.socket({ transports: ['websocket'] });
    await connected(watcher);
    const online = nextEvent(watcher, 'presence:changed', (e) => e.userId === alice.user.id);
    const onA = alice.socket({ transports: ['websocket'] });
    await connected(onA);
    expect((await online).status).toBe('online');
    expect((await bobOnB.get('/presence')).body.presence[alice.user.id]).toBe('online');

    const onB = aliceOnB.socket({ transports: ['websocket'] });
    await connected(onB);
    // Node B publishes its sockets within a flush window (250 ms); closing A sooner would be a real hand-over gap.
    await new Promise((r) => setTimeout(r, 700));
    const seen: string[] = [];
    watcher.on('presence:changed', (e) => e.userId === alice.user.id && seen.push(e.status));
    onA.close();
    await new Promise((r) => setTimeout(r, 800));
    expect(seen).toEqual([]);
    expect((await bob.get('/presence')).body.presence[alice.user.id]).toBe('online');

    const away = nextEvent(watcher, 'presence:changed', (e) => e.userId === alice.user.id);
    await onB.timeout(5000).emitWithAck('presence:set', { status: 'away' });
    expect((await away).status).toBe('away');
    expect((await bob.get('/presence')).body.presence[alice.user.id]).toBe('away');

    const offline = nextEvent(watcher, 'presence:changed', (e) => e.userId === alice.user.id);
    onB.close();
    expect((await offline).status).toBe('offline');
    expect((await bob.get('/presence')).body.presence[alice.user.id]).toBeUndefined();
    watcher.close();
  });
});
