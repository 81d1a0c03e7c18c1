import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, signUp } from './support/client.js';
import { backendsToTest } from './support/backends.js';
import { makeKeys, newChannelKey, type TestKeys, wrapFor } from './support/e2e-keys.js';
import { startServer, type TestServer } from './support/server.js';

describe.each(await backendsToTest())('channel key wraps hold together (%s)', (backend) => {
  let server: TestServer;
  const members: ApiClient[] = [];
  const keys: TestKeys[] = [];
  let newcomer: ApiClient;
  let newcomerKeys: TestKeys;
  beforeAll(async () => {
    server = await startServer({ RATE_LIMITS: 'off' }, backend);
    for (let i = 0; i < 4; i++) {
      members.push(await signUp(server.url, `keeper${i}`));
      keys.push(await makeKeys(`k${i}`));
      await members[i]!.request('PUT', '/keys/me', keys[i]!.body);
    }
    newcomer = await signUp(server.url, 'newcomer');
    newcomerKeys = await makeKeys('n');
    await newcomer.request('PUT', '/keys/me', newcomerKeys.body);
  }, 180_000);
  afterAll(() => server.stop());

  async function encryptedChannel(name: string): Promise<string> {
    const id = (await members[0]!.post('/channels', { name, kind: 'private', encrypted: true })).body.channel
      .id;
    for (const m of members.slice(1))
      await members[0]!.post(`/channels/${id}/members`, { userId: m.user.id });
    return id;
  }

  it('simultaneous first keys make one version 1, held by every member from one maker', async () => {
    const channelId = await encryptedChannel('race-first-key');
    // Each browser makes its own secret and wraps it for everyone, all at once.
    const answers = await Promise.all(
      members.map(async (m, i) => {
        const secret = newChannelKey();
        const wraps = await Promise.all(
          members.map(async (other, j) => ({
            userId: other.user.id,
            wrapped: await wrapFor(secret, 1, channelId, keys[j]!.publicKeys, keys[i]!.pairs),
          })),
        );
        return m.post(`/channels/${channelId}/keys`, { version: 1, wraps });
      }),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const a of answers.filter((a) => a.status !== 201))
      expect(a.body.error.code).toBe('stale_key_version');
    const makers = new Set<string>();
    for (const m of members) {
      const held = (await m.get(`/channels/${channelId}/keys`)).body.keys;
      expect(held.map((k: { version: number }) => k.version)).toEqual([1]);
      makers.add(held[0].wrappedBy);
    }
    expect(makers.size).toBe(1);
  });

  it('a member cannot plant a garbage wrap that locks a newcomer out of a key version', async () => {
    const channelId = await encryptedChannel('planted-wrap');
    const secret = newChannelKey();
    const made = await members[0]!.post(`/channels/${channelId}/keys`, {
      version: 1,
      wraps: [
        {
          userId: members[0]!.user.id,
          wrapped: await wrapFor(secret, 1, channelId, keys[0]!.publicKeys, keys[0]!.pairs),
        },
      ],
    });
    expect(made.status).toBe(201);
    await members[0]!.post(`/channels/${channelId}/members`, { userId: newcomer.user.id });
    // Member 1 does not hold version 1 and signs junk; then a wrap signed by someone other than the poster.
    const forged = await wrapFor(secret, 1, channelId, newcomerKeys.publicKeys, keys[2]!.pairs);
    for (const [poster, wrapped] of [
      [members[1]!, 'Z2FyYmFnZQ'],
      [members[0]!, 'Z2FyYmFnZQ'],
      [members[0]!, forged],
    ] as const) {
      const planted = await poster.post(`/channels/${channelId}/keys`, {
        version: 1,
        wraps: [{ userId: newcomer.user.id, wrapped }],
      });
      expect(planted.status).toBeGreaterThanOrEqual(400);
      expect(planted.status).toBeLessThan(500);
    }
    expect((await newcomer.get(`/channels/${channelId}/keys`)).body.keys).toEqual([]);
    const good = await wrapFor(secret, 1, channelId, newcomerKeys.publicKeys, keys[0]!.pairs);
    const shared = await members[0]!.post(`/channels/${channelId}/keys`, {
      version: 1,
      wraps: [{ userId: newcomer.user.id, wrapped: good }],
    });
    expect(shared.status).toBe(201);
    expect((await newcomer.get(`/channels/${channelId}/keys`)).body.keys).toEqual([
      { version: 1, wrapped: good, wrappedBy: members[0]!.user.id },
    ]);
  });

  it('refuses a wrap made for another channel or another version', async () => {
    const channelId = await encryptedChannel('wrong-context');
    const secret = newChannelKey();
    for (const wrapped of [
      await wrapFor(secret, 1, 'another-channel', keys[0]!.publicKeys, keys[0]!.pairs),
      await wrapFor(secret, 2, channelId, keys[0]!.publicKeys, keys[0]!.pairs),
    ]) {
      const res = await members[0]!.post(`/channels/${channelId}/keys`, {
        version: 1,
        wraps: [{ userId: members[0]!.user.id, wrapped }],
      });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
    expect((await members[0]!.get(`/channels/${channelId}/keys`)).body.keyVersion).toBe(0);
  });
});
