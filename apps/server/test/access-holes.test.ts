import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, clientId, connected, nextEvent, signUp } from './support/client.js';
import { backendsToTest } from './support/backends.js';
import { startServer, type TestServer } from './support/server.js';
import { makeKeys } from './support/e2e-keys.js';

describe('access holes, closed', () => {
  let server: TestServer;
  let owner: ApiClient;
  let member: ApiClient;
  let stranger: ApiClient;
  let guest: ApiClient;
  let privateId: string;
  beforeAll(async () => {
    server = await startServer({ RATE_LIMITS: 'off' });
    owner = await signUp(server.url, 'holeowner');
    member = await signUp(server.url, 'holemember');
    stranger = await signUp(server.url, 'holestranger');
    guest = await signUp(server.url, 'holeguest');
    await owner.patch(`/admin/users/${guest.user.id}/role`, { role: 'guest' });
    privateId = (await member.post('/channels', { name: 'hole-secret', kind: 'private' })).body.channel.id;
    await member.post(`/channels/${privateId}/members`, { userId: guest.user.id });
  }, 180_000);
  afterAll(() => server.stop());

  it('a private channel name taken gets the same answer as a public one, saying nothing of the channel', async () => {
    await member.post('/channels', { name: 'hole-open', kind: 'public' });
    const privateTaken = await stranger.post('/channels', { name: 'hole-secret', kind: 'public' });
    const publicTaken = await stranger.post('/channels', { name: 'hole-open', kind: 'public' });
    expect(privateTaken.status).toBe(409);
    expect(privateTaken.body).toEqual(publicTaken.body);
    expect(JSON.stringify(privateTaken.body)).not.toMatch(/private|exists|hole-secret|[0-9a-f]{8}-/);
  });

  it('a guest cannot open a DM with someone who shares no channel with them', async () => {
    const refused = await guest.post('/dms', { userId: stranger.user.id });
    expect(refused.status).toBe(404);
    expect(refused.body.error.code).toBe('user_not_found');
    expect((await guest.post('/dms', { userId: member.user.id })).status).toBe(201);
  });

  it('a guest lists and looks up only people who share a channel with them', async () => {
    const names = (await guest.get('/users?limit=200')).body.users.map(
      (u: { username: string }) => u.username,
    );
    expect(names.sort()).toEqual(['holeguest', 'holemember']);
    const byIds = (await guest.get(`/users?ids=${stranger.user.id},${member.user.id}`)).body.users;
    expect(byIds.map((u: { id: string }) => u.id)).toEqual([member.user.id]);
    expect((await guest.get('/users/by-username/holestranger')).status).toBe(404);
    expect((await guest.get('/users/by-username/holemember')).status).toBe(200);
    // A member still sees the whole directory.
    expect((await stranger.get('/users?limit=200')).body.users.length).toBeGreaterThanOrEqual(4);
  });

  it('a guest reads public keys only of people who share a channel with them', async () => {
    for (const [client, name] of [
      [member, 'holemember'],
      [stranger, 'holestranger'],
    ] as const)
      expect((await client.request('PUT', '/keys/me', (await makeKeys(name)).body)).status).toBe(200);
    const ids = `${member.user.id},${stranger.user.id}`;
    const seenBy = async (client: ApiClient) =>
      (await client.get(`/keys?userIds=${ids}`)).body.keys.map((k: { userId: string }) => k.userId).sort();
    expect(await seenBy(guest)).toEqual([member.user.id]);
    expect(await seenBy(owner)).toEqual([member.user.id, stranger.user.id].sort());
    expect((await guest.get(`/keys?userIds=${stranger.user.id}`)).body.keys).toEqual([]);
  });

  it('a guest sees the presence only of people who share a channel with them', async () => {
    const socket = stranger.socket({ transports: ['websocket'] });
    await connected(socket);
    await expect
      .poll(async () => (await member.get('/presence')).body.presence[stranger.user.id])
      .toBe('online');
    expect((await guest.get('/presence')).body.presence[stranger.user.id]).toBeUndefined();
    socket.close();
  });

  it('an upper-case channel id reaches the room members joined and retries without doubling', async () => {
    const socket = member.socket({ transports: ['websocket'] });
    await connected(socket);
    const id = clientId();
    const event = nextEvent(
      socket,
      'message:created',
      (e: { channelId: string; message: { id: string } }) => e.channelId === privateId,
    );
    const sent = await member.post(`/channels/${privateId.toUpperCase()}/messages`, {
      clientId: id,
      body: 'LOUD',
    });
    expect(sent.status).toBe(201);
    expect(sent.body.message.channelId).toBe(privateId);
    expect((await event).message.id).toBe(sent.body.message.id);
    const retry = await member.post(`/channels/${privateId}/messages`, { clientId: id, body: 'LOUD' });
    expect(retry.status).toBe(200);
    expect(retry.body.message.id).toBe(sent.body.message.id);
    socket.close();
  });

  it("a URL past 16 KB gets the error envelope, not Node's own answer", async () => {
    const res = await fetch(`${server.url}/api/v1/users?q=${'x'.repeat(20_000)}`);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
  });
});

describe.each(await backendsToTest())('simultaneous first registrations (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ RATE_LIMITS: 'off' }, backend);
  }, 180_000);
  afterAll(() => server.stop());

  it('make exactly one owner', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        new ApiClient(server.url).post('/auth/register', {
          username: `first${i}`,
          displayName: 'First',
          password: 'correct horse battery',
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
    expect(results.filter((r) => r.body.user.role === 'owner')).toHaveLength(1);
  });
});
