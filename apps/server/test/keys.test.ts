import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, clientId, signUp } from './support/client.js';
import { makeKeys, newChannelKey, type TestKeys, wrapFor } from './support/e2e-keys.js';
import { startServer, type TestServer } from './support/server.js';

const envelope = (keyVersion: number) => ({
  v: 1,
  keyVersion,
  nonce: 'bm9uY2U',
  ciphertext: 'Y2lwaGVy',
  tag: 'dGFn',
  signature: 'c2ln',
});

describe('end-to-end key endpoints', () => {
  let server: TestServer;
  let alice: ApiClient;
  let bob: ApiClient;
  let eve: ApiClient;
  let channelId: string;
  const keys: Record<string, TestKeys> = {};
  const k1 = newChannelKey();
  const k2 = newChannelKey();
  // A wrap as a member's browser makes it: for `to`, signed by `by`.
  const wrap = (secret: Uint8Array, version: number, to: string, by: string) =>
    wrapFor(secret, version, channelId, keys[to]!.publicKeys, keys[by]!.pairs);
  beforeAll(async () => {
    for (const n of ['a', 'b', 'e', 'z', 'b2']) keys[n] = await makeKeys(n);
    server = await startServer();
    [alice, bob, eve] = [
      await signUp(server.url, 'alice'),
      await signUp(server.url, 'bob'),
      await signUp(server.url, 'eve'),
    ];
    for (const [c, n] of [
      [alice, 'a'],
      [bob, 'b'],
      [eve, 'e'],
    ] as const)
      expect((await c.request('PUT', '/keys/me', keys[n]!.body)).status).toBe(200);
    channelId = (await alice.post('/channels', { name: 'vault', kind: 'private', encrypted: true })).body
      .channel.id;
    await alice.post(`/channels/${channelId}/members`, { userId: bob.user.id });
  });
  afterAll(() => server.stop());

  it('gives a user their own wrapped private key and others only public keys', async () => {
    expect((await alice.get('/keys/me')).body.keys.wrappedPrivate).toBe('wrapped-private-a');
    const res = await eve.get(`/keys?userIds=${alice.user.id},${bob.user.id}`);
    expect(res.body.keys).toHaveLength(2);
    expect(JSON.stringify(res.body)).not.toContain('wrapped-private');
  });

  it('lets a user re-wrap only their own keys', async () => {
    expect((await bob.patch('/keys/me', { wrappedPrivate: 'rewrapped-b' })).body.keys.wrappedPrivate).toBe(
      'rewrapped-b',
    );
    expect((await alice.get('/keys/me')).body.keys.wrappedPrivate).toBe('wrapped-private-a');
  });

  it('refuses a first key that is not wrapped for the member who makes it', async () => {
    const res = await alice.post(`/channels/${channelId}/keys`, {
      version: 1,
      wraps: [{ userId: bob.user.id, wrapped: await wrap(k1, 1, 'b', 'a') }],
    });
    expect(res.status).toBe(400);
    expect((await alice.get(`/channels/${channelId}/keys`)).body.keyVersion).toBe(0);
  });

  it('refuses wraps for a non-member and hides the keys from non-members', async () => {
    const res = await alice.post(`/channels/${channelId}/keys`, {
      version: 1,
      wraps: [alice, bob, eve].map((c) => ({ userId: c.user.id, wrapped: 'x' })),
    });
    expect(res.status).toBe(403);
    expect((await eve.get(`/channels/${channelId}/keys`)).status).toBe(404);
  });

  it('gives each member only their own wrap, and accepts envelopes at the current version only', async () => {
    const forBob = await wrap(k1, 1, 'b', 'a');
    const res = await alice.post(`/channels/${channelId}/keys`, {
      version: 1,
      wraps: [
        { userId: alice.user.id, wrapped: await wrap(k1, 1, 'a', 'a') },
        { userId: bob.user.id, wrapped: forBob },
      ],
    });
    expect(res.status).toBe(201);
    expect((await bob.get(`/channels/${channelId}/keys`)).body.keys).toEqual([
      { version: 1, wrapped: forBob, wrappedBy: alice.user.id },
    ]);
    expect(
      (await bob.post(`/channels/${channelId}/messages`, { clientId: clientId(), encrypted: envelope(1) }))
        .status,
    ).toBe(201);
    const stale = await bob.post(`/channels/${channelId}/messages`, {
      clientId: clientId(),
      encrypted: envelope(2),
    });
    expect(stale.body.error.code).toBe('stale_key_version');
    // The channel's history also holds its system lines ("added Bob"); the sealed message is the one with an envelope.
    const stored = (await alice.get(`/channels/${channelId}/messages`)).body.messages.find(
      (m: { system: unknown }) => !m.system,
    );
    expect(stored.body).toBeNull();
    expect(stored.encrypted.ciphertext).toBe('Y2lwaGVy');
  });

  it('gives a new member the older versions, and requires rotation after a removal', async () => {
    await alice.post(`/channels/${channelId}/members`, { userId: eve.user.id });
    const status = (await alice.get(`/channels/${channelId}/keys/status`)).body.status;
    expect(status.members.find((m: { userId: string }) => m.userId === eve.user.id)).toMatchObject({
      hasKeys: true,
      versions: [],
    });
    await alice.post(`/channels/${channelId}/keys`, {
      version: 1,
      wraps: [{ userId: eve.user.id, wrapped: await wrap(k1, 1, 'e', 'a') }],
    });
    expect(
      (await eve.get(`/channels/${channelId}/keys`)).body.keys.map((k: { version: number }) => k.version),
    ).toEqual([1]);

    expect((await alice.delete(`/channels/${channelId}/members/${eve.user.id}`)).status).toBe(204);
    expect((await bob.get(`/channels/${channelId}`)).body.channel.keyRotationNeeded).toBe(true);
    const blocked = await bob.post(`/channels/${channelId}/messages`, {
      clientId: clientId(),
      encrypted: envelope(1),
    });
    expect(blocked.body.error.code).toBe('key_rotation_required');
    const rotated = await bob.post(`/channels/${channelId}/keys`, {
      version: 2,
      wraps: [
        { userId: alice.user.id, wrapped: await wrap(k2, 2, 'a', 'b') },
        { userId: bob.user.id, wrapped: await wrap(k2, 2, 'b', 'b') },
      ],
    });
    expect(rotated.status).toBe(201);
    expect(
      (await bob.post(`/channels/${channelId}/messages`, { clientId: clientId(), encrypted: envelope(2) }))
        .status,
    ).toBe(201);
    expect((await eve.get(`/channels/${channelId}/keys`)).status).toBe(404);
  });

  it('rejects malformed and oversized key material and stores nothing', async () => {
    for (const body of [
      {},
      { publicKeys: { ecdh: 'x' } },
      { ...keys.z!.body, wrappedPrivate: 'x'.repeat(9000) },
      { ...keys.z!.body, extra: 1 },
    ]) {
      const res = await alice.request('PUT', '/keys/me', body);
      expect(res.status).toBe(400);
    }
    expect((await alice.get('/keys/me')).body.keys.wrappedPrivate).toBe('wrapped-private-a');
    const big = await bob.post(`/channels/${channelId}/messages`, {
      clientId: clientId(),
      encrypted: { ...envelope(2), ciphertext: 'x'.repeat(70_000) },
    });
    expect(big.status).toBe(400);
  });

  it('opens an encrypted DM beside the plain one', async () => {
    const plain = (await alice.post('/dms', { userId: bob.user.id })).body.channel;
    const secret = (await alice.post('/dms', { userId: bob.user.id, encrypted: true })).body.channel;
    expect(plain.encrypted).toBe(false);
    expect(secret.encrypted).toBe(true);
    expect(secret.id).not.toBe(plain.id);
  });

  it("drops a user's channel-key wraps when they set up new public keys, but not on a re-wrap", async () => {
    const versions = async () =>
      (await bob.get(`/channels/${channelId}/keys`)).body.keys.map((k: { version: number }) => k.version);
    expect(await versions()).toEqual([1, 2]);
    await bob.patch('/keys/me', { wrappedPrivate: 'rewrapped-again-b' });
    expect(await versions()).toEqual([1, 2]);
    expect((await bob.request('PUT', '/keys/me', keys.b2!.body)).status).toBe(200);
    expect(await versions()).toEqual([]);
    const status = (await alice.get(`/channels/${channelId}/keys/status`)).body.status;
    expect(status.members.find((m: { userId: string }) => m.userId === bob.user.id).versions).toEqual([]);
  });
});
