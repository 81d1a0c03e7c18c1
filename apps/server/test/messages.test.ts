import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, clientId, signUp } from './support/client.js';
import { backendsToTest } from './support/backends.js';
import { startServer, type TestServer } from './support/server.js';

describe.each(await backendsToTest())('messages on %s', (backend) => {
  let server: TestServer;
  let alice: ApiClient;
  let bob: ApiClient;
  let channelId: string;
  beforeAll(async () => {
    server = await startServer({}, backend);
    alice = await signUp(server.url, 'alice');
    bob = await signUp(server.url, 'bob');
    channelId = (await alice.post('/channels', { name: 'talk', kind: 'public' })).body.channel.id;
    await bob.post(`/channels/${channelId}/join`);
  });
  afterAll(() => server.stop());

  it('returns the first message for a repeated clientId, with 200 instead of 201', async () => {
    const id = clientId();
    const first = await alice.post(`/channels/${channelId}/messages`, { clientId: id, body: 'once' });
    const second = await alice.post(`/channels/${channelId}/messages`, { clientId: id, body: 'once' });
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.body.message).toEqual(first.body.message);
    const all = (await alice.get(`/channels/${channelId}/messages?limit=200`)).body.messages;
    expect(all.filter((m: { clientId: string }) => m.clientId === id)).toHaveLength(1);
  });

  it('gives concurrent sends strictly increasing seqs with no gaps and concurrent retries one message', async () => {
    const before = (await alice.get(`/channels/${channelId}`)).body.channel.lastSeq;
    const ids = Array.from({ length: 20 }, () => clientId());
    const sends = [...ids, ...ids.slice(0, 5)].map((id, i) =>
      (i % 2 ? alice : bob).post(`/channels/${channelId}/messages`, { clientId: id, body: `n${i}` }),
    );
    const results = await Promise.all(sends);
    expect(results.every((r) => r.status === 200 || r.status === 201)).toBe(true);
    const page = (await alice.get(`/channels/${channelId}/messages?after=${before}&limit=200`)).body.messages;
    const seqs = page.map((m: { seq: number }) => m.seq);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => before + 1 + i));
    expect(new Set(page.map((m: { id: string }) => m.id)).size).toBe(page.length);
  });

  it('pages history with before and after', async () => {
    const { body } = await alice.post('/channels', { name: 'history', kind: 'public' });
    const id = body.channel.id;
    for (let i = 1; i <= 7; i++)
      await alice.post(`/channels/${id}/messages`, { clientId: clientId(), body: `h${i}` });
    const newest = await alice.get(`/channels/${id}/messages?limit=3`);
    expect(newest.body.messages.map((m: { seq: number }) => m.seq)).toEqual([5, 6, 7]);
    expect(newest.body.hasMore).toBe(true);
    const older = await alice.get(`/channels/${id}/messages?before=5&limit=3`);
    expect(older.body.messages.map((m: { seq: number }) => m.seq)).toEqual([2, 3, 4]);
    const after = await alice.get(`/channels/${id}/messages?after=5&limit=10`);
    expect(after.body.messages.map((m: { seq: number }) => m.seq)).toEqual([6, 7]);
    expect(after.body.hasMore).toBe(false);
  });

  describe('history around a seq, for message links and the first unread', () => {
    let id: string;
    const seqs = (res: { body: { messages: { seq: number }[] } }) => res.body.messages.map((m) => m.seq);
    beforeAll(async () => {
      id = (await alice.post('/channels', { name: 'around', kind: 'public' })).body.channel.id;
      for (let i = 1; i <= 9; i++)
        await alice.post(`/channels/${id}/messages`, { clientId: clientId(), body: `a${i}` });
    });

    it('centres the page on the seq and says that older and newer messages exist', async () => {
      const res = await alice.get(`/channels/${id}/messages?around=5&limit=4`);
      expect(res.status).toBe(200);
      expect(seqs(res)).toEqual([3, 4, 5, 6]);
      expect(res.body).toMatchObject({ hasMore: true, hasMoreAfter: true });
    });

    it('fills from the other side near either end of the channel', async () => {
      const start = await alice.get(`/channels/${id}/messages?around=1&limit=4`);
      expect(seqs(start)).toEqual([1, 2, 3, 4]);
      expect(start.body).toMatchObject({ hasMore: false, hasMoreAfter: true });
      const end = await alice.get(`/channels/${id}/messages?around=9&limit=4`);
      expect(seqs(end)).toEqual([6, 7, 8, 9]);
      expect(end.body).toMatchObject({ hasMore: true, hasMoreAfter: false });
      const past = await alice.get(`/channels/${id}/messages?around=50&limit=4`);
      expect(seqs(past)).toEqual([6, 7, 8, 9]);
      expect(past.body.hasMoreAfter).toBe(false);
    });

    it('leaves out thread-only replies, as the channel does', async () => {
      const root = (await alice.get(`/channels/${id}/messages?around=9&limit=1`)).body.messages[0];
      const reply = await alice.post(`/channels/${id}/messages`, {
        clientId: clientId(),
        body: 'in the thread only',
        threadRootId: root.id,
      });
      const res = await alice.get(`/channels/${id}/messages?around=${reply.body.message.seq}&limit=10`);
      expect(seqs(res)).not.toContain(reply.body.message.seq);
      expect(res.body.hasMoreAfter).toBe(false);
    });

    it('answers 404 to someone who may not see the channel', async () => {
      const { body } = await alice.post('/channels', { name: 'around-private', kind: 'private' });
      const res = await bob.get(`/channels/${body.channel.id}/messages?around=1`);
      expect(res.status).toBe(404);
    });

    it.each([
      ['with before', 'around=3&before=5'],
      ['with after', 'around=3&after=1'],
      ['negative', 'around=-1'],
      ['2^31 or more', 'around=2147483648'],
      ['not a number', 'around=abc'],
      ['a NUL', 'around=%00'],
    ])('rejects around %s with 400 validation_failed', async (_, query) => {
      const res = await alice.get(`/channels/${id}/messages?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    });
  });

  it('lets the author edit, but not another user', async () => {
    const { message } = (
      await alice.post(`/channels/${channelId}/messages`, { clientId: clientId(), body: 'draft' })
    ).body;
    const denied = await bob.patch(`/messages/${message.id}`, { body: 'hijacked' });
    expect(denied.status).toBe(403);
    const edited = await alice.patch(`/messages/${message.id}`, { body: 'final' });
    expect(edited.body.message.body).toBe('final');
    expect(edited.body.message.editedAt).not.toBeNull();
    expect(edited.body.message.seq).toBe(message.seq);
  });

  it('deletes as a tombstone that keeps its seq', async () => {
    const { message } = (
      await alice.post(`/channels/${channelId}/messages`, { clientId: clientId(), body: 'oops' })
    ).body;
    expect((await bob.delete(`/messages/${message.id}`)).status).toBe(403);
    const res = await alice.delete(`/messages/${message.id}`);
    expect(res.body.message).toMatchObject({ id: message.id, seq: message.seq, body: null });
    expect(res.body.message.deletedAt).not.toBeNull();
    expect((await alice.patch(`/messages/${message.id}`, { body: 'back' })).status).toBe(404);
  });

  it('hides messages of a private channel from non-members when edited or deleted by id', async () => {
    const { channel } = (await alice.post('/channels', { name: 'private-msgs', kind: 'private' })).body;
    const { message } = (
      await alice.post(`/channels/${channel.id}/messages`, { clientId: clientId(), body: 'mine' })
    ).body;
    expect((await bob.patch(`/messages/${message.id}`, { body: 'x' })).body.error.code).toBe(
      'message_not_found',
    );
    expect((await bob.delete(`/messages/${message.id}`)).body.error.code).toBe('message_not_found');
  });

  it('rejects plaintext in an encrypted channel', async () => {
    const { channel } = (await alice.post('/channels', { name: 'vault', kind: 'private', encrypted: true }))
      .body;
    const res = await alice.post(`/channels/${channel.id}/messages`, { clientId: clientId(), body: 'plain' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('encrypted_body_required');
    expect((await alice.get(`/channels/${channel.id}/messages`)).body.messages).toHaveLength(0);
  });
  describe('a send the one-statement path refuses gets its precise error, and changes nothing', () => {
    const lastSeq = async (id: string) => (await alice.get(`/channels/${id}`)).body.channel.lastSeq;
    const send = (who: ApiClient, id: string, extra: object = {}) =>
      who.post(`/channels/${id}/messages`, { clientId: clientId(), body: 'hi', ...extra });

    it('stores a thread reply whose root is in the channel, and refuses a root from another channel', async () => {
      const root = (await send(alice, channelId)).body.message;
      const reply = await send(bob, channelId, { threadRootId: root.id });
      expect(reply.status).toBe(201);
      expect(reply.body.message.threadRootId).toBe(root.id);
      const other = (await alice.post('/channels', { name: 'elsewhere', kind: 'public' })).body.channel.id;
      const before = await lastSeq(other);
      const refused = await send(alice, other, { threadRootId: root.id });
      expect(refused.body.error.code).toBe('message_not_found');
      expect(await lastSeq(other)).toBe(before);
    });

    it('refuses a non-member of a public channel without taking a seq', async () => {
      const open = (await alice.post('/channels', { name: 'open-door', kind: 'public' })).body.channel.id;
      const refused = await send(bob, open);
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('not_a_member');
      expect(await lastSeq(open)).toBe(0);
    });

    it('refuses an archived channel, yet answers a retry of a message stored before it was archived', async () => {
      const old = (await alice.post('/channels', { name: 'shelved', kind: 'public' })).body.channel.id;
      const id = clientId();
      const first = await alice.post(`/channels/${old}/messages`, { clientId: id, body: 'before' });
      await alice.patch(`/channels/${old}`, { archived: true });
      expect((await send(alice, old)).body.error.code).toBe('channel_archived');
      const retry = await alice.post(`/channels/${old}/messages`, { clientId: id, body: 'before' });
      expect(retry.status).toBe(200);
      expect(retry.body.message).toEqual(first.body.message);
      // Seq 2 is the line saying the channel was archived; the refused send and the retry took none.
      expect(await lastSeq(old)).toBe(2);
    });

    it('answers conflict for a clientId already used in another channel', async () => {
      const id = clientId();
      await alice.post(`/channels/${channelId}/messages`, { clientId: id, body: 'here' });
      const other = (await alice.post('/channels', { name: 'twice', kind: 'public' })).body.channel.id;
      const res = await alice.post(`/channels/${other}/messages`, { clientId: id, body: 'there' });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('conflict');
      expect(await lastSeq(other)).toBe(0);
    });
  });
});
