import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, clientId, connected, nextEvent, signUp, waitFor } from './support/client.js';
import { backendsToTest } from './support/backends.js';
import { startServer, type TestServer } from './support/server.js';

describe.each(await backendsToTest())('realtime on %s', (backend) => {
  let server: TestServer;
  let alice: ApiClient;
  let bob: ApiClient;
  let eve: ApiClient;
  let channelId: string;
  beforeAll(async () => {
    server = await startServer({}, backend);
    alice = await signUp(server.url, 'alice');
    bob = await signUp(server.url, 'bob');
    eve = await signUp(server.url, 'eve');
    channelId = (await alice.post('/channels', { name: 'live', kind: 'private' })).body.channel.id;
    await alice.post(`/channels/${channelId}/members`, { userId: bob.user.id });
  });
  afterAll(() => server.stop());

  it('starts on polling and upgrades to websocket', async () => {
    const socket = alice.socket();
    const opened = new Promise<string>((resolve) =>
      socket.io.once('open', () => resolve(socket.io.engine.transport.name)),
    );
    const upgraded = new Promise<string>((resolve) =>
      socket.io.once('open', () =>
        socket.io.engine.once('upgrade', (t: { name: string }) => resolve(t.name)),
      ),
    );
    await connected(socket);
    expect(await opened).toBe('polling');
    expect(await upgraded).toBe('websocket');
    expect(socket.io.engine.transport.name).toBe('websocket');
    socket.close();
  });

  it('refuses a handshake without a session', async () => {
    const anon = new (alice.constructor as typeof ApiClient)(server.url);
    await expect(connected(anon.socket())).rejects.toThrow('unauthenticated');
  });

  it('refuses a handshake from an origin not on the list', async () => {
    await expect(connected(alice.socket({ origin: 'http://evil.example' }))).rejects.toThrow();
  });

  it('delivers a message to members, with its seq, and not to others', async () => {
    const bobSocket = bob.socket();
    const eveSocket = eve.socket();
    await Promise.all([connected(bobSocket), connected(eveSocket)]);
    let eveGot = 0;
    eveSocket.onAny((event: string) => event.startsWith('message:') && eveGot++);
    const received = nextEvent(bobSocket, 'message:created', (e) => e.message.body === 'hi bob');
    const { message } = (
      await alice.post(`/channels/${channelId}/messages`, { clientId: clientId(), body: 'hi bob' })
    ).body;
    const event = await received;
    expect(event).toMatchObject({ channelId, seq: message.seq, message: { id: message.id, body: 'hi bob' } });
    await new Promise((r) => setTimeout(r, 200));
    expect(eveGot).toBe(0);
    bobSocket.close();
    eveSocket.close();
  });

  it('joins a newly added member live, and stops a removed one', async () => {
    const { channel } = (await alice.post('/channels', { name: 'rooms', kind: 'private' })).body;
    const eveSocket = eve.socket();
    await connected(eveSocket);
    const added = nextEvent(eveSocket, 'channel:updated', (e) => e.channelId === channel.id);
    await alice.post(`/channels/${channel.id}/members`, { userId: eve.user.id });
    expect((await added).channel.membership).not.toBeNull();
    try {
      // By body: the "added" system line is a message:created too, and may reach her after the update.
      const live = nextEvent(eveSocket, 'message:created', (e) => e.message.body === 'welcome');
      await alice.post(`/channels/${channel.id}/messages`, { clientId: clientId(), body: 'welcome' });
      expect((await live).message.channelId).toBe(channel.id);
      const removed = nextEvent(eveSocket, 'channel:removed');
      await alice.delete(`/channels/${channel.id}/members/${eve.user.id}`);
      expect(await removed).toMatchObject({ channelId: channel.id, reason: 'removed' });
      let leaked = false;
      eveSocket.on('message:created', (e) => (leaked ||= e.message.body === 'after removal'));
      await alice.post(`/channels/${channel.id}/messages`, { clientId: clientId(), body: 'after removal' });
      await new Promise((r) => setTimeout(r, 200));
      expect(leaked).toBe(false);
    } finally {
      // Left open, her socket would keep her online for the presence test.
      eveSocket.close();
    }
  });

  it('relays typing to other members and rejects typing in a channel one is not in', async () => {
    const a = alice.socket();
    const b = bob.socket();
    const e = eve.socket();
    await Promise.all([connected(a), connected(b), connected(e)]);
    const typing = nextEvent(b, 'typing:started');
    const ack = await a.timeout(5000).emitWithAck('typing:start', { channelId });
    expect(ack).toEqual({ ok: true });
    expect(await typing).toEqual({ channelId, userId: alice.user.id });
    const denied = await e.timeout(5000).emitWithAck('typing:start', { channelId });
    expect(denied).toMatchObject({ error: { code: 'not_a_member' } });
    const bad = await e
      .timeout(5000)
      .emitWithAck('typing:start', { channelId: 'nope', extra: true } as never);
    expect(bad).toMatchObject({ error: { code: 'validation_failed' } });
    [a, b, e].forEach((s) => s.close());
  });

  it('announces presence online, away and offline', async () => {
    const watcher = alice.socket();
    await connected(watcher);
    // Sockets closed by earlier tests may still be disconnecting on the server.
    await waitFor(async () => !(await alice.get('/presence')).body.presence[eve.user.id]);
    const online = nextEvent(
      watcher,
      'presence:changed',
      (e) => e.userId === eve.user.id && e.status === 'online',
    );
    const e = eve.socket();
    await connected(e);
    await online;
    expect((await alice.get('/presence')).body.presence[eve.user.id]).toBe('online');
    const away = nextEvent(
      watcher,
      'presence:changed',
      (ev) => ev.userId === eve.user.id && ev.status === 'away',
    );
    await e.timeout(5000).emitWithAck('presence:set', { status: 'away' });
    await away;
    const offline = nextEvent(
      watcher,
      'presence:changed',
      (ev) => ev.userId === eve.user.id && ev.status === 'offline',
    );
    e.close();
    await offline;
    watcher.close();
  });

  it('catches up after a disconnect with nothing lost and nothing doubled', async () => {
    const seen = new Map<string, number>();
    let lastSeq = (await bob.get(`/channels/${channelId}`)).body.channel.lastSeq;
    const track = (m: { id: string; seq: number }) => {
      seen.set(m.id, (seen.get(m.id) ?? 0) + 1);
      lastSeq = Math.max(lastSeq, m.seq);
    };
    const first = bob.socket();
    await connected(first);
    first.on('message:created', (e) => track(e.message));
    const sent: string[] = [];
    const send = async (body: string) => {
      const { message } = (
        await alice.post(`/channels/${channelId}/messages`, { clientId: clientId(), body })
      ).body;
      sent.push(message.id);
    };
    for (let i = 0; i < 5; i++) await send(`live ${i}`);
    await new Promise((r) => setTimeout(r, 200));
    first.close();
    for (let i = 0; i < 7; i++) await send(`missed ${i}`);
    const second = bob.socket();
    second.on('message:created', (e) => track(e.message));
    await connected(second);
    let after = lastSeq;
    for (;;) {
      const page = (await bob.get(`/channels/${channelId}/messages?after=${after}&limit=3`)).body;
      page.messages.forEach(track);
      after = page.messages.at(-1)?.seq ?? after;
      if (!page.hasMore) break;
    }
    for (let i = 0; i < 3; i++) await send(`after ${i}`);
    await new Promise((r) => setTimeout(r, 300));
    // The client merges by id; here every id must have been seen, each at least once and the live ones once.
    expect(sent.every((id) => seen.has(id))).toBe(true);
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
    second.close();
  });
});

describe('a custom SOCKET_PATH', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ SOCKET_PATH: '/rt' });
  });
  afterAll(() => server.stop());

  it('serves the socket there, shows it in /config.json, and not at the default path', async () => {
    const user = await signUp(server.url);
    const config = (await (await fetch(`${server.url}/config.json`)).json()) as { socketPath: string };
    expect(config.socketPath).toBe('/rt');
    const ok = user.socket({ path: '/rt' });
    await connected(ok);
    ok.close();
    await expect(connected(user.socket({ path: '/socket.io' }))).rejects.toThrow();
  });
});
