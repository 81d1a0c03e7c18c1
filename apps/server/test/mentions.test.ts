import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, clientId, signUp } from './support/client.js';
import { backendsToTest } from './support/backends.js';
import { startServer, type TestServer } from './support/server.js';

describe.each(await backendsToTest())('mention counts and muting on %s', (backend) => {
  let server: TestServer;
  let alice: ApiClient;
  let bob: ApiClient;
  let dotted: ApiClient;
  let channelId: string;
  beforeAll(async () => {
    server = await startServer({ RATE_LIMITS: 'off' }, backend);
    alice = await signUp(server.url, 'alice');
    bob = await signUp(server.url, 'bob');
    dotted = await signUp(server.url, 'carol.d');
    channelId = (await alice.post('/channels', { name: 'mentions', kind: 'private' })).body.channel.id;
    for (const c of [bob, dotted]) await alice.post(`/channels/${channelId}/members`, { userId: c.user.id });
  });
  afterAll(() => server.stop());

  const send = async (body: string, extra: Record<string, unknown> = {}) =>
    (await alice.post(`/channels/${channelId}/messages`, { clientId: clientId(), body, ...extra })).body
      .message;
  const membership = async (client: ApiClient) =>
    (await client.get('/channels')).body.channels.find((c: any) => c.id === channelId).membership;

  it('counts unread messages that mention the member by name or as a broadcast, and nothing else', async () => {
    const first = await send('@bob can you look?');
    await send('@here standup in 5');
    await send('thanks @Bob.');
    await send('mail bob@example.com, or @bobby, or @carol.d');
    const root = await send('a thread');
    await send('@bob in the thread only', { threadRootId: root.id });
    expect(await membership(bob)).toMatchObject({ unread: 5, mentions: 3, muted: false });
    // A dot in a name is a dot, not any character.
    await send('@carolxd');
    expect(await membership(dotted)).toMatchObject({ unread: 6, mentions: 2 });
    // Reading up to the first message leaves the later mentions; the sync feed carries the counts.
    const since = (await bob.get('/sync')).body.cursor;
    const read = await bob.post(`/channels/${channelId}/read`, { seq: first.seq });
    expect(read.body.read).toMatchObject({ unread: 5, mentions: 2 });
    const change = (await bob.get(`/sync?since=${since}`)).body.changes.find(
      (c: any) => c.type === 'read:updated',
    );
    expect(change.payload).toMatchObject({ channelId, unread: 5, mentions: 2 });
    await bob.post(`/channels/${channelId}/read`, { seq: 1_000 });
    expect(await membership(bob)).toMatchObject({ unread: 0, mentions: 0 });
  });

  it('mutes and unmutes a channel for the member alone, keeping the notification level', async () => {
    await bob.patch(`/channels/${channelId}/membership`, { notify: 'mentions' });
    const muted = await bob.patch(`/channels/${channelId}/membership`, { muted: true });
    expect(muted.status).toBe(200);
    expect(muted.body.channel.membership).toMatchObject({ muted: true, notify: 'mentions' });
    expect(await membership(alice)).toMatchObject({ muted: false });
    await send('@bob still counts while muted');
    expect(await membership(bob)).toMatchObject({ muted: true, mentions: 1 });
    expect(
      (await bob.patch(`/channels/${channelId}/membership`, { muted: false })).body.channel.membership,
    ).toMatchObject({ muted: false, notify: 'mentions' });
  });

  it('lists the messages that mention the caller, newest first, in pages, from channels they are in', async () => {
    const other = (await alice.post('/channels', { name: 'elsewhere', kind: 'private' })).body.channel.id;
    await alice.post(`/channels/${other}/messages`, { clientId: clientId(), body: '@bob not yours to see' });
    const gone = await send('@bob deleted later');
    await alice.delete(`/messages/${gone.id}`);
    await bob.post(`/channels/${channelId}/messages`, {
      clientId: clientId(),
      body: '@bob talking to myself',
    });
    await send('@bob newest');
    const first = await bob.get('/mentions?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.messages.map((m: any) => m.body)).toEqual([
      '@bob newest',
      '@bob still counts while muted',
    ]);
    const rest = await bob.get(`/mentions?limit=50&cursor=${first.body.nextCursor}`);
    const bodies = rest.body.messages.map((m: any) => m.body);
    expect(bodies).toContain('thanks @Bob.');
    expect(bodies).toContain('@here standup in 5');
    // A reply in a thread mentions as much as a message in the channel.
    expect(bodies).toContain('@bob in the thread only');
    expect(bodies.join()).not.toMatch(/not yours|deleted later|myself|bobby/);
    expect(rest.body.nextCursor).toBeNull();
    for (const bad of ['cursor=nope', 'limit=0', 'limit=51', 'cursor=1.x', 'extra=1'])
      expect((await bob.get(`/mentions?${bad}`)).status).toBe(400);
  });

  it('refuses an empty or malformed settings change and changes nothing', async () => {
    for (const body of [{}, { muted: 'yes' }, { notify: 'loud' }, { muted: true, extra: 1 }]) {
      const res = await bob.patch(`/channels/${channelId}/membership`, body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
    expect(await membership(bob)).toMatchObject({ muted: false, notify: 'mentions' });
  });

  it('offers after @ the channel’s members first, then others who match, once each, in one answer', async () => {
    const bobby = await signUp(server.url, 'bobby');
    const names = async (query: string, as: ApiClient = alice) => {
      const res = await as.get(`/channels/${channelId}/mentionable${query}`);
      expect(res.status).toBe(200);
      return res.body.users.map((u: { username: string }) => u.username);
    };
    // `@` alone: the channel's own people, no one from outside.
    expect((await names('')).sort()).toEqual(['alice', 'bob', 'carol.d']);
    // A member who matches comes before anyone else who does; nobody shows twice.
    expect(await names('?q=bo')).toEqual(['bob', 'bobby']);
    // Who is outside is said, so the list can tell a mention would not reach them.
    const outside = (await alice.get(`/channels/${channelId}/mentionable?q=bo`)).body.notInChannel;
    expect(outside).toEqual([bobby.user.id]);
    expect(await names('?q=BOB&limit=1')).toEqual(['bob']);
    expect(await names('?q=bobb')).toEqual(['bobby']);
    // Someone outside the channel cannot ask it.
    expect((await bobby.get(`/channels/${channelId}/mentionable?q=a`)).status).toBe(404);
    for (const bad of ['?limit=0', '?limit=21', '?q=a%00b', '?other=1']) {
      const res = await alice.get(`/channels/${channelId}/mentionable${bad}`);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
  });

  it('offers after @ whoever has a word of their username or name starting with what is typed, and only them', async () => {
    const anders = await signUp(server.url, 'a.nders');
    await anders.patch('/users/me', { displayName: 'Anders Baker' });
    const names = async (q: string, as: ApiClient = alice) =>
      (await as.get(`/channels/${channelId}/mentionable?q=${encodeURIComponent(q)}`)).body.users.map(
        (u: { username: string }) => u.username,
      );
    expect(await names('bak')).toEqual(['a.nders']);
    expect(await names('nders')).toEqual(['a.nders']);
    expect(await names('a.nd')).toEqual(['a.nders']);
    expect(await names('ake')).toEqual([]);
    expect(await names('carol.d')).toEqual(['carol.d']);
    expect(await names('d')).toEqual(['carol.d']);
    expect(await names('100%')).toEqual([]);
    // A guest is offered the channel's members, and of everyone else only who shares another channel with them.
    const guest = await signUp(server.url, 'bo.guest');
    await alice.patch(`/admin/users/${guest.user.id}/role`, { role: 'guest' });
    await alice.post(`/channels/${channelId}/members`, { userId: guest.user.id });
    expect(await names('bo')).toEqual(['bo.guest', 'bob', 'bobby']);
    expect(await names('bo', guest)).toEqual(['bo.guest', 'bob']);
  });

  it('tells a member which of the people a message names are not in the channel, and no one else', async () => {
    const outsider = await signUp(server.url, 'dana.out');
    const away = await signUp(server.url, 'erin');
    await alice.post(`/admin/users/${away.user.id}/deactivate`);
    const nonMembers = async (names: string, as: ApiClient = alice) => {
      const res = await as.get(`/channels/${channelId}/non-members?usernames=${encodeURIComponent(names)}`);
      expect(res.status).toBe(200);
      return res.body.users.map((u: { username: string }) => u.username).sort();
    };
    // Members, unknown names and deactivated people are left out; case does not matter.
    expect(await nonMembers('bob,Dana.Out,nobody,erin,carol.d')).toEqual(['dana.out']);
    expect(await nonMembers('bob')).toEqual([]);
    expect(await nonMembers('dana.out', bob)).toEqual(['dana.out']);
    // A group's handle stands for its members: those outside the channel are told, counted, and deduplicated.
    const grouped = await signUp(server.url, 'fay.grp');
    const group = (
      await alice.post('/groups', {
        handle: 'outside-team',
        name: 'Outside team',
        userIds: [bob.user.id, outsider.user.id, grouped.user.id, away.user.id],
      })
    ).body.group;
    expect(group.handle).toBe('outside-team');
    expect(await nonMembers('Outside-Team')).toEqual(['dana.out', 'fay.grp']);
    expect(await nonMembers('outside-team,dana.out')).toEqual(['dana.out', 'fay.grp']);
    const counted = await alice.get(`/channels/${channelId}/non-members?usernames=outside-team`);
    expect(counted.body.total).toBe(2);
    // Only a member may ask, so no one learns who is in a private channel.
    expect((await outsider.get(`/channels/${channelId}/non-members?usernames=bob`)).status).toBe(404);
    const many = Array.from({ length: 21 }, (_, i) => `user${i}`).join(',');
    for (const bad of ['', '?usernames=', `?usernames=${many}`, '?usernames=a%00b', '?usernames=bob&q=1']) {
      const res = await alice.get(`/channels/${channelId}/non-members${bad}`);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
  });
});
