import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, clientId, connected, nextEvent, signUp } from './support/client.js';
import { backendsToTest } from './support/backends.js';
import { startServer, type TestServer } from './support/server.js';

describe.each(await backendsToTest())('system lines on %s', (backend) => {
  let server: TestServer;
  let alice: ApiClient;
  let bob: ApiClient;
  let carol: ApiClient;
  beforeAll(async () => {
    server = await startServer({ RATE_LIMITS: 'off' }, backend);
    alice = await signUp(server.url, 'alice');
    bob = await signUp(server.url, 'bob');
    carol = await signUp(server.url, 'carol');
  });
  afterAll(() => server.stop());

  const history = async (client: ApiClient, channelId: string) =>
    (await client.get(`/channels/${channelId}/messages?limit=200`)).body.messages as any[];
  const systemOf = (messages: any[]) =>
    messages.filter((m) => m.system).map((m) => ({ authorId: m.authorId, ...m.system }));
  const channelOf = async (client: ApiClient, channelId: string) =>
    (await client.get(`/channels/${channelId}`)).body.channel;
  const send = async (client: ApiClient, channelId: string, body: string) =>
    (await client.post(`/channels/${channelId}/messages`, { clientId: clientId(), body })).body.message;

  it('writes a line for each join, leave, add, remove, topic, rename, archive and unarchive, in seq order', async () => {
    const id = (await alice.post('/channels', { name: 'design', kind: 'public' })).body.channel.id;
    await bob.post(`/channels/${id}/join`);
    await alice.post(`/channels/${id}/members`, { userId: carol.user.id });
    await alice.patch(`/channels/${id}`, { topic: 'Pixels and type' });
    await alice.patch(`/channels/${id}`, { name: 'design-team' });
    await alice.request('DELETE', `/channels/${id}/members/${carol.user.id}`);
    await bob.post(`/channels/${id}/leave`);
    await alice.patch(`/channels/${id}`, { archived: true });
    await alice.patch(`/channels/${id}`, { archived: false });
    // What changes nothing says nothing.
    await alice.patch(`/channels/${id}`, { topic: 'Pixels and type', name: 'design-team' });
    const messages = await history(alice, id);
    expect(systemOf(messages)).toEqual([
      { authorId: bob.user.id, type: 'joined' },
      { authorId: alice.user.id, type: 'added', userId: carol.user.id },
      { authorId: alice.user.id, type: 'topic', topic: 'Pixels and type' },
      { authorId: alice.user.id, type: 'renamed', from: 'design', to: 'design-team' },
      { authorId: alice.user.id, type: 'removed', userId: carol.user.id },
      { authorId: bob.user.id, type: 'left' },
      { authorId: alice.user.id, type: 'archived' },
      { authorId: alice.user.id, type: 'unarchived' },
    ]);
    expect(messages.map((m) => m.seq)).toEqual(messages.map((_, i) => i + 1));
    expect(messages.every((m) => m.body === null && m.encrypted === null)).toBe(true);
    expect((await channelOf(alice, id)).lastSeq).toBe(8);
  });

  it('says who joined #general at sign-up, and nothing in DMs or group DMs', async () => {
    const general = (await alice.get('/channels')).body.channels.find((c: any) => c.name === 'general');
    const dave = await signUp(server.url, 'dave');
    const lines = systemOf(await history(alice, general.id));
    expect(lines.at(-1)).toEqual({ authorId: dave.user.id, type: 'joined' });
    const group = (await alice.post('/dms', { userIds: [bob.user.id, carol.user.id] })).body.channel;
    await carol.post(`/channels/${group.id}/leave`);
    await carol.post('/dms', { userIds: [alice.user.id, bob.user.id] });
    const dm = (await alice.post('/dms', { userId: bob.user.id })).body.channel;
    expect(systemOf(await history(alice, group.id))).toEqual([]);
    expect(systemOf(await history(alice, dm.id))).toEqual([]);
  });

  it('never counts a line as unread or as a mention, and marking read still works past it', async () => {
    const id = (await alice.post('/channels', { name: 'quiet', kind: 'public' })).body.channel.id;
    await bob.post(`/channels/${id}/join`);
    const before = (await channelOf(bob, id)).membership;
    await alice.patch(`/channels/${id}`, { topic: '@bob @channel look here' });
    await carol.post(`/channels/${id}/join`);
    await carol.post(`/channels/${id}/leave`);
    const after = await channelOf(bob, id);
    expect(after.membership).toMatchObject({ unread: 0, mentions: 0, lastReadSeq: before.lastReadSeq });
    expect(after.lastSeq).toBeGreaterThan(before.lastReadSeq);
    const listed = (await bob.get('/channels')).body.channels.find((c: any) => c.id === id);
    expect(listed.membership).toMatchObject({ unread: 0, mentions: 0 });
    // A real message among them counts once.
    await send(alice, id, 'hello @bob');
    expect((await channelOf(bob, id)).membership).toMatchObject({ unread: 1, mentions: 1 });
    const read = await bob.post(`/channels/${id}/read`, { seq: after.lastSeq });
    expect(read.body.read).toMatchObject({ unread: 1, mentions: 1 });
    expect((await bob.get('/mentions')).body.messages.filter((m: any) => m.system)).toEqual([]);
  });

  it('refuses to edit, delete, react to, reply to, pin, save or follow a line, and nothing changes', async () => {
    const id = (await alice.post('/channels', { name: 'refusals', kind: 'public' })).body.channel.id;
    await bob.post(`/channels/${id}/join`);
    const [line] = (await history(alice, id)).filter((m) => m.system);
    const lastSeq = (await channelOf(alice, id)).lastSeq;
    const attempts = [
      () => bob.patch(`/messages/${line.id}`, { body: 'edited' }),
      () => bob.request('DELETE', `/messages/${line.id}`),
      () => alice.request('DELETE', `/messages/${line.id}`),
      () => alice.request('PUT', `/messages/${line.id}/reactions/${encodeURIComponent('👍')}`),
      () =>
        alice.post(`/channels/${id}/messages`, { clientId: clientId(), body: 'hi', threadRootId: line.id }),
      () => alice.request('PUT', `/messages/${line.id}/pin`),
      () => alice.request('PUT', `/messages/${line.id}/save`),
      () => alice.request('PUT', `/messages/${line.id}/follow`),
    ];
    for (const attempt of attempts) {
      const res = await attempt();
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('system_message');
    }
    const [unchanged] = (await history(alice, id)).filter((m) => m.system);
    expect(unchanged).toEqual(line);
    expect((await channelOf(alice, id)).lastSeq).toBe(lastSeq);
    expect((await alice.get('/saved')).body.saved).toEqual([]);
    expect((await alice.get(`/channels/${id}/pins`)).body.messages).toEqual([]);
  });

  it('delivers a line live as message:created and replays it through the sync feed like a fresh load', async () => {
    const id = (await alice.post('/channels', { name: 'live-lines', kind: 'public' })).body.channel.id;
    const since = (await alice.get('/sync')).body.cursor;
    const socket = alice.socket({ transports: ['websocket'] });
    await connected(socket);
    const live = nextEvent(socket, 'message:created', (e) => e.channelId === id);
    await bob.post(`/channels/${id}/join`);
    const event = await live;
    socket.close();
    expect(event.message.system).toEqual({ type: 'joined' });
    expect(event.message.authorId).toBe(bob.user.id);
    await alice.patch(`/channels/${id}`, { topic: 'Live' });
    const replay = (await alice.get(`/sync?since=${since}`)).body.changes
      .filter((c: any) => c.type === 'message:created' && c.payload.channelId === id)
      .map((c: any) => c.payload.message);
    expect(replay).toEqual(await history(alice, id));
    expect(replay.map((m: any) => m.system.type)).toEqual(['joined', 'topic']);
  });

  it('keeps lines out of search, even with only a filter', async () => {
    const id = (await alice.post('/channels', { name: 'searchable', kind: 'public' })).body.channel.id;
    await bob.post(`/channels/${id}/join`);
    await send(bob, id, 'a searchable word');
    const res = await alice.get(`/search?q=${encodeURIComponent('from:@bob in:#searchable')}`);
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: any) => r.message.body)).toEqual(['a searchable word']);
  });

  it('writes plain lines in an encrypted channel', async () => {
    const id = (await alice.post('/channels', { name: 'sealed', kind: 'private', encrypted: true })).body
      .channel.id;
    await alice.post(`/channels/${id}/members`, { userId: bob.user.id });
    await alice.patch(`/channels/${id}`, { topic: 'Known to the server anyway' });
    expect(systemOf(await history(bob, id))).toEqual([
      { authorId: alice.user.id, type: 'added', userId: bob.user.id },
      { authorId: alice.user.id, type: 'topic', topic: 'Known to the server anyway' },
    ]);
  });
});
