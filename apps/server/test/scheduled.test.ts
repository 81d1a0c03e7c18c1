import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, clientId, connected, nextEvent, signUp } from './support/client.js';
import { backendsToTest } from './support/backends.js';
import { makeKeys, newChannelKey, wrapFor } from './support/e2e-keys.js';
import { startServer, type TestServer } from './support/server.js';

const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
const HOUR = 60 * 60_000;
type Scheduled = { id: string; body: string | null; sendAt: string; failedCode: string | null };

describe.each(await backendsToTest())('Scheduled messages on %s', (backend) => {
  let server: TestServer;
  let alice: ApiClient;
  let aliceElsewhere: ApiClient;
  let bob: ApiClient;
  let channelId: string;
  const schedule = (client: ApiClient, body: Record<string, unknown>, channel = channelId) =>
    client.post(`/channels/${channel}/scheduled`, { clientId: clientId(), ...body });
  const listOf = async (client: ApiClient) => (await client.get('/scheduled')).body.scheduled as Scheduled[];
  const history = async () =>
    ((await bob.get(`/channels/${channelId}/messages?limit=200`)).body.messages as { body: string }[]).map(
      (m) => m.body,
    );
  const changesSince = async (since: string, id: string) =>
    (
      (await aliceElsewhere.get(`/sync?since=${since}`)).body.changes as { type: string; payload: any }[]
    ).filter((c) => c.type === 'scheduled:changed' && c.payload.scheduledId === id);

  beforeAll(async () => {
    server = await startServer({}, backend);
    alice = await signUp(server.url, 'alice');
    bob = await signUp(server.url, 'bob');
    aliceElsewhere = new ApiClient(server.url);
    await aliceElsewhere.post('/auth/login', { username: 'alice', password: 'correct horse battery' });
    channelId = (await alice.post('/channels', { name: 'launch', kind: 'private' })).body.channel.id;
    await alice.post(`/channels/${channelId}/members`, { userId: bob.user.id });
  });
  afterAll(() => server.stop());

  it('keeps a message for later, listed for its author alone and live in their other sessions', async () => {
    const socket = aliceElsewhere.socket();
    await connected(socket);
    const live = nextEvent(socket, 'scheduled:changed', (e) => e.scheduled?.body === 'ship it');
    const sendAt = inMs(HOUR);
    const res = await schedule(alice, { body: 'ship it', sendAt });
    expect(res.status).toBe(201);
    expect(res.body.scheduled).toMatchObject({ channelId, body: 'ship it', sendAt, failedCode: null });
    expect(await live).toMatchObject({ scheduledId: res.body.scheduled.id, channelId });
    socket.close();
    expect((await listOf(aliceElsewhere)).map((s) => s.id)).toContain(res.body.scheduled.id);
    expect(await listOf(bob)).toEqual([]);
    expect(await history()).not.toContain('ship it');
  });

  it('schedules once when the same request is retried', async () => {
    const body = { clientId: clientId(), body: 'retried', sendAt: inMs(HOUR) };
    const first = await alice.post(`/channels/${channelId}/scheduled`, body);
    const again = await alice.post(`/channels/${channelId}/scheduled`, body);
    expect(again.body.scheduled.id).toBe(first.body.scheduled.id);
    expect((await listOf(alice)).filter((s) => s.body === 'retried')).toHaveLength(1);
  });

  it('sends at its time once, as its author, live to the channel and gone from the list and the feed', async () => {
    const since = (await aliceElsewhere.get('/sync')).body.cursor as string;
    const socket = bob.socket();
    await connected(socket);
    const mine = aliceElsewhere.socket();
    await connected(mine);
    const arrived = nextEvent(socket, 'message:created', (e) => e.message.body === 'good morning', 10_000);
    const { id } = (await schedule(alice, { body: 'good morning', sendAt: inMs(1_200) })).body.scheduled;
    const gone = nextEvent(mine, 'scheduled:changed', (e) => e.scheduledId === id && !e.scheduled, 10_000);
    const event = await arrived;
    await gone;
    socket.close();
    mine.close();
    expect(event.message.authorId).toBe(alice.user.id);
    expect((await listOf(alice)).map((s) => s.id)).not.toContain(id);
    expect((await history()).filter((b) => b === 'good morning')).toHaveLength(1);
    const changes = await changesSince(since, id);
    expect(changes.at(-1)?.payload.scheduled).toBeNull();
  });

  it('moves, rewrites, sends now and deletes one, each once', async () => {
    const { id } = (await schedule(alice, { body: 'draft text', sendAt: inMs(HOUR) })).body.scheduled;
    const later = inMs(2 * HOUR);
    expect((await alice.patch(`/scheduled/${id}`, { sendAt: later })).body.scheduled.sendAt).toBe(later);
    expect((await alice.patch(`/scheduled/${id}`, { body: 'final text' })).body.scheduled).toMatchObject({
      body: 'final text',
      sendAt: later,
    });
    const sent = await alice.post(`/scheduled/${id}/send`);
    expect(sent.status).toBe(200);
    expect(sent.body.message).toMatchObject({ body: 'final text', authorId: alice.user.id });
    expect((await alice.post(`/scheduled/${id}/send`)).body.error.code).toBe('scheduled_not_found');
    expect((await history()).filter((b) => b === 'final text')).toHaveLength(1);

    const other = (await schedule(alice, { body: 'never mind', sendAt: inMs(HOUR) })).body.scheduled.id;
    expect((await alice.delete(`/scheduled/${other}`)).status).toBe(204);
    expect((await listOf(alice)).map((s) => s.id)).not.toContain(other);
  });

  it('schedules a thread reply that goes to the thread', async () => {
    const root = (await bob.post(`/channels/${channelId}/messages`, { clientId: clientId(), body: 'root' }))
      .body.message.id as string;
    const { id } = (await schedule(alice, { body: 'a late reply', threadRootId: root, sendAt: inMs(HOUR) }))
      .body.scheduled;
    const sent = (await alice.post(`/scheduled/${id}/send`)).body.message;
    expect(sent).toMatchObject({ threadRootId: root, body: 'a late reply' });
    expect(await history()).not.toContain('a late reply');
  });

  it('lets no one else see, change, send or delete it', async () => {
    const { id } = (await schedule(alice, { body: 'mine', sendAt: inMs(HOUR) })).body.scheduled;
    for (const res of [
      await bob.patch(`/scheduled/${id}`, { body: 'hijacked' }),
      await bob.post(`/scheduled/${id}/send`),
      await bob.delete(`/scheduled/${id}`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('scheduled_not_found');
    }
    const carol = await signUp(server.url, 'carol');
    expect((await schedule(carol, { body: 'in', sendAt: inMs(HOUR) })).status).toBe(404);
    expect((await listOf(alice)).find((s) => s.id === id)?.body).toBe('mine');
  });

  it('refuses bad times and bodies and changes nothing', async () => {
    const before = (await listOf(alice)).length;
    for (const body of [
      { body: 'x', sendAt: inMs(-60_000) },
      { body: 'x', sendAt: inMs(400 * 24 * HOUR) },
      { body: 'x', sendAt: 'tomorrow' },
      { body: 'x', sendAt: '2026-12-01T09:00:00' },
      { body: 'x\u0000', sendAt: inMs(HOUR) },
      { body: '\ud800', sendAt: inMs(HOUR) },
      { body: '   ', sendAt: inMs(HOUR) },
      { body: 'x'.repeat(16_001), sendAt: inMs(HOUR) },
      { body: 'x', sendAt: inMs(HOUR), fileIds: [clientId()] },
      { body: 'x', sendAt: inMs(HOUR), alsoInChannel: true },
      { sendAt: inMs(HOUR) },
    ]) {
      const res = await schedule(alice, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
    const { id } = (await schedule(alice, { body: 'keep', sendAt: inMs(HOUR) })).body.scheduled;
    expect((await alice.patch(`/scheduled/${id}`, { sendAt: inMs(-1_000) })).status).toBe(400);
    expect((await alice.patch(`/scheduled/${id}`, {})).status).toBe(400);
    expect((await listOf(alice)).length).toBe(before + 1);
  });

  it('keeps why it could not be sent when its author has left, and tells their sessions', async () => {
    const room = (await bob.post('/channels', { name: 'temp', kind: 'private' })).body.channel.id as string;
    await bob.post(`/channels/${room}/members`, { userId: alice.user.id });
    const socket = aliceElsewhere.socket();
    await connected(socket);
    const failed = nextEvent(socket, 'scheduled:changed', (e) => !!e.scheduled?.failedCode, 10_000);
    const { id } = (await schedule(alice, { body: 'too late', sendAt: inMs(1_500) }, room)).body.scheduled;
    await alice.post(`/channels/${room}/leave`);
    expect(await failed).toMatchObject({ scheduledId: id, scheduled: { failedCode: 'channel_not_found' } });
    socket.close();
    expect((await listOf(alice)).find((s) => s.id === id)?.failedCode).toBe('channel_not_found');
  });

  it('keeps a sealed message in an encrypted channel, and keeps why when the key had to change first', async () => {
    const envelope = {
      v: 1,
      keyVersion: 1,
      nonce: 'AAAAAAAAAAAAAAAA',
      ciphertext: 'c2VhbGVk',
      tag: 'dGFndGFndGFndGFndGFndGFndGFndGFndGFndGFndGE',
      signature: 'c2ln',
    };
    const [aliceKeys, bobKeys] = [await makeKeys('a'), await makeKeys('b')];
    await alice.request('PUT', '/keys/me', aliceKeys.body);
    await bob.request('PUT', '/keys/me', bobKeys.body);
    const sealed = (await alice.post('/channels', { name: 'sealed', kind: 'private', encrypted: true })).body
      .channel.id as string;
    const wrapped = await wrapFor(newChannelKey(), 1, sealed, aliceKeys.publicKeys, aliceKeys.pairs);
    await alice.post(`/channels/${sealed}/keys`, { version: 1, wraps: [{ userId: alice.user.id, wrapped }] });
    const plain = await schedule(alice, { body: 'in the clear', sendAt: inMs(HOUR) }, sealed);
    expect(plain.body.error.code).toBe('encrypted_body_required');
    const socket = aliceElsewhere.socket();
    await connected(socket);
    const failed = nextEvent(socket, 'scheduled:changed', (e) => !!e.scheduled?.failedCode, 10_000);
    const res = await schedule(alice, { encrypted: envelope, sendAt: inMs(2_000) }, sealed);
    expect(res.body.scheduled, JSON.stringify(res.body)).toMatchObject({
      body: null,
      encrypted: envelope,
    });
    // A member removed before it is due: the key must change, so the sealed text can no longer go.
    await alice.post(`/channels/${sealed}/members`, { userId: bob.user.id });
    await alice.delete(`/channels/${sealed}/members/${bob.user.id}`);
    expect(await failed).toMatchObject({ scheduled: { failedCode: 'key_rotation_required' } });
    socket.close();
  });

  it('keeps at most 100 waiting per person, and still answers a retry of the last one', async () => {
    const waiting = (await listOf(alice)).length;
    for (let i = waiting; i < 99; i++) await schedule(alice, { body: `item ${i}`, sendAt: inMs(HOUR) });
    const last = { clientId: clientId(), body: 'the hundredth', sendAt: inMs(HOUR) };
    const first = await alice.post(`/channels/${channelId}/scheduled`, last);
    expect(first.status).toBe(201);
    const over = await schedule(alice, { body: 'one more', sendAt: inMs(HOUR) });
    expect(over.status).toBe(409);
    expect(over.body.error.code).toBe('too_many_scheduled');
    // Regression: the limit was checked before the clientId, so a retry at 100 got 409.
    const retried = await alice.post(`/channels/${channelId}/scheduled`, last);
    expect(retried.status).toBe(201);
    expect(retried.body.scheduled.id).toBe(first.body.scheduled.id);
  });
});
