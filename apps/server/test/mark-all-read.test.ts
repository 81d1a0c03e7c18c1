import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, clientId, connected, nextEvent, signUp } from './support/client.js';
import { backendsToTest } from './support/backends.js';
import { startServer, type TestServer } from './support/server.js';

describe.each(await backendsToTest())('POST /channels/read on %s', (backend) => {
  let server: TestServer;
  let alice: ApiClient;
  let bob: ApiClient;
  let bobElsewhere: ApiClient;
  const ids: string[] = [];
  beforeAll(async () => {
    server = await startServer({}, backend);
    alice = await signUp(server.url, 'alice');
    bob = await signUp(server.url, 'bob');
    bobElsewhere = new ApiClient(server.url);
    await bobElsewhere.post('/auth/login', { username: 'bob', password: 'correct horse battery' });
    for (const name of ['design', 'ops', 'quiet']) {
      const id = (await alice.post('/channels', { name, kind: 'public' })).body.channel.id;
      await alice.post(`/channels/${id}/members`, { userId: bob.user.id });
      ids.push(id);
    }
    for (const [i, body] of ['hi @bob', 'deploy at 5', 'another'].entries())
      await alice.post(`/channels/${ids[i % 2]}/messages`, { clientId: clientId(), body });
  });
  afterAll(() => server.stop());

  const unread = async (client: ApiClient) =>
    Object.fromEntries(
      (await client.get('/channels')).body.channels
        .filter((c: { id: string }) => ids.includes(c.id))
        .map((c: { id: string; membership: { unread: number; mentions: number } }) => [
          c.id,
          [c.membership.unread, c.membership.mentions],
        ]),
    );

  it('reads every channel with something unread to its newest message, and tells the other sessions', async () => {
    expect(await unread(bob)).toEqual({ [ids[0]!]: [2, 1], [ids[1]!]: [1, 0], [ids[2]!]: [0, 0] });
    const since = (await bobElsewhere.get('/sync')).body.cursor as string;
    const socket = bobElsewhere.socket();
    await connected(socket);
    const live = nextEvent(socket, 'read:updated', (e) => e.channelId === ids[0]);
    const res = await bob.post('/channels/read');
    expect(res.status).toBe(200);
    const reads = res.body.reads.filter((r: { channelId: string }) => ids.includes(r.channelId));
    expect(reads.map((r: { channelId: string }) => r.channelId).sort()).toEqual([ids[0], ids[1]].sort());
    expect(
      reads.every(
        (r: { unread: number; seq: number; lastSeq: number }) => r.unread === 0 && r.seq === r.lastSeq,
      ),
    ).toBe(true);
    expect(await live).toMatchObject({ channelId: ids[0], unread: 0, mentions: 0 });
    socket.close();
    expect(await unread(bob)).toEqual({ [ids[0]!]: [0, 0], [ids[1]!]: [0, 0], [ids[2]!]: [0, 0] });
    const { changes } = (await bobElsewhere.get(`/sync?since=${since}`)).body;
    const replayed = changes.filter(
      (c: { type: string; payload: { channelId: string } }) => c.type === 'read:updated',
    );
    expect(replayed.map((c: { payload: { channelId: string } }) => c.payload.channelId).sort()).toEqual(
      reads.map((r: { channelId: string }) => r.channelId).sort(),
    );
    // Someone else's unread is their own.
    expect((await unread(alice))[ids[0]!]).toEqual([0, 0]);
  });

  it('with nothing unread moves nothing', async () => {
    const res = await bob.post('/channels/read');
    expect(res.body.reads).toEqual([]);
  });
});
