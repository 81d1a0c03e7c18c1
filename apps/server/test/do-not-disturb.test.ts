import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, signUp } from './support/client.js';
import { backendsToTest } from './support/backends.js';
import { startServer, type TestServer } from './support/server.js';

describe.each(await backendsToTest())('do not disturb, status and time zone on %s', (backend) => {
  let server: TestServer;
  let alice: ApiClient;
  let bob: ApiClient;
  beforeAll(async () => {
    server = await startServer({ RATE_LIMITS: 'off' }, backend);
    alice = await signUp(server.url, 'alice');
    bob = await signUp(server.url, 'bob');
  });
  afterAll(() => server.stop());

  const inOneHour = () => new Date(Date.now() + 3_600_000).toISOString();
  const seenByBob = async () =>
    (await bob.get(`/users?ids=${alice.user.id}`)).body.users[0].dndUntil as string | null;

  it('pauses notifications until a time, shown to others and replayed to other devices, then resumes', async () => {
    const since = (await bob.get('/sync')).body.cursor;
    const until = inOneHour();
    const paused = await alice.patch('/users/me', { dndUntil: until });
    expect(paused.status).toBe(200);
    expect(Date.parse(paused.body.user.dndUntil)).toBe(Date.parse(until));
    expect(paused.body.user.displayName).toBe('alice');
    expect(Date.parse((await seenByBob())!)).toBe(Date.parse(until));
    const changes = (await bob.get(`/sync?since=${since}`)).body.changes;
    expect(changes.find((c: any) => c.type === 'user:updated').payload.user.dndUntil).not.toBeNull();
    expect((await alice.patch('/users/me', { dndUntil: null })).body.user.dndUntil).toBeNull();
    expect(await seenByBob()).toBeNull();
  });

  it('sets a custom status others see until it runs out or is cleared, and the time zone for local time', async () => {
    const until = inOneHour();
    const res = await alice.patch('/users/me', {
      status: { text: 'In a meeting', emoji: '📅', until },
      timeZone: 'Europe/Paris',
    });
    expect(res.status).toBe(200);
    const seen = (await bob.get(`/users?ids=${alice.user.id}`)).body.users[0];
    expect(seen.customStatus).toMatchObject({ text: 'In a meeting', emoji: '📅' });
    expect(Date.parse(seen.customStatus.until)).toBe(Date.parse(until));
    expect(seen.timeZone).toBe('Europe/Paris');
    await alice.patch('/users/me', { status: null });
    expect((await bob.get(`/users?ids=${alice.user.id}`)).body.users[0].customStatus).toBeNull();
    for (const body of [
      { timeZone: 'Mars/Olympus' },
      { timeZone: '../etc' },
      { status: { text: 'x'.repeat(101), emoji: '', until: null } },
      { status: { text: 'late', emoji: '', until: new Date(Date.now() - 1000).toISOString() } },
      { status: { text: 'a\u0000b', emoji: '', until: null } },
    ])
      expect((await alice.patch('/users/me', body)).status, JSON.stringify(body)).toBe(400);
  });

  it('refuses a time in the past, past a year, or not a time, and changes nothing', async () => {
    const bad = [
      { dndUntil: new Date(Date.now() - 60_000).toISOString() },
      { dndUntil: new Date(Date.now() + 400 * 86_400_000).toISOString() },
      { dndUntil: 'tomorrow' },
      { dndUntil: 12 },
      {},
      { dndUntil: inOneHour(), extra: true },
    ];
    for (const body of bad) {
      const res = await alice.patch('/users/me', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
    expect(await seenByBob()).toBeNull();
  });
});
