import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, connected, nextEvent, signUp } from './support/client.js';
import { backendsToTest } from './support/backends.js';
import { startServer, type TestServer } from './support/server.js';

type Listed = { id: string; membership: { starred: boolean; notify: string; muted: boolean } | null };

describe.each(await backendsToTest())('Starred conversations on %s', (backend) => {
  let server: TestServer;
  let alice: ApiClient;
  let bob: ApiClient;
  let bobElsewhere: ApiClient;
  let channelId: string;
  let dmId: string;
  beforeAll(async () => {
    server = await startServer({}, backend);
    alice = await signUp(server.url, 'alice');
    bob = await signUp(server.url, 'bob');
    bobElsewhere = new ApiClient(server.url);
    await bobElsewhere.post('/auth/login', { username: 'bob', password: 'correct horse battery' });
    channelId = (await alice.post('/channels', { name: 'design', kind: 'public' })).body.channel.id;
    await alice.post(`/channels/${channelId}/members`, { userId: bob.user.id });
    dmId = (await bob.post('/dms', { userId: alice.user.id })).body.channel.id;
  });
  afterAll(() => server.stop());

  const membershipOf = async (client: ApiClient, id: string) =>
    ((await client.get('/channels')).body.channels as Listed[]).find((c) => c.id === id)!.membership;

  it('stars a channel for the caller alone, keeps its other settings, and tells their other sessions', async () => {
    await bob.patch(`/channels/${channelId}/membership`, { notify: 'mentions' });
    const since = (await bobElsewhere.get('/sync')).body.cursor as string;
    const socket = bobElsewhere.socket();
    await connected(socket);
    // The notify change's own event may still be on its way: wait for the one that stars.
    const live = nextEvent(
      socket,
      'channel:updated',
      (e) => e.channel.id === channelId && !!e.channel.membership?.starred,
    );
    const res = await bob.patch(`/channels/${channelId}/membership`, { starred: true });
    expect(res.status).toBe(200);
    expect(res.body.channel.membership).toMatchObject({ starred: true, notify: 'mentions', muted: false });
    expect((await live).channel.membership).toMatchObject({ starred: true, notify: 'mentions' });
    socket.close();
    expect(await membershipOf(bob, channelId)).toMatchObject({ starred: true });
    expect(await membershipOf(alice, channelId)).toMatchObject({ starred: false });
    const { changes } = (await bobElsewhere.get(`/sync?since=${since}`)).body;
    const replayed = changes.filter(
      (c: { type: string; payload: { channel?: { id: string } } }) =>
        c.type === 'channel:updated' && c.payload.channel?.id === channelId,
    );
    expect(replayed.at(-1).payload.channel.membership.starred).toBe(true);
  });

  it('stars a direct message too, and takes a star away', async () => {
    expect((await bob.patch(`/channels/${dmId}/membership`, { starred: true })).status).toBe(200);
    expect(await membershipOf(bob, dmId)).toMatchObject({ starred: true });
    const off = await bob.patch(`/channels/${channelId}/membership`, { starred: false });
    expect(off.body.channel.membership).toMatchObject({ starred: false, notify: 'mentions' });
    expect(await membershipOf(bob, channelId)).toMatchObject({ starred: false });
  });

  it('refuses a malformed star and changes nothing', async () => {
    for (const body of [{ starred: 'yes' }, { starred: null }, { starred: 1 }, { starred: true, extra: 1 }]) {
      const res = await bob.patch(`/channels/${dmId}/membership`, body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
    expect(await membershipOf(bob, dmId)).toMatchObject({ starred: true });
  });

  it('does not let someone outside a conversation star it', async () => {
    const carol = await signUp(server.url, 'carol');
    const res = await carol.patch(`/channels/${dmId}/membership`, { starred: true });
    expect(res.status).toBe(404);
    expect(await membershipOf(bob, dmId)).toMatchObject({ starred: true });
  });
});
