import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@parley/protocol';
import { ApiClient, signUp } from './support/client.js';
import { backendsToTest } from './support/backends.js';
import { startServer, type TestServer } from './support/server.js';

const PASSWORD = 'correct horse battery';

describe.each(await backendsToTest())('The security log on %s', (backend) => {
  let server: TestServer;
  let owner: ApiClient;
  let bob: ApiClient;
  let carol: ApiClient;
  const log = async (query = '') => (await owner.get(`/admin/audit${query}`)).body.entries as AuditEntry[];
  /** The newest entry of an action, once its write has landed (it follows the change). */
  const newest = async (action: string, query = '') => {
    let found: AuditEntry | undefined;
    await expect.poll(async () => (found = (await log(query)).find((e) => e.action === action))).toBeTruthy();
    return found!;
  };

  beforeAll(async () => {
    server = await startServer({}, backend);
    owner = await signUp(server.url, 'owner');
    bob = await signUp(server.url, 'bob');
    carol = await signUp(server.url, 'carol');
  });
  afterAll(() => server.stop());

  it('records sign-ups and sign-ins with how and from where, newest first', async () => {
    expect(await newest('registered', `?userId=${bob.user.id}`)).toMatchObject({
      actorId: bob.user.id,
      targetId: bob.user.id,
      address: '127.0.0.1',
    });
    await new ApiClient(server.url).post('/auth/login', { username: 'bob', password: PASSWORD });
    const entry = await newest('signed_in');
    expect(entry).toMatchObject({
      actorId: bob.user.id,
      detail: { with: 'a password' },
      address: '127.0.0.1',
    });
    const ids = (await log()).map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('records two-factor changes and a sign-in with a code', async () => {
    const { secret } = (await bob.post('/auth/two-factor/setup', { password: PASSWORD })).body.setup;
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    await bob.post('/auth/two-factor/enable', { code: totp.generate({ timestamp: Date.now() - 30_000 }) });
    expect(await newest('two_factor_on')).toMatchObject({
      actorId: bob.user.id,
      targetId: bob.user.id,
      address: '127.0.0.1',
    });
    const client = new ApiClient(server.url);
    const { ticket } = (await client.post('/auth/login', { username: 'bob', password: PASSWORD })).body
      .twoFactor;
    await client.post('/auth/login/code', { ticket, code: totp.generate() });
    await expect
      .poll(async () => (await log()).find((e) => e.action === 'signed_in')?.detail)
      .toEqual({ with: 'an authenticator code' });
    await owner.delete(`/admin/users/${bob.user.id}/two-factor`);
    expect(await newest('two_factor_off')).toMatchObject({ actorId: owner.user.id, targetId: bob.user.id });
  });

  it('records what admins do to accounts and settings, with the change', async () => {
    await owner.patch(`/admin/users/${bob.user.id}/role`, { role: 'admin' });
    expect(await newest('role_changed')).toMatchObject({
      actorId: owner.user.id,
      targetId: bob.user.id,
      detail: { from: 'member', to: 'admin' },
    });
    await owner.post(`/admin/users/${bob.user.id}/deactivate`);
    expect(await newest('deactivated')).toMatchObject({ actorId: owner.user.id, targetId: bob.user.id });
    await owner.post(`/admin/users/${bob.user.id}/reactivate`);
    await newest('reactivated');
    await owner.patch('/admin/settings', { inviteOnly: true });
    expect(await newest('settings_changed')).toMatchObject({
      actorId: owner.user.id,
      detail: { inviteOnly: true },
    });
    const invite = (await owner.post('/admin/invites', { maxUses: 3 })).body.invite;
    expect((await newest('invite_created')).detail).toMatchObject({ maxUses: 3 });
    // The invite's code lets someone in: the log keeps what it allows, not the code.
    expect(JSON.stringify(await log())).not.toContain(invite.code);
  });

  it('records password changes, and filters by person: what they did and what was done to them', async () => {
    bob = new ApiClient(server.url);
    await bob.post('/auth/login', { username: 'bob', password: PASSWORD });
    await bob.post('/auth/password', { currentPassword: PASSWORD, newPassword: 'another password 1' });
    await newest('password_changed');
    const bobs = await log(`?userId=${(await bob.get('/auth/session')).body.user.id}`);
    expect(bobs.length).toBeGreaterThan(5);
    const bobId = (await bob.get('/auth/session')).body.user.id;
    for (const e of bobs) expect([e.actorId, e.targetId]).toContain(bobId);
  });

  it('pages with before=, and is for owners and admins only', async () => {
    const first = await owner.get('/admin/audit?limit=3');
    expect(first.body.entries).toHaveLength(3);
    const next = await owner.get(`/admin/audit?limit=3&before=${first.body.nextCursor}`);
    expect(Number(next.body.entries[0].id)).toBeLessThan(Number(first.body.entries[2].id));
    expect((await carol.get('/admin/audit')).status).toBe(403);
    expect((await new ApiClient(server.url).get('/admin/audit')).status).toBe(401);
    for (const bad of ['?limit=0', '?limit=500', '?before=-1', '?before=abc', '?userId=nope', '?x=1'])
      expect((await owner.get(`/admin/audit${bad}`)).status).toBe(400);
  });
});
