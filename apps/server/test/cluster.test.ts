import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, clientId, connected, nextEvent, signUp, waitFor } from './support/client.js';
import { createTestDatabase, postgresAvailable, REDIS_URL, redisAvailable } from './support/services.js';
import { startServer, type TestServer } from './support/server.js';
import { startProxy } from './support/tcp-proxy.js';

const ready = (await postgresAvailable()) && (await redisAvailable());

describe.runIf(ready)('two nodes on PostgreSQL and Redis', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let nodeA: TestServer;
  let nodeB: TestServer;
  beforeAll(async () => {
    db = await createTestDatabase();
    // Both nodes start at once on an empty database: the migration lock lets exactly one migrate.
    const start = () => startServer({ REDIS_URL }, 'postgres', { databaseUrl: db.url });
    [nodeA, nodeB] = await Promise.all([start(), start()]);
  });
  afterAll(async () => {
    await nodeA?.stop();
    await nodeB?.stop();
    await db?.drop();
  });

  it('delivers live across nodes, and a session made on one node works on the other', async () => {
    const alice = await signUp(nodeA.url, 'alice');
    const bob = await signUp(nodeA.url, 'bob');
    const bobOnB = new ApiClient(nodeB.url);
    bobOnB.cookie = bob.cookie;
    expect((await bobOnB.get('/auth/session')).body.user.username).toBe('bob');
    const general = (await alice.get('/channels')).body.channels[0].id;
    const socket = bobOnB.socket();
    await connected(socket);
    await new Promise((r) => setTimeout(r, 300));
    const got = nextEvent(socket, 'message:created', (e) => e.message.body === 'across');
    await alice.post(`/channels/${general}/messages`, { clientId: clientId(), body: 'across' });
    expect((await got).message.body).toBe('across');
    const typing = nextEvent(socket, 'typing:started');
    const aliceSocket = alice.socket();
    await connected(aliceSocket);
    await aliceSocket.timeout(5000).emitWithAck('typing:start', { channelId: general });
    expect((await typing).userId).toBe(alice.user.id);
    socket.close();
    aliceSocket.close();
  });

  it('loses nothing when Redis connections are cut mid-stream: the client catches up by seq', async () => {
    const alice = await signUp(nodeA.url, 'carol');
    const bob = await signUp(nodeA.url, 'dave');
    const bobOnB = new ApiClient(nodeB.url);
    bobOnB.cookie = bob.cookie;
    const general = (await alice.get('/channels')).body.channels[0].id;
    let lastSeq = (await bobOnB.get(`/channels/${general}`)).body.channel.lastSeq;
    const seen = new Set<string>();
    const socket = bobOnB.socket();
    socket.on('message:created', (e) => seen.add(e.message.id));
    await connected(socket);
    const sent: string[] = [];
    const killer = new Redis(REDIS_URL);
    for (let i = 0; i < 30; i++) {
      if (i === 10) await killer.client('KILL', 'TYPE', 'pubsub');
      const { message } = (
        await alice.post(`/channels/${general}/messages`, { clientId: clientId(), body: `m${i}` })
      ).body;
      sent.push(message.id);
    }
    killer.disconnect();
    await new Promise((r) => setTimeout(r, 500));
    for (;;) {
      const page = (await bobOnB.get(`/channels/${general}/messages?after=${lastSeq}&limit=7`)).body;
      page.messages.forEach((m: { id: string }) => seen.add(m.id));
      lastSeq = page.messages.at(-1)?.seq ?? lastSeq;
      if (!page.hasMore) break;
    }
    expect(sent.filter((id) => !seen.has(id))).toEqual([]);
    // Redis comes back by itself: live delivery across nodes resumes.
    await waitFor(async () => {
      const got = nextEvent(socket, 'message:created', () => true, 500).then(
        () => true,
        () => false,
      );
      await alice.post(`/channels/${general}/messages`, { clientId: clientId(), body: 'again' });
      return got;
    }, 10_000);
    socket.close();
  });
  it('sends each scheduled message once when both nodes find them due at the same moment', async () => {
    const erin = await signUp(nodeA.url, 'erin');
    const erinOnB = new ApiClient(nodeB.url);
    erinOnB.cookie = erin.cookie;
    const general = (await erin.get('/channels')).body.channels[0].id;
    const sendAt = new Date(Date.now() + 2_000).toISOString();
    // Scheduled through both nodes, so each one's clock wakes for the same moment.
    const bodies = Array.from({ length: 20 }, (_, i) => `due together ${i}`);
    for (const [i, body] of bodies.entries())
      await (i % 2 ? erinOnB : erin).post(`/channels/${general}/scheduled`, {
        clientId: clientId(),
        body,
        sendAt,
      });
    const sent = async () =>
      ((await erin.get(`/channels/${general}/messages?limit=100`)).body.messages as { body: string | null }[])
        .map((m) => m.body)
        .filter((b) => b?.startsWith('due together'));
    await waitFor(async () => (await sent()).length >= bodies.length, 15_000);
    await new Promise((r) => setTimeout(r, 1_000));
    expect((await sent()).sort()).toEqual([...bodies].sort());
    expect((await erin.get('/scheduled')).body.scheduled).toEqual([]);
  });

  it('regression: shutting a node down while its sockets disconnect leaves no unhandled Redis rejection', async () => {
    const nodeC = await startServer({ REDIS_URL }, 'postgres', { databaseUrl: db.url });
    const user = await signUp(nodeC.url, 'closer');
    const sockets = [user.socket(), user.socket(), user.socket()];
    await Promise.all(sockets.map(connected));
    sockets.forEach((s) => s.emit('presence:set', { status: 'away' }));
    await nodeC.stop();
    sockets.forEach((s) => s.close());
    // Vitest fails the run on any unhandled rejection raised while this settles.
    await new Promise((r) => setTimeout(r, 300));
    expect((await fetch(`${nodeA.url}/api/v1/health`)).status).toBe(200);
  });
});

describe.runIf(await postgresAvailable())('PostgreSQL briefly unreachable', () => {
  it('answers 503 unavailable while it is down and recovers by itself', async () => {
    const db = await createTestDatabase();
    const proxy = await startProxy(5432);
    const url = db.url.replace(':5432/', `:${proxy.port}/`);
    const server = await startServer({}, 'postgres', { databaseUrl: url });
    try {
      const user = await signUp(server.url);
      await proxy.cut();
      const down = await user.get('/channels');
      expect(down.status).toBe(503);
      expect(down.body.error.code).toBe('unavailable');
      await proxy.restore();
      await waitFor(async () => (await user.get('/channels')).status === 200, 10_000);
    } finally {
      await server.stop().catch(() => {});
      await proxy.close();
      await db.drop();
    }
  });
});
