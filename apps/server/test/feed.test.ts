import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, clientId, connected, nextEvent, signUp } from './support/client.js';
import { backendsToTest } from './support/backends.js';
import { startServer, type TestServer } from './support/server.js';
import { sql } from 'drizzle-orm';
import { pruneFeed } from '../src/features/feed/feed.service.js';

/** Everything since a cursor, every page. */
async function syncAll(client: ApiClient, since: string) {
  const changes: any[] = [];
  let cursor = since;
  for (;;) {
    const res = await client.get(`/sync?since=${cursor}`);
    expect(res.status).toBe(200);
    changes.push(...res.body.changes);
    cursor = res.body.cursor;
    if (!res.body.more) return { changes, cursor };
  }
}

const cursorOf = async (client: ApiClient) => (await client.get('/sync')).body.cursor as string;
const kinds = (changes: any[]) => changes.map((c) => c.type);

describe.each(await backendsToTest())('GET /sync on %s', (backend) => {
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
    channelId = (await alice.post('/channels', { name: 'sync', kind: 'private' })).body.channel.id;
    await alice.post(`/channels/${channelId}/members`, { userId: bob.user.id });
  });
  afterAll(() => server.stop());

  const send = (client: ApiClient, body: string, extra: Record<string, unknown> = {}) =>
    client.post(`/channels/${channelId}/messages`, { clientId: clientId(), body, ...extra });

  it('answers the current cursor and no changes without since', async () => {
    const res = await bob.get('/sync');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ changes: [], more: false });
    expect(res.body.cursor).toMatch(/^\d+\.\d+$/);
  });

  it('replays every kind of change since a cursor, each with the current state, in order', async () => {
    const since = await cursorOf(bob);
    const first = (await send(alice, 'first')).body.message;
    const second = (await send(alice, 'second')).body.message;
    await alice.patch(`/messages/${first.id}`, { body: 'first, edited' });
    await alice.delete(`/messages/${second.id}`);
    await alice.request('PUT', `/messages/${first.id}/reactions/${encodeURIComponent('👍')}`);
    const reply = (await send(alice, 'in the thread', { threadRootId: first.id })).body.message;
    await alice.patch(`/channels/${channelId}`, { topic: 'new topic' });
    await alice.patch(`/channels/${channelId}`, { name: 'sync-renamed' });
    await alice.post(`/channels/${channelId}/members`, { userId: eve.user.id });
    await alice.delete(`/channels/${channelId}/members/${eve.user.id}`);
    await alice.patch('/users/me', { displayName: 'Alice A.' });
    await bob.post(`/channels/${channelId}/read`, { seq: reply.seq });
    await alice.patch(`/channels/${channelId}`, { archived: true });
    await alice.patch(`/channels/${channelId}`, { archived: false });

    const { changes } = await syncAll(bob, since);
    expect(kinds(changes)).toEqual(
      expect.arrayContaining([
        'message:created',
        'message:updated',
        'message:deleted',
        'reaction:changed',
        'channel:updated',
        'member:joined',
        'member:left',
        'user:updated',
        'read:updated',
      ]),
    );
    const edited = changes.find((c) => c.type === 'message:updated' && c.payload.message.id === first.id);
    // The current state: edited, with its reaction and its reply count.
    expect(edited.payload.message).toMatchObject({ body: 'first, edited', replyCount: 1 });
    expect(edited.payload.message.reactions).toEqual([{ emoji: '👍', count: 1, userIds: [alice.user.id] }]);
    const deleted = changes.find((c) => c.type === 'message:deleted');
    expect(deleted.payload.message).toMatchObject({ id: second.id, body: null });
    expect(deleted.payload.message.deletedAt).not.toBeNull();
    const channel = changes.filter((c) => c.type === 'channel:updated').at(-1);
    expect(channel.payload.channel).toMatchObject({
      name: 'sync-renamed',
      topic: 'new topic',
      archivedAt: null,
    });
    expect(changes.find((c) => c.type === 'user:updated').payload.user.displayName).toBe('Alice A.');
    expect(changes.find((c) => c.type === 'read:updated').payload).toMatchObject({ channelId, unread: 0 });
    // Bob follows no thread: the thread change is Alice's own, not his.
    expect(changes.filter((c) => c.type === 'thread:updated')).toEqual([]);
    const cursors = changes.map((c) => c.payload.cursor);
    expect([...cursors].sort(compare)).toEqual(cursors);
  });

  it('gives a removed member the removal and nothing of the channel after it', async () => {
    const room = (await alice.post('/channels', { name: 'leaving', kind: 'private' })).body.channel.id;
    await alice.post(`/channels/${room}/members`, { userId: eve.user.id });
    const since = await cursorOf(eve);
    await alice.post(`/channels/${room}/messages`, { clientId: clientId(), body: 'before' });
    await alice.delete(`/channels/${room}/members/${eve.user.id}`);
    await alice.post(`/channels/${room}/messages`, { clientId: clientId(), body: 'secret after' });
    const { changes } = await syncAll(eve, since);
    const removal = changes.find((c) => c.type === 'channel:removed');
    expect(removal.payload).toMatchObject({ channelId: room, reason: 'removed' });
    expect(JSON.stringify(changes)).not.toContain('secret after');
  });

  it('shows no one a change in a channel they are not in', async () => {
    const since = await cursorOf(eve);
    await send(alice, 'private words');
    const { changes } = await syncAll(eve, since);
    expect(JSON.stringify(changes)).not.toContain('private words');
  });

  it('answers up to 1,000 changes in one request, then pages with more and a cursor that resumes exactly', async () => {
    const since = await cursorOf(bob);
    for (let i = 0; i < 1_000; i += 25)
      await Promise.all(Array.from({ length: 25 }, (_, j) => send(alice, `page ${i + j}`)));
    const one = await bob.get(`/sync?since=${since}`);
    expect(one.body.changes).toHaveLength(1_000);
    // Exactly a page's worth: no second, empty request.
    expect(one.body.more).toBe(false);
    await send(alice, 'page 1000');
    const two = await bob.get(`/sync?since=${since}`);
    expect(two.body.changes).toHaveLength(1_000);
    expect(two.body.more).toBe(true);
    const rest = await bob.get(`/sync?since=${two.body.cursor}`);
    expect(rest.body.changes.map((c: any) => c.payload.message.body)).toEqual(['page 1000']);
    expect(rest.body.more).toBe(false);
    const { changes } = await syncAll(bob, since);
    const bodies = new Set(changes.map((c) => c.payload.message.body));
    expect(bodies.size).toBe(1_001);
  });

  it('answers 409 cursor_expired past what the feed keeps, and for a cursor from another database', async () => {
    const old = await cursorOf(bob);
    await send(alice, 'soon pruned');
    await pruneFeed(server.parley.ctx.db, new Date(Date.now() + 60_000));
    const res = await bob.get(`/sync?since=${old}`);
    expect(res.status, JSON.stringify({ old, body: res.body, floor: await floorOf(server) })).toBe(409);
    expect(res.body.error.code).toBe('cursor_expired');
    const future = await bob.get('/sync?since=999999999999.1');
    expect(future.body.error.code).toBe('cursor_expired');
    const fresh = await cursorOf(bob);
    expect((await bob.get(`/sync?since=${fresh}`)).status).toBe(200);
  });

  it.each([
    'abc',
    '1',
    '1.2.3',
    '-1.0',
    '1.99999999999999999999',
    '1.9999999999999999999',
    'a\u0000b',
    '%ED%A0%80',
  ])('refuses the cursor %j with 400', async (bad) => {
    const res = await bob.get(`/sync?since=${encodeURIComponent(bad)}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
  });

  it('gives every socket event a cursor that resumes without missing anything', async () => {
    const socket = bob.socket();
    await connected(socket);
    const event = nextEvent(socket, 'message:created', (e) => e.message.body === 'resume here');
    await send(alice, 'resume here');
    const { cursor } = await event;
    expect(cursor).toMatch(/^\d+\.\d+$/);
    socket.close();
    await send(alice, 'while away');
    const { changes } = await syncAll(bob, cursor);
    const bodies = changes.filter((c) => c.type === 'message:created').map((c) => c.payload.message.body);
    expect(bodies).toEqual(['while away']);
  });
});

async function floorOf(server: TestServer) {
  const { rows } = (await server.parley.ctx.db.execute(
    sql`select value from settings where key = 'feed_floor'`,
  )) as unknown as { rows: unknown[] };
  return rows;
}

function compare(a: string, b: string): number {
  const [ta, ia] = a.split('.').map(BigInt) as [bigint, bigint];
  const [tb, ib] = b.split('.').map(BigInt) as [bigint, bigint];
  return ta !== tb ? (ta < tb ? -1 : 1) : ia === ib ? 0 : ia < ib ? -1 : 1;
}
