import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, clientId, signUp } from './support/client.js';
import { backendsToTest } from './support/backends.js';
import { startServer, type TestServer } from './support/server.js';

describe.each(await backendsToTest())('channels and DMs on %s', (backend) => {
  let server: TestServer;
  let alice: ApiClient;
  let bob: ApiClient;
  let eve: ApiClient;
  beforeAll(async () => {
    server = await startServer({}, backend);
    alice = await signUp(server.url, 'alice');
    bob = await signUp(server.url, 'bob');
    eve = await signUp(server.url, 'eve');
  });
  afterAll(() => server.stop());

  const names = (res: { body: { channels: { name: string }[] } }) => res.body.channels.map((c) => c.name);

  it('creates a public channel others can browse and join', async () => {
    const res = await alice.post('/channels', { name: 'Design', kind: 'public', topic: 'Pixels' });
    expect(res.status).toBe(201);
    expect(res.body.channel).toMatchObject({ name: 'design', topic: 'Pixels', kind: 'public' });
    expect(res.body.channel.membership.role).toBe('admin');
    expect(names(await bob.get('/channels?scope=browse'))).toContain('design');
    const join = await bob.post(`/channels/${res.body.channel.id}/join`);
    expect(join.body.channel.membership.role).toBe('member');
    expect(names(await bob.get('/channels'))).toContain('design');
  });

  it('regression: a newcomer finds no unread history in #general, only what comes after joining', async () => {
    const general = (await alice.get('/channels')).body.channels.find((c: any) => c.name === 'general');
    for (const body of ['one', 'two', 'three'])
      await alice.post(`/channels/${general.id}/messages`, { clientId: clientId(), body });
    const newcomer = await signUp(server.url, 'newcomer');
    const unread = async () => (await newcomer.get(`/channels/${general.id}`)).body.channel.membership.unread;
    expect(await unread()).toBe(0);
    await alice.post(`/channels/${general.id}/messages`, { clientId: clientId(), body: 'welcome' });
    expect(await unread()).toBe(1);
  });

  it('refuses a duplicate channel name', async () => {
    await alice.post('/channels', { name: 'dupe', kind: 'public' });
    const res = await bob.post('/channels', { name: 'dupe', kind: 'private' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('channel_name_taken');
  });

  describe('a private channel', () => {
    let id: string;
    beforeAll(async () => {
      id = (await alice.post('/channels', { name: 'secret-plans', kind: 'private' })).body.channel.id;
      await alice.post(`/channels/${id}/messages`, { clientId: clientId(), body: 'the plan' });
    });

    it('is not listed, readable, joinable or postable by a non-member, and looks like it does not exist', async () => {
      expect(names(await eve.get('/channels?scope=browse'))).not.toContain('secret-plans');
      for (const res of [
        await eve.get(`/channels/${id}`),
        await eve.get(`/channels/${id}/messages`),
        await eve.get(`/channels/${id}/members`),
        await eve.post(`/channels/${id}/join`),
        await eve.post(`/channels/${id}/messages`, { clientId: clientId(), body: 'let me in' }),
        await eve.post(`/channels/${id}/members`, { userId: eve.user.id }),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body.error.code).toBe('channel_not_found');
      }
      expect((await alice.get(`/channels/${id}/messages`)).body.messages).toHaveLength(1);
    });

    it('lets its admin add a member, who then reads history', async () => {
      const res = await alice.post(`/channels/${id}/members`, { userId: bob.user.id });
      expect(res.status).toBe(201);
      expect((await bob.get(`/channels/${id}/messages`)).body.messages[0].body).toBe('the plan');
    });

    it('does not let a plain member add or remove others', async () => {
      expect((await bob.post(`/channels/${id}/members`, { userId: eve.user.id })).status).toBe(403);
      expect((await bob.delete(`/channels/${id}/members/${alice.user.id}`)).status).toBe(403);
    });

    it('lets its admin remove a member, who then cannot read it', async () => {
      expect((await alice.delete(`/channels/${id}/members/${bob.user.id}`)).status).toBe(204);
      expect((await bob.get(`/channels/${id}/messages`)).status).toBe(404);
    });
  });

  it('lets any member set the topic but only admins rename or archive', async () => {
    const { channel } = (await alice.post('/channels', { name: 'topics', kind: 'public' })).body;
    await bob.post(`/channels/${channel.id}/join`);
    expect((await bob.patch(`/channels/${channel.id}`, { topic: 'New topic' })).body.channel.topic).toBe(
      'New topic',
    );
    expect((await bob.patch(`/channels/${channel.id}`, { archived: true })).status).toBe(403);
    expect(
      (await alice.patch(`/channels/${channel.id}`, { archived: true })).body.channel.archivedAt,
    ).not.toBeNull();
    const post = await bob.post(`/channels/${channel.id}/messages`, {
      clientId: clientId(),
      body: 'too late',
    });
    expect(post.status).toBe(409);
    expect(post.body.error.code).toBe('channel_archived');
    expect(names(await bob.get('/channels?scope=browse'))).not.toContain('topics');
  });

  it('leaves a channel', async () => {
    const { channel } = (await alice.post('/channels', { name: 'leaving', kind: 'public' })).body;
    await bob.post(`/channels/${channel.id}/join`);
    expect((await bob.post(`/channels/${channel.id}/leave`)).status).toBe(204);
    expect(names(await bob.get('/channels'))).not.toContain('leaving');
  });

  it('opens one DM per pair, visible only to the pair', async () => {
    const first = await alice.post('/dms', { userId: bob.user.id });
    expect(first.status).toBe(201);
    expect(first.body.channel.kind).toBe('dm');
    expect(first.body.channel.dmUsers.map((u: { id: string }) => u.id)).toEqual([bob.user.id]);
    const again = await bob.post('/dms', { userId: alice.user.id });
    expect(again.status).toBe(200);
    expect(again.body.channel.id).toBe(first.body.channel.id);
    expect((await eve.get(`/channels/${first.body.channel.id}/messages`)).status).toBe(404);
  });

  it('counts unread messages and clears them on read', async () => {
    const { channel } = (await alice.post('/channels', { name: 'unread', kind: 'public' })).body;
    await bob.post(`/channels/${channel.id}/join`);
    // Bob's join is seq 1 (a system line, never unread); the messages follow it.
    const seqs: number[] = [];
    for (let i = 0; i < 3; i++)
      seqs.push(
        (await alice.post(`/channels/${channel.id}/messages`, { clientId: clientId(), body: `m${i}` })).body
          .message.seq,
      );
    const find = async (c: ApiClient) =>
      (await c.get('/channels')).body.channels.find((x: { id: string }) => x.id === channel.id).membership
        .unread;
    expect(await find(bob)).toBe(3);
    expect(await find(alice)).toBe(0);
    const read = await bob.post(`/channels/${channel.id}/read`, { seq: seqs[1] });
    expect(read.body.read).toEqual({ seq: seqs[1], unread: 1, mentions: 0, lastSeq: seqs[2] });
    await bob.post(`/channels/${channel.id}/read`, { seq: seqs[0] });
    expect(await find(bob)).toBe(1);
  });

  it('regression: keeps everyone in #general: it cannot be left, archived, renamed or emptied, even by the owner', async () => {
    const general = (await alice.get('/channels')).body.channels.find((c: any) => c.name === 'general');
    expect(general.isDefault).toBe(true);
    expect(alice.user.role).toBe('owner');
    for (const res of [
      await alice.post(`/channels/${general.id}/leave`),
      await alice.patch(`/channels/${general.id}`, { archived: true }),
      await alice.patch(`/channels/${general.id}`, { name: 'everyone' }),
      await alice.delete(`/channels/${general.id}/members/${bob.user.id}`),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
    }
    const after = (await alice.get(`/channels/${general.id}`)).body.channel;
    expect(after).toMatchObject({ name: 'general', archivedAt: null });
    expect((await alice.patch(`/channels/${general.id}`, { topic: 'still editable' })).status).toBe(200);
  });
});
