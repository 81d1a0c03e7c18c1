import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, clientId, connected, nextEvent, signUp } from './support/client.js';
import { backendsToTest } from './support/backends.js';
import { startServer, type TestServer } from './support/server.js';

const PASSWORD = 'correct horse battery';

describe.each(await backendsToTest())('taking access away on %s', (backend) => {
  let server: TestServer;
  let owner: ApiClient;
  beforeAll(async () => {
    server = await startServer({}, backend);
    owner = await signUp(server.url, 'boss');
  });
  afterAll(() => server.stop());

  const login = async (username: string, password = PASSWORD) => {
    const client = new ApiClient(server.url);
    return { client, res: await client.post('/auth/login', { username, password }) };
  };
  const general = async () =>
    (await owner.get('/channels')).body.channels.find((c: { name: string }) => c.name === 'general');

  describe('POST /admin/users/:id/deactivate', () => {
    it('signs the user out at once, sockets included, refuses sign-in and keeps their messages', async () => {
      const leaver = await signUp(server.url, 'leaver');
      const { id: generalId } = await general();
      const sent = await leaver.post(`/channels/${generalId}/messages`, {
        clientId: clientId(),
        body: 'still here',
      });
      const socket = leaver.socket();
      await connected(socket);
      const dropped = new Promise((resolve) => socket.once('disconnect', resolve));
      const res = await owner.post(`/admin/users/${leaver.user.id}/deactivate`);
      expect(res.body.user.status).toBe('deactivated');
      await dropped;
      expect((await leaver.get('/auth/session')).status).toBe(401);
      const again = await login('leaver');
      expect(again.res.status).toBe(403);
      expect(again.res.body.error.code).toBe('account_deactivated');
      // A wrong password learns nothing about the account.
      expect((await login('leaver', 'wrong password!')).res.body.error.code).toBe('invalid_credentials');
      const history = await owner.get(`/channels/${generalId}/messages?limit=50`);
      expect(history.body.messages.map((m: { id: string }) => m.id)).toContain(sent.body.message.id);
      const members = (await owner.get(`/channels/${generalId}/members`)).body.members;
      expect(members.find((m: { user: { id: string } }) => m.user.id === leaver.user.id).user.status).toBe(
        'deactivated',
      );
      const listed = (await owner.get('/admin/users')).body.users;
      expect(listed.find((u: { id: string }) => u.id === leaver.user.id).status).toBe('deactivated');
    });

    it('cannot be DMed or added to a channel while deactivated, and comes back on reactivation', async () => {
      const gone = await signUp(server.url, 'gone');
      await owner.post(`/admin/users/${gone.user.id}/deactivate`);
      expect((await owner.post('/dms', { userId: gone.user.id })).status).toBe(404);
      const { body } = await owner.post('/channels', { name: 'after-gone', kind: 'private' });
      expect(
        (await owner.post(`/channels/${body.channel.id}/members`, { userId: gone.user.id })).status,
      ).toBe(404);
      const back = await owner.post(`/admin/users/${gone.user.id}/reactivate`);
      expect(back.body.user.status).toBe('active');
      expect((await login('gone')).res.status).toBe(200);
    });

    it('refuses to deactivate the owner, and lets only the owner deactivate an admin', async () => {
      const deputy = await signUp(server.url, 'deputy');
      await owner.patch(`/admin/users/${deputy.user.id}/role`, { role: 'admin' });
      const peer = await signUp(server.url, 'peer');
      await owner.patch(`/admin/users/${peer.user.id}/role`, { role: 'admin' });
      const member = await signUp(server.url);
      const asDeputy = (await login('deputy')).client;
      expect((await asDeputy.post(`/admin/users/${owner.user.id}/deactivate`)).status).toBe(403);
      expect((await asDeputy.post(`/admin/users/${peer.user.id}/deactivate`)).status).toBe(403);
      expect((await member.post(`/admin/users/${deputy.user.id}/deactivate`)).status).toBe(403);
      expect((await asDeputy.post(`/admin/users/${member.user.id}/deactivate`)).status).toBe(200);
      expect((await owner.post(`/admin/users/${peer.user.id}/deactivate`)).status).toBe(200);
    });
  });

  describe('POST /admin/users/:id/reset-link', () => {
    it('gives a one-time link that sets a new password and signs out every session', async () => {
      const forgetful = await signUp(server.url, 'forgetful');
      const res = await owner.post(`/admin/users/${forgetful.user.id}/reset-link`);
      expect(res.status).toBe(201);
      const { token, path, expiresAt } = res.body.reset;
      expect(path).toBe(`/reset/${token}`);
      expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(23 * 3_600_000);
      const anon = new ApiClient(server.url);
      expect((await anon.get(`/auth/reset/${token}`)).body.reset).toEqual({
        valid: true,
        username: 'forgetful',
      });
      expect((await anon.post(`/auth/reset/${token}`, { password: 'short' })).status).toBe(400);
      expect((await anon.post(`/auth/reset/${token}`, { password: 'a fresh password' })).status).toBe(204);
      expect((await forgetful.get('/auth/session')).status).toBe(401);
      expect((await login('forgetful', 'a fresh password')).res.status).toBe(200);
      const reused = await anon.post(`/auth/reset/${token}`, { password: 'another password' });
      expect(reused.body.error.code).toBe('reset_link_invalid');
      expect((await anon.get(`/auth/reset/${token}`)).body.reset.valid).toBe(false);
    });

    it('is replaced by a newer link, and only admins can make one', async () => {
      const user = await signUp(server.url, 'twice');
      const first = (await owner.post(`/admin/users/${user.user.id}/reset-link`)).body.reset.token;
      await owner.post(`/admin/users/${user.user.id}/reset-link`);
      expect((await user.post(`/auth/reset/${first}`, { password: 'a fresh password' })).status).toBe(404);
      expect((await user.post(`/admin/users/${owner.user.id}/reset-link`)).status).toBe(403);
      expect((await owner.get('/auth/reset/not-a-token-at-all-really')).body.reset.valid).toBe(false);
    });
  });

  describe('demotion to guest', () => {
    it('removes the user from public channels and #general, keeping DMs and private channels, rooms left live', async () => {
      const guest = await signUp(server.url, 'demoted');
      const { body: pub } = await owner.post('/channels', { name: 'open-plan', kind: 'public' });
      await owner.post(`/channels/${pub.channel.id}/members`, { userId: guest.user.id });
      const { body: priv } = await owner.post('/channels', { name: 'war-room', kind: 'private' });
      await owner.post(`/channels/${priv.channel.id}/members`, { userId: guest.user.id });
      const dm = (await owner.post('/dms', { userId: guest.user.id })).body.channel;
      const { id: generalId } = await general();
      const socket = guest.socket();
      await connected(socket);
      const removed = nextEvent(socket, 'channel:removed', (e) => e.channelId === pub.channel.id);
      const res = await owner.patch(`/admin/users/${guest.user.id}/role`, { role: 'guest' });
      expect(res.body.user.role).toBe('guest');
      await removed;
      const names = (await guest.get('/channels')).body.channels.map((c: { id: string }) => c.id);
      expect(names).toEqual(expect.arrayContaining([priv.channel.id, dm.id]));
      expect(names).not.toContain(pub.channel.id);
      expect(names).not.toContain(generalId);
      for (const id of [pub.channel.id, generalId]) {
        expect((await guest.get(`/channels/${id}/messages`)).status).toBeGreaterThanOrEqual(403);
        const post = await guest.post(`/channels/${id}/messages`, { clientId: clientId(), body: 'hi' });
        expect(post.status).toBeGreaterThanOrEqual(403);
      }
      // Nothing said in the channel afterwards reaches the guest's open socket.
      let leaked = false;
      socket.on('message:created', (e) => (leaked ||= e.message.channelId === pub.channel.id));
      await owner.post(`/channels/${pub.channel.id}/messages`, { clientId: clientId(), body: 'after' });
      const mark = nextEvent(socket, 'message:created', (e) => e.message.channelId === priv.channel.id);
      await owner.post(`/channels/${priv.channel.id}/messages`, { clientId: clientId(), body: 'marker' });
      await mark;
      expect(leaked).toBe(false);
      socket.close();
    });
  });
});
