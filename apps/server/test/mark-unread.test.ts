import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, clientId, connected, nextEvent, signUp } from './support/client.js';
import { backendsToTest } from './support/backends.js';
import { startServer, type TestServer } from './support/server.js';

describe.each(await backendsToTest())('POST /channels/:id/unread on %s', (backend) => {
  let server: TestServer;
  let alice: ApiClient;
  let bob: ApiClient;
  let bobElsewhere: ApiClient;
  let eve: ApiClient;
  let channelId: string;
  const seqs: number[] = [];
  beforeAll(async () => {
    server = await startServer({}, backend);
    alice = await signUp(server.url, 'alice');
    bob = await signUp(server.url, 'bob');
    eve = await signUp(server.url, 'eve');
    bobElsewhere = new ApiClient(server.url);
    await bobElsewhere.post('/auth/login', { username: 'bob', password: 'correct horse battery' });
    channelId = (await alice.post('/channels', { name: 'unread', kind: 'private' })).body.channel.id;
    await alice.post(`/channels/${channelId}/members`, { userId: bob.user.id });
    for (const body of ['one', 'two @bob', 'three']) {
      const sent = await alice.post(`/channels/${channelId}/messages`, { clientId: clientId(), body });
      seqs.push(sent.body.message.seq);
    }
    await bob.post(`/channels/${channelId}/read`, { seq: seqs.at(-1) });
  });
  afterAll(() => server.stop());

  const membership = async (client: ApiClient) =>
    (await client.get('/channels')).body.channels.find((c: { id: string }) => c.id === channelId).membership;

  it('moves the read point back to just before the message, with its counts', async () => {
    const res = await bob.post(`/channels/${channelId}/unread`, { seq: seqs[1] });
    expect(res.status).toBe(200);
    expect(res.body.read).toEqual({ seq: seqs[0], unread: 2, mentions: 1, lastSeq: seqs.at(-1) });
    expect(await membership(bob)).toMatchObject({ lastReadSeq: seqs[0], unread: 2, mentions: 1 });
    // Reading again moves it forward as before.
    await bob.post(`/channels/${channelId}/read`, { seq: seqs.at(-1) });
    expect(await membership(bob)).toMatchObject({ lastReadSeq: seqs.at(-1), unread: 0 });
  });

  it("reaches the user's other sessions live and through the sync feed", async () => {
    const since = (await bobElsewhere.get('/sync')).body.cursor as string;
    const socket = bobElsewhere.socket();
    await connected(socket);
    // By seq: a read from before this session connected may still be on its way from the feed.
    const live = nextEvent(socket, 'read:updated', (e) => e.channelId === channelId && e.seq === seqs[1]);
    await bob.post(`/channels/${channelId}/unread`, { seq: seqs[2] });
    expect(await live).toMatchObject({
      channelId,
      seq: seqs[1],
      unread: 1,
      mentions: 0,
      lastSeq: seqs.at(-1),
    });
    socket.close();
    const { changes } = (await bobElsewhere.get(`/sync?since=${since}`)).body;
    expect(changes.filter((c: { type: string }) => c.type === 'read:updated')).toEqual([
      expect.objectContaining({ payload: expect.objectContaining({ channelId, seq: seqs[1], unread: 1 }) }),
    ]);
  });

  it('never moves the read point forward, nor past the newest message', async () => {
    await bob.post(`/channels/${channelId}/read`, { seq: seqs.at(-1) });
    const beyond = await bob.post(`/channels/${channelId}/unread`, { seq: seqs.at(-1)! + 50 });
    expect(beyond.body.read).toMatchObject({ seq: seqs.at(-1), unread: 0 });
    await bob.post(`/channels/${channelId}/unread`, { seq: seqs[1] });
    const later = await bob.post(`/channels/${channelId}/unread`, { seq: seqs[2] });
    expect(later.body.read).toMatchObject({ seq: seqs[0], unread: 2 });
  });

  it('is refused to someone outside the channel and changes nothing of anyone', async () => {
    const before = await membership(bob);
    const res = await eve.post(`/channels/${channelId}/unread`, { seq: seqs[0] });
    expect([403, 404]).toContain(res.status);
    expect(await membership(bob)).toEqual(before);
  });

  it.each([
    ['seq 0', { seq: 0 }],
    ['a fraction', { seq: 1.5 }],
    ['a huge number', { seq: 2 ** 53 }],
    ['a string', { seq: '1' }],
    ['a NUL key', { seq: 1, 'x\u0000': 1 }],
    ['nothing', {}],
  ])('refuses %s with 400 and changes nothing', async (_name, body) => {
    const before = await membership(bob);
    const res = await bob.post(`/channels/${channelId}/unread`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(await membership(bob)).toEqual(before);
  });
});
