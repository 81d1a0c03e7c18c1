import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, clientId, signUp } from './support/client.js';
import { startServer, type TestServer } from './support/server.js';

const UUID = '00000000-0000-4000-8000-000000000000';
const huge = 'x'.repeat(1_100_000);

describe('bad input on every route: a 4xx with a code, never a 500, and nothing changes', () => {
  let server: TestServer;
  let owner: ApiClient;
  let channelId: string;
  let messageId: string;
  beforeAll(async () => {
    server = await startServer();
    owner = await signUp(server.url, 'owner');
    channelId = (await owner.post('/channels', { name: 'stable', kind: 'public', topic: 'keep' })).body
      .channel.id;
    messageId = (
      await owner.post(`/channels/${channelId}/messages`, { clientId: clientId(), body: 'keep me' })
    ).body.message.id;
  });
  afterAll(() => server.stop());

  const bodies = (valid: Record<string, unknown>) => [
    undefined,
    '{not json',
    '[]',
    'null',
    '"string"',
    {},
    { ...valid, unexpected: true },
    Object.fromEntries(Object.keys(valid).map((k) => [k, null])),
    Object.fromEntries(Object.keys(valid).map((k) => [k, 'x'.repeat(20_000)])),
    Object.fromEntries(Object.keys(valid).map((k) => [k, { nested: ['x'] }])),
    // A NUL character and a lone surrogate: PostgreSQL cannot store either as sent.
    Object.fromEntries(Object.keys(valid).map((k) => [k, 'a\u0000b'])),
    Object.fromEntries(Object.keys(valid).map((k) => [k, 'a\ud800b'])),
    Object.fromEntries(Object.keys(valid).map((k) => [k, 2 ** 31])),
    huge,
  ];

  const writes: [string, () => string, Record<string, unknown>][] = [
    [
      'POST',
      () => '/auth/register',
      { username: 'newbie', displayName: 'N', password: 'correct horse battery' },
    ],
    ['POST', () => '/auth/login', { username: 'owner', password: 'correct horse battery' }],
    ['PATCH', () => '/users/me', { displayName: 'Owner' }],
    ['POST', () => '/channels', { name: 'fresh', kind: 'public' }],
    ['PATCH', () => `/channels/${channelId}`, { topic: 'changed' }],
    ['POST', () => `/channels/${channelId}/members`, { userId: UUID }],
    ['PATCH', () => `/channels/${channelId}/membership`, { notify: 'none' }],
    ['POST', () => `/channels/${channelId}/read`, { seq: 1 }],
    ['POST', () => '/dms', { userId: UUID }],
    ['POST', () => `/channels/${channelId}/messages`, { clientId: 'abcdefgh-1', body: 'new' }],
    ['PATCH', () => `/messages/${messageId}`, { body: 'edited' }],
    [
      'POST',
      () => `/channels/${channelId}/messages`,
      { clientId: 'abcdefgh-2', body: 'reply', threadRootId: UUID, alsoInChannel: true },
    ],
    ['POST', () => `/messages/${messageId}/thread/read`, { seq: 1 }],
    ['PATCH', () => '/admin/settings', { inviteOnly: true }],
    ['POST', () => '/admin/invites', { maxUses: 3 }],
    ['PATCH', () => `/admin/users/${UUID}/role`, { role: 'admin' }],
  ];

  async function snapshot() {
    const [channels, messages, settings, invites, session, thread, threads] = await Promise.all([
      owner.get('/channels?scope=browse'),
      owner.get(`/channels/${channelId}/messages?limit=200`),
      owner.get('/admin/settings'),
      owner.get('/admin/invites'),
      owner.get('/auth/session'),
      owner.get(`/messages/${messageId}/thread`),
      owner.get('/threads'),
    ]);
    return JSON.stringify(
      [channels, messages, settings, invites, session, thread, threads].map((r) => r.body),
    );
  }

  it.each(writes)('%s %s', async (method, path, valid) => {
    const before = await snapshot();
    for (const body of bodies(valid)) {
      if (
        method === 'POST' &&
        path() === '/admin/invites' &&
        (body === undefined || JSON.stringify(body) === '{}')
      )
        continue;
      const res = await owner.request(method, path(), body);
      expect(
        res.status,
        `${method} ${path()} with ${String(JSON.stringify(body)).slice(0, 60)}`,
      ).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(typeof res.body.error.code).toBe('string');
    }
    expect(await snapshot()).toBe(before);
  });

  it.each([
    '/channels/not-a-uuid',
    '/channels/not-a-uuid/messages',
    `/channels/${UUID}/messages?before=abc`,
    `/channels/${UUID}/messages?limit=100000`,
    `/channels/${UUID}/messages?before=1&after=2`,
    `/channels/${UUID}/messages?unknown=1`,
    '/channels?scope=everything',
    '/users?limit=-1',
    '/users/by-username/NO%20SPACES',
    `/channels/${UUID}/messages?after=2147483648`,
    '/users?q=a%00b',
    '/sync?since=abc',
    '/sync?since=1.2&x=1',
    '/messages/not-a-uuid',
    '/messages/not-a-uuid/thread',
    `/messages/${UUID}/thread?limit=0`,
    `/messages/${UUID}/thread?after=-1`,
  ])('GET %s', async (path) => {
    const res = await owner.get(path);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
  });

  it.each(['PUT', 'DELETE'])(
    '%s reactions and follows with bad ids or emoji, changing nothing',
    async (method) => {
      const before = await snapshot();
      for (const path of [
        `/messages/not-a-uuid/reactions/${encodeURIComponent('👍')}`,
        `/messages/${messageId}/reactions/a%00b`,
        `/messages/${messageId}/reactions/%ED%A0%80`,
        `/messages/${messageId}/reactions/${'x'.repeat(100)}`,
        `/messages/${messageId}/reactions/not-emoji`,
        '/messages/not-a-uuid/follow',
      ]) {
        const res = await owner.request(method, path);
        expect(res.status, `${method} ${path}`).toBe(400);
        expect(res.body.error.code).toBe('validation_failed');
      }
      expect(await snapshot()).toBe(before);
    },
  );

  it('answers payload_too_large for a body over 1 MB', async () => {
    const res = await owner.post('/channels', { name: 'big', kind: 'public', topic: huge });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
  });

  it('rejects a message body over 16,000 characters and an empty one', async () => {
    for (const body of ['x'.repeat(16_001), '   ']) {
      const res = await owner.post(`/channels/${channelId}/messages`, { clientId: clientId(), body });
      expect(res.body.error.code).toBe('validation_failed');
    }
  });

  it('answers unsupported for a body that is not JSON', async () => {
    const res = await owner.request('POST', '/channels', 'name=x', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe('unsupported');
  });

  it('answers not_found with the envelope for an unknown API route', async () => {
    const res = await owner.get('/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });
});
