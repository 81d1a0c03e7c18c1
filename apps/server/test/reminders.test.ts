import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, clientId, connected, nextEvent, signUp } from './support/client.js';
import { backendsToTest } from './support/backends.js';
import { startServer, type TestServer } from './support/server.js';

const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
type Saved = { message: { id: string }; remindAt: string | null };

describe.each(await backendsToTest())('Reminders on %s', (backend) => {
  let server: TestServer;
  let alice: ApiClient;
  let bob: ApiClient;
  let bobElsewhere: ApiClient;
  let channelId: string;
  const post = async (body: string) =>
    (await alice.post(`/channels/${channelId}/messages`, { clientId: clientId(), body })).body.message
      .id as string;
  const savedOf = async (client: ApiClient, id: string) =>
    ((await client.get('/saved?limit=50')).body.saved as Saved[]).find((s) => s.message.id === id);
  const dueSince = async (since: string, id: string) =>
    (
      (await bobElsewhere.get(`/sync?since=${since}`)).body.changes as { type: string; payload: any }[]
    ).filter((c) => c.type === 'reminder:due' && c.payload.messageId === id);

  beforeAll(async () => {
    server = await startServer({}, backend);
    alice = await signUp(server.url, 'alice');
    bob = await signUp(server.url, 'bob');
    bobElsewhere = new ApiClient(server.url);
    await bobElsewhere.post('/auth/login', { username: 'bob', password: 'correct horse battery' });
    channelId = (await alice.post('/channels', { name: 'plans', kind: 'private' })).body.channel.id;
    await alice.post(`/channels/${channelId}/members`, { userId: bob.user.id });
  });
  afterAll(() => server.stop());

  it('sets a reminder, saving the message, and tells the person’s other sessions', async () => {
    const id = await post('review the launch post');
    const socket = bobElsewhere.socket();
    await connected(socket);
    const live = nextEvent(socket, 'saved:changed', (e) => e.messageId === id);
    const at = inMs(60 * 60_000);
    expect((await bob.request('PUT', `/messages/${id}/reminder`, { at })).status).toBe(204);
    expect(await live).toMatchObject({ saved: true });
    socket.close();
    expect(await savedOf(bobElsewhere, id)).toMatchObject({ remindAt: at });
    expect(await savedOf(alice, id)).toBeUndefined();
  });

  it('goes off at its time once, live to every session and in the sync feed, and stays saved', async () => {
    const id = await post('standup notes');
    const since = (await bobElsewhere.get('/sync')).body.cursor as string;
    const socket = bobElsewhere.socket();
    await connected(socket);
    const due = nextEvent(socket, 'reminder:due', (e) => e.messageId === id, 10_000);
    expect((await bob.request('PUT', `/messages/${id}/reminder`, { at: inMs(1_200) })).status).toBe(204);
    const event = await due;
    socket.close();
    expect(event).toMatchObject({ channelId, message: { id, body: 'standup notes' } });
    expect(await dueSince(since, id)).toHaveLength(1);
    expect(await savedOf(bob, id)).toMatchObject({ remindAt: null });
  });

  it('cancels a reminder, which then never goes off, and keeps the message saved', async () => {
    const id = await post('call the venue');
    const since = (await bobElsewhere.get('/sync')).body.cursor as string;
    await bob.request('PUT', `/messages/${id}/reminder`, { at: inMs(1_000) });
    expect((await bob.delete(`/messages/${id}/reminder`)).status).toBe(204);
    await new Promise((r) => setTimeout(r, 2_000));
    expect(await dueSince(since, id)).toHaveLength(0);
    expect(await savedOf(bob, id)).toMatchObject({ remindAt: null });
  });

  it('refuses a time past, beyond a year or malformed, and changes nothing', async () => {
    const id = await post('quarterly plan');
    for (const body of [
      { at: inMs(-60_000) },
      { at: inMs(400 * 24 * 60 * 60_000) },
      { at: 'tomorrow' },
      { at: '2026-12-01T09:00:00' },
      { at: `${inMs(60_000)}\u0000` },
      {},
      { at: inMs(60_000), extra: 1 },
    ]) {
      const res = await bob.request('PUT', `/messages/${id}/reminder`, body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
    expect(await savedOf(bob, id)).toBeUndefined();
  });

  it('lets no one outside the channel set one, and keeps at most 100 waiting per person', async () => {
    const id = await post('secret plans');
    const carol = await signUp(server.url, 'carol');
    expect((await carol.request('PUT', `/messages/${id}/reminder`, { at: inMs(60_000) })).status).toBe(404);
    const waiting = ((await bob.get('/saved?limit=50')).body.saved as Saved[]).filter(
      (s) => s.remindAt,
    ).length;
    const ids = await Promise.all(Array.from({ length: 100 - waiting }, (_, i) => post(`item ${i}`)));
    for (const m of ids) await bob.request('PUT', `/messages/${m}/reminder`, { at: inMs(60 * 60_000) });
    const over = await bob.request('PUT', `/messages/${id}/reminder`, { at: inMs(60 * 60_000) });
    expect(over.status).toBe(409);
    expect(over.body.error.code).toBe('too_many_reminders');
    // Moving one that is waiting is no new one.
    expect(
      (await bob.request('PUT', `/messages/${ids[0]}/reminder`, { at: inMs(2 * 60 * 60_000) })).status,
    ).toBe(204);
  });

  it('tells someone who left the channel that a reminder went off, without the message', async () => {
    const id = await post('after the offsite');
    const socket = bobElsewhere.socket();
    await connected(socket);
    const due = nextEvent(socket, 'reminder:due', (e) => e.messageId === id, 10_000);
    // The test before filled the 100: one goes to make room.
    await bob.delete(`/messages/${(await bob.get('/saved?limit=50')).body.saved[0].message.id}/reminder`);
    await bob.request('PUT', `/messages/${id}/reminder`, { at: inMs(1_500) });
    await bob.post(`/channels/${channelId}/leave`);
    expect(await due).toMatchObject({ messageId: id, message: null });
    socket.close();
  });
});
