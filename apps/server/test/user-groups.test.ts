import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, clientId, connected, nextEvent, signUp } from './support/client.js';
import { backendsToTest } from './support/backends.js';
import { startServer, type TestServer } from './support/server.js';

describe.each(await backendsToTest())('user groups on %s', (backend) => {
  let server: TestServer;
  let owner: ApiClient;
  let admin: ApiClient;
  let member: ApiClient;
  let designer: ApiClient;
  let outsider: ApiClient;
  let guest: ApiClient;
  let gone: ApiClient;
  let channelId: string;
  beforeAll(async () => {
    server = await startServer({ RATE_LIMITS: 'off' }, backend);
    owner = await signUp(server.url, 'owner');
    admin = await signUp(server.url, 'admin');
    member = await signUp(server.url, 'member');
    designer = await signUp(server.url, 'dana');
    outsider = await signUp(server.url, 'olga');
    guest = await signUp(server.url, 'gus');
    gone = await signUp(server.url, 'gone');
    await owner.patch(`/admin/users/${admin.user.id}/role`, { role: 'admin' });
    await owner.patch(`/admin/users/${guest.user.id}/role`, { role: 'guest' });
    await owner.post(`/admin/users/${gone.user.id}/deactivate`);
    channelId = (await member.post('/channels', { name: 'design-review', kind: 'private' })).body.channel.id;
    for (const c of [designer, guest])
      await member.post(`/channels/${channelId}/members`, { userId: c.user.id });
  });
  afterAll(() => server.stop());

  const put = (c: ApiClient, path: string, body: unknown) => c.request('PUT', path, body);
  const create = (c: ApiClient, handle: string, userIds: string[] = []) =>
    c.post('/groups', { handle, name: `The ${handle} team`, userIds });
  const membership = async (c: ApiClient) =>
    (await c.get('/channels')).body.channels.find((ch: any) => ch.id === channelId).membership;

  describe('POST /groups, PATCH, PUT members, DELETE', () => {
    it('lets a member make a group with members, change it and delete it', async () => {
      const made = await create(member, 'Writers', [designer.user.id]);
      expect(made.status).toBe(201);
      expect(made.body.group).toMatchObject({
        handle: 'writers',
        name: 'The Writers team',
        description: '',
        memberIds: [designer.user.id],
        memberCount: 1,
        createdBy: member.user.id,
      });
      const id = made.body.group.id;
      const renamed = await member.patch(`/groups/${id}`, { name: 'Writing', description: 'Words' });
      expect(renamed.body.group).toMatchObject({ handle: 'writers', name: 'Writing', description: 'Words' });
      const set = await put(member, `/groups/${id}/members`, { userIds: [member.user.id, outsider.user.id] });
      expect(set.status).toBe(200);
      expect([...set.body.group.memberIds].sort()).toEqual([member.user.id, outsider.user.id].sort());
      expect((await owner.get('/groups')).body.groups.map((g: any) => g.handle)).toContain('writers');
      expect((await member.delete(`/groups/${id}`)).status).toBe(204);
      expect((await member.delete(`/groups/${id}`)).status).toBe(404);
      expect((await owner.get('/groups')).body.groups.map((g: any) => g.handle)).not.toContain('writers');
    });

    it('refuses a handle that is a username, another group, or a broadcast, ignoring case', async () => {
      const first = await create(member, 'clash');
      expect(first.status).toBe(201);
      expect((await create(member, 'CLASH')).body.error.code).toBe('group_handle_taken');
      expect((await create(member, 'Dana')).body.error.code).toBe('group_handle_taken');
      expect((await create(member, 'gone')).status).toBe(409);
      for (const reserved of ['here', 'channel', 'Everyone'])
        expect((await create(member, reserved)).body.error.code).toBe('validation_failed');
      const other = (await create(member, 'clash2')).body.group.id;
      expect((await member.patch(`/groups/${other}`, { handle: 'clash' })).body.error.code).toBe(
        'group_handle_taken',
      );
      expect((await member.patch(`/groups/${other}`, { handle: 'member' })).status).toBe(409);
      // Its own handle, in other letters, is not a clash.
      expect((await member.patch(`/groups/${other}`, { handle: 'Clash2' })).status).toBe(200);
    });

    it('refuses a username that is already a group handle', async () => {
      await create(member, 'frontend');
      const res = await member.request('POST', '/auth/register', {
        username: 'FrontEnd',
        displayName: 'Front',
        password: 'correct horse battery',
      });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('username_taken');
    });

    it('answers bad input with validation_failed, changing nothing', async () => {
      const before = (await owner.get('/groups')).body.groups.length;
      for (const body of [
        { handle: 'nul', name: 'a\u0000b' },
        { handle: 'lone', name: 'x', description: 'half \ud800 a pair' },
        { handle: 'bad handle', name: 'x' },
        { handle: 'x', name: 'x' },
        { handle: 'a'.repeat(33), name: 'x' },
        { handle: 'ok-handle', name: 'x', userIds: [designer.user.id, designer.user.id] },
        { handle: 'ok-handle', name: 'x', userIds: ['not-a-uuid'] },
        { handle: 'ok-handle', name: 'x', extra: 1 },
      ])
        expect((await member.post('/groups', body)).body.error.code).toBe('validation_failed');
      const tooMany = Array.from(
        { length: 1001 },
        (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      );
      expect((await member.post('/groups', { handle: 'big', name: 'Big', userIds: tooMany })).status).toBe(
        400,
      );
      expect(
        (await member.post('/groups', { handle: 'ghosts', name: 'G', userIds: [tooMany[0]] })).body.error
          .code,
      ).toBe('user_not_found');
      expect((await owner.get('/groups')).body.groups.length).toBe(before);
      const id = (await owner.get('/groups')).body.groups[0].id;
      expect((await member.patch(`/groups/${id}`, {})).status).toBe(400);
      expect((await put(member, `/groups/${id}/members`, { userIds: 'x' })).status).toBe(400);
      expect((await member.patch('/groups/nope', { name: 'x' })).status).toBe(400);
    });
  });

  describe('who may manage groups', () => {
    it('follows the instance setting: every member by default, owners and admins only when set', async () => {
      expect((await owner.get('/instance')).body.settings.groupManagers).toBe('members');
      expect((await create(guest, 'guests-made')).status).toBe(403);
      expect((await create(gone, 'gone-made')).status).toBe(401);
      const id = (await create(member, 'by-member', [member.user.id])).body.group.id;

      expect((await member.patch('/admin/settings', { groupManagers: 'admins' })).status).toBe(403);
      expect((await owner.patch('/admin/settings', { groupManagers: 'admins' })).body.settings).toMatchObject(
        {
          groupManagers: 'admins',
        },
      );
      expect((await create(member, 'member-made')).status).toBe(403);
      expect((await member.patch(`/groups/${id}`, { name: 'x' })).status).toBe(403);
      expect((await put(member, `/groups/${id}/members`, { userIds: [] })).status).toBe(403);
      expect((await member.delete(`/groups/${id}`)).status).toBe(403);
      expect((await member.get('/groups')).status).toBe(200);
      expect((await admin.patch(`/groups/${id}`, { name: 'By an admin' })).status).toBe(200);
      expect((await create(owner, 'owner-made')).status).toBe(201);
      expect((await owner.patch('/admin/settings', { groupManagers: 'bosses' })).status).toBe(400);
      await owner.patch('/admin/settings', { groupManagers: 'members' });
      expect((await guest.patch(`/groups/${id}`, { name: 'x' })).status).toBe(403);
      expect((await member.delete(`/groups/${id}`)).status).toBe(204);
    });

    it('shows guests the groups but, among the members, only themselves', async () => {
      const id = (await create(member, 'mixed', [guest.user.id, designer.user.id, outsider.user.id])).body
        .group.id;
      const seen = (await guest.get('/groups')).body.groups.find((g: any) => g.id === id);
      expect(seen).toMatchObject({ handle: 'mixed', memberIds: [guest.user.id], memberCount: 3 });
      const full = (await member.get('/groups')).body.groups.find((g: any) => g.id === id);
      expect(full.memberIds).toHaveLength(3);
    });
  });

  describe('mentions of a group', () => {
    it('count for the members in the channel, and say nothing to members outside it', async () => {
      await create(member, 'design', [designer.user.id, outsider.user.id]);
      const before = (await membership(designer)).mentions;
      const msg = (
        await member.post(`/channels/${channelId}/messages`, { clientId: clientId(), body: 'ping @design.' })
      ).body.message;
      await member.post(`/channels/${channelId}/messages`, { clientId: clientId(), body: '@design-team no' });
      expect((await membership(designer)).mentions).toBe(before + 1);
      expect((await membership(guest)).mentions).toBe(0);
      expect((await designer.get('/mentions')).body.messages.map((m: any) => m.id)).toContain(msg.id);
      expect((await outsider.get('/mentions')).body.messages).toEqual([]);
      expect((await outsider.get('/channels')).body.channels.some((c: any) => c.id === channelId)).toBe(
        false,
      );
      const read = await designer.post(`/channels/${channelId}/read`, { seq: msg.seq - 1 });
      expect(read.body.read.mentions).toBe(1);
    });

    it('stops counting for someone taken out of the group', async () => {
      const id = (await create(member, 'ops', [designer.user.id])).body.group.id;
      await designer.post(`/channels/${channelId}/read`, { seq: 100_000 });
      await member.post(`/channels/${channelId}/messages`, { clientId: clientId(), body: '@ops deploy?' });
      expect((await membership(designer)).mentions).toBe(1);
      await put(member, `/groups/${id}/members`, { userIds: [] });
      expect((await membership(designer)).mentions).toBe(0);
    });
  });

  describe('the sync feed and live events', () => {
    it('replays made, changed and deleted groups to every user, guests trimmed', async () => {
      const since = (await outsider.get('/sync')).body.cursor;
      const guestSince = (await guest.get('/sync')).body.cursor;
      const id = (await create(member, 'replayed', [designer.user.id])).body.group.id;
      await member.patch(`/groups/${id}`, { name: 'Replayed again' });
      const gone2 = (await create(member, 'short-lived')).body.group.id;
      await member.delete(`/groups/${gone2}`);
      const changes = (await outsider.get(`/sync?since=${since}`)).body.changes;
      const updated = changes.filter((c: any) => c.type === 'group:updated' && c.payload.group.id === id);
      expect(updated.at(-1).payload.group).toMatchObject({
        name: 'Replayed again',
        memberIds: [designer.user.id],
      });
      expect(changes.some((c: any) => c.type === 'group:deleted' && c.payload.groupId === gone2)).toBe(true);
      // The deleted group's creation resolves to nothing: it is gone.
      expect(changes.some((c: any) => c.type === 'group:updated' && c.payload.group.id === gone2)).toBe(
        false,
      );
      const guestChange = (await guest.get(`/sync?since=${guestSince}`)).body.changes.find(
        (c: any) => c.type === 'group:updated' && c.payload.group.id === id,
      );
      expect(guestChange.payload.group).toMatchObject({ memberIds: [], memberCount: 1 });
    });

    it('delivers group:updated and group:deleted live, to guests without the members', async () => {
      const sockets = [
        outsider.socket({ transports: ['websocket'] }),
        guest.socket({ transports: ['websocket'] }),
      ];
      await Promise.all(sockets.map(connected));
      const [full, trimmed] = sockets.map((s) =>
        nextEvent(s, 'group:updated', (e: any) => e.group.handle === 'live'),
      );
      const id = (await create(member, 'live', [designer.user.id])).body.group.id;
      expect((await full).group.memberIds).toEqual([designer.user.id]);
      expect(await trimmed).toMatchObject({ group: { memberIds: [], memberCount: 1 } });
      const deleted = nextEvent(sockets[0]!, 'group:deleted', (e: any) => e.groupId === id);
      await member.delete(`/groups/${id}`);
      expect((await deleted).cursor).toMatch(/^\d+\.\d+$/);
      for (const s of sockets) s.close();
    });
  });
});
