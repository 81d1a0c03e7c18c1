import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, clientId, signUp } from './support/client.js';
import { backendsToTest } from './support/backends.js';
import { startServer, type TestServer } from './support/server.js';

describe.each(await backendsToTest())('group DMs on %s', (backend) => {
  let server: TestServer;
  let people: ApiClient[];
  let outsider: ApiClient;
  beforeAll(async () => {
    server = await startServer({ RATE_LIMITS: 'off' }, backend);
    people = [];
    for (let i = 0; i < 9; i++) people.push(await signUp(server.url, `person${i}`));
    outsider = await signUp(server.url, 'outsider');
  });
  afterAll(() => server.stop());

  const ids = (clients: ApiClient[]) => clients.map((c) => c.user.id);

  it('opens one conversation for the same people, whoever starts it, where only they read', async () => {
    const [ann, bob, cat] = people as [ApiClient, ApiClient, ApiClient];
    const made = await ann.post('/dms', { userIds: ids([bob, cat]) });
    expect(made.status).toBe(201);
    expect(made.body.channel).toMatchObject({ kind: 'group', memberCount: 3 });
    expect(made.body.channel.dmUsers.map((u: any) => u.id).sort()).toEqual(ids([bob, cat]).sort());
    const again = await cat.post('/dms', { userIds: ids([bob, ann]) });
    expect(again.status).toBe(200);
    expect(again.body.channel.id).toBe(made.body.channel.id);
    const id = made.body.channel.id;
    await bob.post(`/channels/${id}/messages`, { clientId: clientId(), body: 'lunch?' });
    expect((await cat.get(`/channels/${id}/messages`)).body.messages.map((m: any) => m.body)).toEqual([
      'lunch?',
    ]);
    expect((await outsider.get(`/channels/${id}/messages`)).status).toBe(404);
    // A plain DM between two of them is a different conversation.
    expect((await ann.post('/dms', { userId: bob.user.id })).body.channel.id).not.toBe(id);
  });

  it('lets a member leave and come back by opening it again', async () => {
    const [ann, bob, , dan] = people as [ApiClient, ApiClient, ApiClient, ApiClient];
    const id = (await ann.post('/dms', { userIds: ids([bob, dan]) })).body.channel.id;
    expect((await dan.post(`/channels/${id}/leave`)).status).toBe(204);
    expect((await dan.get(`/channels/${id}/messages`)).status).toBe(404);
    expect((await dan.post('/dms', { userIds: ids([ann, bob]) })).body.channel.id).toBe(id);
    expect((await dan.get(`/channels/${id}/messages`)).status).toBe(200);
  });

  it('takes up to 8 people in all and refuses more, repeats, oneself or no one known', async () => {
    const [ann, ...others] = people as [ApiClient, ...ApiClient[]];
    expect((await ann.post('/dms', { userIds: ids(others.slice(0, 7)) })).status).toBe(201);
    const refused = [
      { userIds: ids(others.slice(0, 8)) },
      { userIds: [others[0]!.user.id, others[0]!.user.id] },
      { userIds: [others[0]!.user.id] },
      { userIds: [] },
      { userIds: ['not-an-id', others[0]!.user.id] },
      { userId: others[0]!.user.id, userIds: ids(others.slice(0, 2)) },
    ];
    for (const body of refused) expect((await ann.post('/dms', body)).status, JSON.stringify(body)).toBe(400);
    expect((await ann.post('/dms', { userIds: [ann.user.id, others[0]!.user.id] })).status).toBe(400);
    const unknown = await ann.post('/dms', {
      userIds: [others[0]!.user.id, '00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown.status).toBe(404);
  });
});
