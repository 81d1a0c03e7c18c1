import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, clientId, connected, nextEvent, signUp } from './support/client.js';
import { backendsToTest } from './support/backends.js';
import { startServer, type TestServer } from './support/server.js';

const envelope = {
  v: 1,
  keyVersion: 1,
  nonce: 'AAAAAAAAAAAAAAAA',
  ciphertext: 'c2VhbGVkIGRyYWZ0',
  tag: 'dGFndGFndGFndGFndGFndGFndGFndGFndGFndGFndGE',
  signature: 'c2ln',
};

describe.each(await backendsToTest())('drafts on %s', (backend) => {
  let server: TestServer;
  let alice: ApiClient;
  let bob: ApiClient;
  let channelId: string;
  beforeAll(async () => {
    server = await startServer({ RATE_LIMITS: 'off' }, backend);
    alice = await signUp(server.url, 'alice');
    bob = await signUp(server.url, 'bob');
    channelId = (await alice.post('/channels', { name: 'drafting', kind: 'private' })).body.channel.id;
  });
  afterAll(() => server.stop());

  /** The same account in another browser: a second session of its own. */
  const otherDevice = async (client: ApiClient) => {
    const device = new ApiClient(server.url);
    device.cookie = client.cookie;
    device.user = client.user;
    return device;
  };

  it('keeps the text as typed, line breaks and spaces included, and lists it for the other device', async () => {
    const typed = 'line 1\nline 2  ';
    const saved = await alice.request('PUT', `/channels/${channelId}/draft`, { body: typed });
    expect(saved.status).toBe(200);
    expect(saved.body.draft).toMatchObject({ channelId, threadRootId: null, body: typed, encrypted: null });
    const phone = await otherDevice(alice);
    expect((await phone.get('/drafts')).body.drafts).toEqual([saved.body.draft]);
    expect((await bob.get('/drafts')).body.drafts).toEqual([]);
  });

  it('reaches the other device live, and a deleted draft reaches it as null', async () => {
    const phone = await otherDevice(alice);
    const socket = phone.socket({ transports: ['websocket'] });
    await connected(socket);
    const updated = nextEvent(socket, 'draft:updated', (e) => e.draft?.body === 'from the laptop');
    await alice.request('PUT', `/channels/${channelId}/draft`, { body: 'from the laptop' });
    expect((await updated).cursor).toEqual(expect.any(String));
    const cleared = nextEvent(socket, 'draft:updated', (e) => e.draft === null);
    expect((await alice.delete(`/channels/${channelId}/draft`)).status).toBe(204);
    expect(await cleared).toMatchObject({ channelId, threadRootId: null, draft: null });
    socket.close();
    expect((await alice.get('/drafts')).body.drafts).toEqual([]);
  });

  it('replays draft changes made while a device was offline through the sync feed', async () => {
    const since = (await alice.get('/sync')).body.cursor;
    await alice.request('PUT', `/channels/${channelId}/draft`, { body: 'first' });
    await alice.request('PUT', `/channels/${channelId}/draft`, { body: 'second' });
    const changes = (await alice.get(`/sync?since=${since}`)).body.changes;
    const drafts = changes.filter((c: any) => c.type === 'draft:updated');
    expect(drafts.length).toBeGreaterThan(0);
    // Each replayed change carries the draft as it is now.
    for (const c of drafts) expect(c.payload.draft.body).toBe('second');
    const bobChanges = (await bob.get(`/sync?since=${since}`)).body.changes;
    expect(bobChanges.filter((c: any) => c.type === 'draft:updated')).toEqual([]);
    await alice.delete(`/channels/${channelId}/draft`);
  });

  it('keeps a thread draft apart from the channel draft', async () => {
    const root = (await alice.post(`/channels/${channelId}/messages`, { clientId: clientId(), body: 'root' }))
      .body.message;
    await alice.request('PUT', `/channels/${channelId}/draft`, { body: 'in the channel' });
    await alice.request('PUT', `/channels/${channelId}/draft`, {
      threadRootId: root.id,
      body: 'in the thread',
    });
    const list = (await alice.get('/drafts')).body.drafts;
    expect(list.map((d: any) => [d.threadRootId, d.body]).sort()).toEqual(
      [
        [null, 'in the channel'],
        [root.id, 'in the thread'],
      ].sort(),
    );
    expect((await alice.delete(`/channels/${channelId}/draft?threadRootId=${root.id}`)).status).toBe(204);
    expect((await alice.get('/drafts')).body.drafts.map((d: any) => d.body)).toEqual(['in the channel']);
    await alice.delete(`/channels/${channelId}/draft`);
  });

  it('refuses a draft where the caller is not a member, or a thread of another channel', async () => {
    expect((await bob.request('PUT', `/channels/${channelId}/draft`, { body: 'sneaky' })).status).toBe(404);
    const other = (await alice.post('/channels', { name: 'drafting-2', kind: 'public' })).body.channel.id;
    const root = (await alice.post(`/channels/${other}/messages`, { clientId: clientId(), body: 'x' })).body
      .message;
    const res = await alice.request('PUT', `/channels/${channelId}/draft`, {
      threadRootId: root.id,
      body: 'y',
    });
    expect(res.status).toBe(404);
    expect((await alice.get('/drafts')).body.drafts).toEqual([]);
  });

  it('refuses bad drafts with a clear error and stores nothing', async () => {
    const bad = [
      { body: '' },
      { body: 'a\u0000b' },
      { body: '\ud800' },
      { body: 'x'.repeat(16_001) },
      { body: 'x', extra: 1 },
      { encrypted: envelope },
      { threadRootId: 'not-an-id', body: 'x' },
    ];
    for (const body of bad) {
      const res = await alice.request('PUT', `/channels/${channelId}/draft`, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.error.code).toEqual(expect.any(String));
    }
    expect((await alice.get('/drafts')).body.drafts).toEqual([]);
  });

  it('takes only sealed drafts in an encrypted channel', async () => {
    const sealed = (await alice.post('/channels', { name: 'sealed', kind: 'private', encrypted: true })).body
      .channel.id;
    const plain = await alice.request('PUT', `/channels/${sealed}/draft`, { body: 'in the clear' });
    expect(plain.status).toBe(400);
    expect(plain.body.error.code).toBe('encrypted_body_required');
    const ok = await alice.request('PUT', `/channels/${sealed}/draft`, { encrypted: envelope });
    expect(ok.status).toBe(200);
    expect(ok.body.draft).toMatchObject({ body: null, encrypted: envelope });
    await alice.delete(`/channels/${sealed}/draft`);
  });

  it('drops a draft from the list when its author leaves the channel', async () => {
    const open = (await alice.post('/channels', { name: 'drafting-3', kind: 'public' })).body.channel.id;
    await bob.post(`/channels/${open}/join`);
    await bob.request('PUT', `/channels/${open}/draft`, { body: 'never sent' });
    expect((await bob.get('/drafts')).body.drafts).toHaveLength(1);
    await bob.post(`/channels/${open}/leave`);
    expect((await bob.get('/drafts')).body.drafts).toEqual([]);
  });
});
