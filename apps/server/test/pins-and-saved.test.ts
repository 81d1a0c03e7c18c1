import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, clientId, connected, nextEvent, signUp } from './support/client.js';
import { backendsToTest } from './support/backends.js';
import { startServer, type TestServer } from './support/server.js';

describe.each(await backendsToTest())('pins and saved messages on %s', (backend) => {
  let server: TestServer;
  let alice: ApiClient;
  let bob: ApiClient;
  let eve: ApiClient;
  let channelId: string;
  beforeAll(async () => {
    server = await startServer({ RATE_LIMITS: 'off' }, backend);
    alice = await signUp(server.url, 'alice');
    bob = await signUp(server.url, 'bob');
    eve = await signUp(server.url, 'eve');
    channelId = (await alice.post('/channels', { name: 'pins', kind: 'private' })).body.channel.id;
    await alice.post(`/channels/${channelId}/members`, { userId: bob.user.id });
  });
  afterAll(() => server.stop());

  const send = async (body: string) =>
    (await alice.post(`/channels/${channelId}/messages`, { clientId: clientId(), body })).body.message;

  it('pins live for every member, lists pins newest first, and replays a pin through the sync feed', async () => {
    const first = await send('the plan');
    const second = await send('the budget');
    const since = (await bob.get('/sync')).body.cursor;
    const socket = bob.socket({ transports: ['websocket'] });
    await connected(socket);
    const live = nextEvent(
      socket,
      'message:updated',
      (e) => e.message.id === first.id && !!e.message.pinnedAt,
    );
    const pinned = await bob.request('PUT', `/messages/${first.id}/pin`);
    expect(pinned.status).toBe(200);
    expect(pinned.body.message).toMatchObject({ pinnedBy: bob.user.id, pinnedAt: expect.any(String) });
    expect((await live).message.pinnedBy).toBe(bob.user.id);
    socket.close();
    await alice.request('PUT', `/messages/${second.id}/pin`);
    expect((await alice.get(`/channels/${channelId}/pins`)).body.messages.map((m: any) => m.body)).toEqual([
      'the budget',
      'the plan',
    ]);
    const replay = (await bob.get(`/sync?since=${since}`)).body.changes.filter(
      (c: any) => c.type === 'message:updated' && c.payload.message.id === first.id,
    );
    expect(replay.at(-1).payload.message.pinnedAt).not.toBeNull();
    await alice.delete(`/messages/${second.id}/pin`);
    expect((await bob.get(`/channels/${channelId}/pins`)).body.messages.map((m: any) => m.body)).toEqual([
      'the plan',
    ]);
    // A deleted message drops out of the pins.
    await alice.delete(`/messages/${first.id}`);
    expect((await bob.get(`/channels/${channelId}/pins`)).body.messages).toEqual([]);
  });

  it('refuses pins from outside the channel and past 100 a channel', async () => {
    const m = await send('not for eve');
    expect((await eve.request('PUT', `/messages/${m.id}/pin`)).status).toBe(404);
    expect((await eve.get(`/channels/${channelId}/pins`)).status).toBe(404);
    const crowded = (await alice.post('/channels', { name: 'crowded', kind: 'public' })).body.channel.id;
    const ids: string[] = [];
    for (let i = 0; i < 101; i++)
      ids.push(
        (await alice.post(`/channels/${crowded}/messages`, { clientId: clientId(), body: `m${i}` })).body
          .message.id,
      );
    for (const id of ids.slice(0, 100))
      expect((await alice.request('PUT', `/messages/${id}/pin`)).status).toBe(200);
    const refused = await alice.request('PUT', `/messages/${ids[100]}/pin`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('too_many_pins');
  });

  it('keeps saved messages private to each person, on all their devices, and drops ones they can no longer read', async () => {
    const m = await send('read this later');
    const since = (await bob.get('/sync')).body.cursor;
    expect((await bob.request('PUT', `/messages/${m.id}/save`)).status).toBe(204);
    expect((await bob.request('PUT', `/messages/${m.id}/save`)).status).toBe(204);
    expect((await bob.get('/saved')).body.saved.map((s: any) => s.message.body)).toEqual(['read this later']);
    expect((await alice.get('/saved')).body.saved).toEqual([]);
    const changes = (await bob.get(`/sync?since=${since}`)).body.changes.filter(
      (c: any) => c.type === 'saved:changed',
    );
    expect(changes).toEqual([
      {
        type: 'saved:changed',
        payload: { channelId, messageId: m.id, saved: true, cursor: expect.any(String) },
      },
    ]);
    expect(
      (await alice.get(`/sync?since=${since}`)).body.changes.some((c: any) => c.type === 'saved:changed'),
    ).toBe(false);
    await alice.delete(`/channels/${channelId}/members/${bob.user.id}`);
    expect((await bob.get('/saved')).body.saved).toEqual([]);
    expect((await eve.request('PUT', `/messages/${m.id}/save`)).status).toBe(404);
    for (const q of ['limit=0', 'limit=51', 'before=yesterday', 'x=1'])
      expect((await bob.get(`/saved?${q}`)).status).toBe(400);
  });
});
