import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, signUp } from './support/client.js';
import { startServer, type TestServer } from './support/server.js';

describe('invite-only registration', () => {
  let server: TestServer;
  let owner: ApiClient;
  beforeAll(async () => {
    server = await startServer();
    owner = await signUp(server.url, 'boss');
  });
  afterAll(() => server.stop());

  const register = (username: string, inviteCode?: string) =>
    new ApiClient(server.url).post('/auth/register', {
      username,
      displayName: username,
      password: 'correct horse battery',
      ...(inviteCode ? { inviteCode } : {}),
    });

  it('lets only owners and admins change settings', async () => {
    const member = await signUp(server.url);
    const res = await member.patch('/admin/settings', { inviteOnly: true });
    expect(res.status).toBe(403);
    expect((await owner.get('/instance')).body.settings.inviteOnly).toBe(false);
  });

  it('requires an invite once invite-only is on, and a valid invite works once per use', async () => {
    expect((await owner.patch('/admin/settings', { inviteOnly: true })).body.settings.inviteOnly).toBe(true);
    const refused = await register('nobody');
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('invite_required');

    const { body } = await owner.post('/admin/invites', { maxUses: 1 });
    const code = body.invite.code;
    expect((await new ApiClient(server.url).get(`/invites/${code}`)).body.invite.valid).toBe(true);
    expect((await register('invited', code)).status).toBe(201);
    const spent = await register('invited2', code);
    expect(spent.status).toBe(404);
    expect(spent.body.error.code).toBe('invite_invalid');
    expect((await new ApiClient(server.url).get(`/invites/${code}`)).body.invite.valid).toBe(false);
  });

  it('an invite code with a NUL character answers 400, not 500', async () => {
    for (const res of [
      await new ApiClient(server.url).get('/invites/a%00b'),
      await owner.delete('/admin/invites/a%00b'),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
  });

  it('rejects a revoked invite', async () => {
    const { body } = await owner.post('/admin/invites', {});
    expect((await owner.delete(`/admin/invites/${body.invite.code}`)).status).toBe(204);
    expect((await register('late', body.invite.code)).body.error.code).toBe('invite_invalid');
  });

  it('lets the owner make an admin, and an admin cannot demote the owner', async () => {
    const { body: created } = await owner.post('/admin/invites', {});
    const res = await register('deputy', created.invite.code);
    const deputy = new ApiClient(server.url);
    await deputy.post('/auth/login', { username: 'deputy', password: 'correct horse battery' });
    expect(
      (await owner.patch(`/admin/users/${res.body.user.id}/role`, { role: 'admin' })).body.user.role,
    ).toBe('admin');
    const demote = await deputy.patch(`/admin/users/${owner.user.id}/role`, { role: 'member' });
    expect(demote.status).toBe(403);
  });

  it('lists only invites that still let someone in, and keeps at most 100 open', async () => {
    const open = async () =>
      (await owner.get('/admin/invites')).body.invites.map((i: { code: string }) => i.code);
    const used = (await owner.post('/admin/invites', { maxUses: 1 })).body.invite.code;
    expect(await open()).toContain(used);
    await register('used.once', used);
    expect(await open()).not.toContain(used);
    const already = (await open()).length;
    for (let i = already; i < 100; i++) expect((await owner.post('/admin/invites', {})).status).toBe(201);
    const refused = await owner.post('/admin/invites', {});
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('too_many_invites');
    expect(await open()).toHaveLength(100);
    // Revoking one makes room again.
    expect((await owner.delete(`/admin/invites/${(await open())[0]}`)).status).toBe(204);
    expect((await owner.post('/admin/invites', {})).status).toBe(201);
  });
});
