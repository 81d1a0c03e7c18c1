import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, clientId, connected, nextEvent, signUp, waitFor } from './support/client.js';
import { startServer, type TestServer } from './support/server.js';

const closed = (socket: Socket) =>
  new Promise<string>((resolve) => (socket.disconnected ? resolve('') : socket.once('disconnect', resolve)));

describe('realtime under abuse', () => {
  let server: TestServer;
  let alice: ApiClient;
  let bob: ApiClient;
  let general: string;
  const open: Socket[] = [];
  const socketOf = (client: ApiClient) => {
    const socket = client.socket({ transports: ['websocket'] });
    open.push(socket);
    return socket;
  };
  beforeAll(async () => {
    server = await startServer();
    alice = await signUp(server.url, 'alice');
    bob = await signUp(server.url, 'bob');
    general = (await alice.get('/channels')).body.channels[0].id;
  });
  afterAll(async () => {
    open.forEach((s) => s.close());
    await server.stop();
  });

  it('regression: typing:start in made-up channels is refused as not_a_member and relays nothing', async () => {
    const a = socketOf(alice);
    const b = socketOf(bob);
    await Promise.all([connected(a), connected(b)]);
    let relayed = 0;
    b.on('typing:started', () => relayed++);
    for (let i = 0; i < 20; i++) {
      const ack = await a.timeout(5000).emitWithAck('typing:start', { channelId: randomUUID() });
      expect(ack).toMatchObject({ error: { code: 'not_a_member' } });
    }
    const rooms = server.parley.io.of('/').adapter.rooms;
    expect([...rooms.keys()].filter((r) => r.startsWith('channel:')).length).toBe(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(relayed).toBe(0);
    a.close();
    b.close();
  });

  it('regression: a flood of events is answered rate_limited after a burst, then the socket is disconnected', async () => {
    const a = socketOf(alice);
    await connected(a);
    const acks = await Promise.all(
      Array.from({ length: 40 }, () => a.timeout(5000).emitWithAck('presence:set', { status: 'online' })),
    );
    expect(acks.slice(0, 30).every((ack) => 'ok' in ack)).toBe(true);
    expect(acks.slice(35)).toEqual(
      Array(5).fill({ error: { code: 'rate_limited', message: 'Too many events; slow down.' } }),
    );
    const gone = closed(a);
    for (let i = 0; i < 200 && a.connected; i++) a.emit('typing:start', { channelId: general });
    expect(await gone).toBe('io server disconnect');
    // An account that was cut off can come back at a normal pace.
    const again = socketOf(alice);
    await connected(again);
    expect(await again.timeout(5000).emitWithAck('typing:start', { channelId: general })).toEqual({
      ok: true,
    });
    again.close();
  });

  it('regression: one session holds at most 20 sockets, one account at most 50', async () => {
    const carol = await signUp(server.url, 'carol');
    const sockets = Array.from({ length: 20 }, () => socketOf(carol));
    await Promise.all(sockets.map(connected));
    await expect(connected(socketOf(carol))).rejects.toThrow('too_many_connections');
    sockets[0]!.close();
    await waitFor(async () => {
      const retry = socketOf(carol);
      return connected(retry).then(
        () => true,
        () => false,
      );
    });
    const sessions: ApiClient[] = [];
    for (let i = 0; i < 2; i++) {
      const other = new ApiClient(server.url);
      const login = await other.post('/auth/login', { username: 'carol', password: 'correct horse battery' });
      expect(login.status).toBe(200);
      sessions.push(other);
    }
    const more = [...Array.from({ length: 20 }, () => socketOf(sessions[0]!))];
    more.push(...Array.from({ length: 10 }, () => socketOf(sessions[1]!)));
    await Promise.all(more.map(connected));
    await expect(connected(socketOf(sessions[1]!))).rejects.toThrow('too_many_connections');
    [...sockets, ...more].forEach((s) => s.close());
  });

  it('regression: presence:set again and again reaches another member once per change, not once per event', async () => {
    const watcher = socketOf(bob);
    await connected(watcher);
    // Alice's sockets from the tests before must be gone and announced (GET /presence answers what
    // was): offline and online again within one gathering window is no change, and sends nothing.
    await waitFor(async () => (await bob.get('/presence')).body.presence[alice.user.id] === undefined);
    const a = socketOf(alice);
    await connected(a);
    await nextEvent(watcher, 'presence:changed', (e) => e.userId === alice.user.id);
    const seen: string[] = [];
    watcher.on('presence:changed', (e) => e.userId === alice.user.id && seen.push(e.status));
    // The same status again is no change.
    await a.timeout(5000).emitWithAck('presence:set', { status: 'online' });
    await new Promise((r) => setTimeout(r, 600));
    expect(seen).toEqual([]);
    // Twenty flips within one window end where they began, on away: one event.
    for (let i = 0; i < 21; i++)
      await a.timeout(5000).emitWithAck('presence:set', { status: i % 2 ? 'online' : 'away' });
    await waitFor(async () => seen.length > 0);
    await new Promise((r) => setTimeout(r, 600));
    expect(seen.length).toBeLessThanOrEqual(2);
    expect(seen.at(-1)).toBe('away');
    expect((await bob.get('/presence')).body.presence[alice.user.id]).toBe('away');
    a.close();
    watcher.close();
  });

  it('regression: a socket that stops reading is disconnected and the server lets its queued frames go', async () => {
    const { channel } = (await alice.post('/channels', { name: 'bulk', kind: 'public' })).body;
    const dave = await signUp(server.url, 'dave');
    await dave.post(`/channels/${channel.id}/join`);
    await bob.post(`/channels/${channel.id}/join`);
    const slow = socketOf(dave);
    const reader = socketOf(bob);
    await Promise.all([connected(slow), connected(reader)]);
    let read = 0;
    reader.on('message:created', () => read++);
    // The TCP socket under the WebSocket stops reading; kernel buffers fill, then the server's queue.
    const ws = (slow.io.engine.transport as unknown as { ws: { _socket: { pause(): void } } }).ws;
    ws._socket.pause();
    const body = 'x'.repeat(15_000);
    const daveOnServer = () =>
      [...server.parley.io.of('/').sockets.values()].filter((s) => s.data.user.id === dave.user.id);
    let sent = 0;
    while (daveOnServer().length > 0 && sent < 4_000) {
      await Promise.all(
        Array.from({ length: 10 }, () =>
          alice.post(`/channels/${channel.id}/messages`, { clientId: clientId(), body }),
        ),
      );
      sent += 10;
    }
    expect(daveOnServer()).toEqual([]);
    // Everyone else still gets every message.
    await waitFor(async () => read === sent, 10_000);
    expect(reader.connected).toBe(true);
  });
});
