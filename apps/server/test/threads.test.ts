import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, clientId, connected, nextEvent, signUp } from './support/client.js';
import { backendsToTest } from './support/backends.js';
import { startServer, type TestServer } from './support/server.js';

describe.each(await backendsToTest())('threads on %s', (backend) => {
  let server: TestServer;
  let alice: ApiClient;
  let bob: ApiClient;
  let carol: ApiClient;
  let eve: ApiClient;
  let channelId: string;
  beforeAll(async () => {
    server = await startServer({}, backend);
    alice = await signUp(server.url, 'alice');
    bob = await signUp(server.url, 'bob');
    carol = await signUp(server.url, 'carol');
    eve = await signUp(server.url, 'eve');
    channelId = (await alice.post('/channels', { name: 'threads', kind: 'private' })).body.channel.id;
    for (const c of [bob, carol]) await alice.post(`/channels/${channelId}/members`, { userId: c.user.id });
  });
  afterAll(() => server.stop());

  const send = async (client: ApiClient, body: string, extra: Record<string, unknown> = {}) => {
    const res = await client.post(`/channels/${channelId}/messages`, {
      clientId: clientId(),
      body,
      ...extra,
    });
    expect(res.status).toBe(201);
    return res.body.message;
  };
  const history = async (client: ApiClient) =>
    (await client.get(`/channels/${channelId}/messages`)).body.messages.map((m: any) => m.body);

  it('keeps replies out of the channel, counts them on the root, and answers the thread', async () => {
    const root = await send(alice, 'a question');
    const r1 = await send(bob, 'answer one', { threadRootId: root.id });
    await send(carol, 'answer two', { threadRootId: root.id });
    await send(bob, 'answer three', { threadRootId: root.id });
    expect(await history(alice)).not.toContain('answer one');
    const thread = await alice.get(`/messages/${root.id}/thread`);
    expect(thread.status).toBe(200);
    expect(thread.body.root).toMatchObject({ id: root.id, replyCount: 3 });
    expect(thread.body.root.replyUserIds).toEqual([bob.user.id, carol.user.id]);
    expect(thread.body.root.lastReplyAt).not.toBeNull();
    expect(thread.body.messages.map((m: any) => m.body)).toEqual([
      'answer one',
      'answer two',
      'answer three',
    ]);
    expect(thread.body.hasMore).toBe(false);
    // A permalink to a reply opens its thread.
    const byReply = await carol.get(`/messages/${r1.id}/thread`);
    expect(byReply.body.root.id).toBe(root.id);
    const after = await alice.get(`/messages/${root.id}/thread?after=${r1.seq}&limit=1`);
    expect(after.body.messages.map((m: any) => m.body)).toEqual(['answer two']);
    expect(after.body.hasMore).toBe(true);
    // Without a cursor a page holds the newest replies, oldest first; before= pages back.
    const newest = await alice.get(`/messages/${root.id}/thread?limit=2`);
    expect(newest.body.messages.map((m: any) => m.body)).toEqual(['answer two', 'answer three']);
    expect(newest.body.hasMore).toBe(true);
    const older = await alice.get(
      `/messages/${root.id}/thread?before=${newest.body.messages[0].seq}&limit=2`,
    );
    expect(older.body.messages.map((m: any) => m.body)).toEqual(['answer one']);
    expect(older.body.hasMore).toBe(false);
    expect((await alice.get(`/messages/${root.id}/thread?before=9&after=1`)).status).toBe(400);
  });

  it('does not count thread replies as channel unread', async () => {
    const root = await send(alice, 'unread check');
    const before = (await bob.get(`/channels/${channelId}`)).body.channel.membership.unread;
    await send(alice, 'reply only', { threadRootId: root.id });
    expect((await bob.get(`/channels/${channelId}`)).body.channel.membership.unread).toBe(before);
  });

  it('shows a reply also sent to the channel in both, marked as a reply', async () => {
    const root = await send(alice, 'announce');
    const reply = await send(bob, 'for everyone', { threadRootId: root.id, alsoInChannel: true });
    expect(reply.alsoInChannel).toBe(true);
    expect(await history(carol)).toContain('for everyone');
    const thread = await carol.get(`/messages/${root.id}/thread`);
    expect(thread.body.messages.map((m: any) => m.body)).toContain('for everyone');
  });

  it('makes the root author and repliers follow, counts their unread, and clears it when read', async () => {
    const root = await send(alice, 'follow me');
    const reply = await send(bob, 'bob replies', { threadRootId: root.id });
    const aliceThreads = (await alice.get('/threads')).body.threads;
    const mine = aliceThreads.find((t: any) => t.root.id === root.id);
    expect(mine.thread).toMatchObject({ following: true, unread: 1 });
    expect(aliceThreads[0].thread.unread).toBeGreaterThan(0);
    // The replier has read up to their own reply.
    const bobs = (await bob.get(`/messages/${root.id}/thread`)).body.thread;
    expect(bobs).toMatchObject({ following: true, unread: 0, lastReadSeq: reply.seq });
    const read = await alice.post(`/messages/${root.id}/thread/read`, { seq: reply.seq });
    expect(read.body.thread).toMatchObject({ following: true, unread: 0, lastReadSeq: reply.seq });
    const off = await alice.request('DELETE', `/messages/${root.id}/follow`);
    expect(off.body.thread.following).toBe(false);
    expect((await alice.get('/threads')).body.threads.some((t: any) => t.root.id === root.id)).toBe(false);
    await send(bob, 'again', { threadRootId: root.id });
    // Unfollowing holds after later replies; carol can follow a thread she never wrote in.
    expect((await alice.get(`/messages/${root.id}/thread`)).body.thread.following).toBe(false);
    expect((await carol.request('PUT', `/messages/${root.id}/follow`)).body.thread.following).toBe(true);
  });

  it('tells followers live, in every tab of theirs, and not others', async () => {
    const root = await send(alice, 'live thread');
    await send(bob, 'first', { threadRootId: root.id });
    const tab1 = alice.socket();
    const tab2 = alice.socket();
    const other = carol.socket();
    await Promise.all([connected(tab1), connected(tab2), connected(other)]);
    let carolGotState = false;
    other.on('thread:updated', (e: any) => e.thread.rootId === root.id && (carolGotState = true));
    const state = nextEvent(
      tab2,
      'thread:updated',
      (e) => e.thread.rootId === root.id && e.thread.unread === 2,
    );
    // The first reply's events may still be on their way to sockets that connected after it.
    const rootCount = nextEvent(
      tab1,
      'message:updated',
      (e) => e.message.id === root.id && e.message.replyCount === 2,
    );
    const reply = nextEvent(
      other,
      'message:created',
      (e) => e.message.threadRootId === root.id && e.message.body === 'second',
    );
    await send(bob, 'second', { threadRootId: root.id });
    expect((await rootCount).message.replyUserIds).toEqual([bob.user.id]);
    expect((await reply).message.body).toBe('second');
    await state;
    const cleared = nextEvent(
      tab2,
      'thread:updated',
      (e) => e.thread.rootId === root.id && e.thread.unread === 0,
    );
    await alice.post(`/messages/${root.id}/thread/read`, { seq: 1_000_000 });
    await cleared;
    expect(carolGotState).toBe(false);
    for (const s of [tab1, tab2, other]) s.close();
  });

  it('keeps a deleted root as a tombstone with its replies, and recounts after a deleted reply', async () => {
    const root = await send(alice, 'to be deleted');
    const r1 = await send(bob, 'stays', { threadRootId: root.id });
    const r2 = await send(carol, 'goes', { threadRootId: root.id });
    await carol.delete(`/messages/${r2.id}`);
    const thread = (await bob.get(`/messages/${root.id}/thread`)).body;
    expect(thread.root).toMatchObject({ replyCount: 1, replyUserIds: [bob.user.id] });
    await alice.delete(`/messages/${root.id}`);
    const after = (await bob.get(`/messages/${root.id}/thread`)).body;
    expect(after.root.deletedAt).not.toBeNull();
    expect(after.messages.find((m: any) => m.id === r1.id).body).toBe('stays');
  });

  it('refuses a reply to a reply, to a root in another channel, and threads to non-members', async () => {
    const root = await send(alice, 'root');
    const reply = await send(bob, 'reply', { threadRootId: root.id });
    const nested = await alice.post(`/channels/${channelId}/messages`, {
      clientId: clientId(),
      body: 'nested',
      threadRootId: reply.id,
    });
    expect(nested.status).toBe(400);
    const other = (await alice.post('/channels', { name: 'elsewhere', kind: 'public' })).body.channel.id;
    const cross = await alice.post(`/channels/${other}/messages`, {
      clientId: clientId(),
      body: 'cross',
      threadRootId: root.id,
    });
    expect(cross.body.error.code).toBe('message_not_found');
    expect((await eve.get(`/messages/${root.id}/thread`)).status).toBe(404);
    expect((await eve.request('PUT', `/messages/${root.id}/follow`)).status).toBe(404);
    expect((await eve.post(`/messages/${root.id}/thread/read`, { seq: 1 })).status).toBe(404);
    expect((await eve.get(`/messages/${root.id}`)).status).toBe(404);
    const alsoWithoutThread = await alice.post(`/channels/${channelId}/messages`, {
      clientId: clientId(),
      body: 'x',
      alsoInChannel: true,
    });
    expect(alsoWithoutThread.status).toBe(400);
  });

  it.each([
    ['after', '?after=-1'],
    ['after too large', '?after=2147483648'],
    ['limit', '?limit=0'],
    ['unknown field', '?x=1'],
  ])('refuses a bad thread query (%s) with 400', async (_name, query) => {
    const root = await send(alice, 'q');
    const res = await alice.get(`/messages/${root.id}/thread${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
  });
});
