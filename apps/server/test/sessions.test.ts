import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, connected, signUp } from './support/client.js';
import { backendsToTest } from './support/backends.js';
import { startServer, type TestServer } from './support/server.js';

const PASSWORD = 'correct horse battery';

describe.each(await backendsToTest())('passwords and sessions on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ SESSION_IDLE_DAYS: '3' }, backend);
    await signUp(server.url, 'owner');
  });
  afterAll(() => server.stop());

  async function signIn(username: string, password = PASSWORD, userAgent = 'Test browser') {
    const client = new ApiClient(server.url);
    const res = await client.request(
      'POST',
      '/auth/login',
      { username, password },
      { 'user-agent': userAgent },
    );
    return { client, res };
  }

  const disconnectedBy = (socket: ReturnType<ApiClient['socket']>) =>
    new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

  describe('POST /auth/password', () => {
    it('changes the password, keeps this session and signs out every other one, sockets included', async () => {
      const here = await signUp(server.url, 'pat');
      const { client: there } = await signIn('pat');
      const socket = there.socket();
      await connected(socket);
      const dropped = disconnectedBy(socket);
      const res = await here.post('/auth/password', {
        currentPassword: PASSWORD,
        newPassword: 'a new long secret',
      });
      expect(res.status).toBe(200);
      expect(res.body.revoked).toBe(1);
      expect(await dropped).toBe('io server disconnect');
      expect((await there.get('/auth/session')).status).toBe(401);
      expect((await here.get('/auth/session')).status).toBe(200);
      expect((await signIn('pat')).res.body.error.code).toBe('invalid_credentials');
      expect((await signIn('pat', 'a new long secret')).res.status).toBe(200);
    });

    it('refuses a wrong current password and keeps the old one', async () => {
      const user = await signUp(server.url, 'wrongpw');
      const res = await user.post('/auth/password', {
        currentPassword: 'not it at all',
        newPassword: 'x'.repeat(12),
      });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('wrong_password');
      expect((await signIn('wrongpw')).res.status).toBe(200);
    });

    it('rejects bad input with validation_failed and changes nothing', async () => {
      const user = await signUp(server.url, 'hostile');
      for (const body of [
        `{"currentPassword":"${PASSWORD}","newPassword":"long enough pw","__proto__":{"admin":true}}`,
        { currentPassword: PASSWORD, newPassword: 'long enough pw', extra: 1 },
        { currentPassword: PASSWORD, newPassword: 'long enough \ud800' },
        { currentPassword: PASSWORD, newPassword: 2 ** 31 },
      ]) {
        const res = await user.post('/auth/password', body);
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe('validation_failed');
      }
      expect((await signIn('hostile')).res.status).toBe(200);
      const reset = await user.post('/auth/reset/%ED%A0%80aaaaaaaaaaaaaaaaaaaa', {
        password: 'long enough pw',
      });
      expect(reset.status).toBe(400);
    });

    it('refuses a new password that is too short, and a signed-out caller', async () => {
      const user = await signUp(server.url);
      const short = await user.post('/auth/password', { currentPassword: PASSWORD, newPassword: 'short' });
      expect(short.body.error.code).toBe('validation_failed');
      const anon = new ApiClient(server.url);
      const res = await anon.post('/auth/password', {
        currentPassword: PASSWORD,
        newPassword: 'x'.repeat(12),
      });
      expect(res.status).toBe(401);
    });
  });

  describe('GET /auth/sessions', () => {
    it('lists the user’s live sessions with device, times and which one is this device', async () => {
      const user = await signUp(server.url, 'lister');
      await signIn('lister', PASSWORD, 'Phone browser');
      const { body } = await user.get('/auth/sessions');
      expect(body.sessions).toHaveLength(2);
      const phone = body.sessions.find((s: { userAgent: string }) => s.userAgent === 'Phone browser');
      expect(phone.current).toBe(false);
      expect(body.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
      for (const s of body.sessions) {
        expect(Date.parse(s.createdAt)).not.toBeNaN();
        expect(Date.parse(s.lastActiveAt)).not.toBeNaN();
        // The listed id is neither the cookie's token nor its stored hash.
        expect(user.cookie).not.toContain(s.id);
      }
    });

    it('revokes one session by id, dropping its socket, and not someone else’s', async () => {
      const user = await signUp(server.url, 'revoker');
      const { client: phone } = await signIn('revoker', PASSWORD, 'Phone');
      const other = await signUp(server.url);
      const { body } = await user.get('/auth/sessions');
      const id = body.sessions.find((s: { current: boolean }) => !s.current).id;
      expect((await other.delete(`/auth/sessions/${id}`)).status).toBe(404);
      const socket = phone.socket();
      await connected(socket);
      const dropped = disconnectedBy(socket);
      expect((await user.delete(`/auth/sessions/${id}`)).status).toBe(204);
      await dropped;
      expect((await phone.get('/auth/session')).status).toBe(401);
      expect((await user.get('/auth/sessions')).body.sessions).toHaveLength(1);
    });

    it('signs out everywhere else, keeping this session', async () => {
      const user = await signUp(server.url, 'everywhere');
      const others = await Promise.all([signIn('everywhere'), signIn('everywhere')]);
      const res = await user.delete('/auth/sessions/others');
      expect(res.body.revoked).toBe(2);
      for (const { client } of others) expect((await client.get('/auth/session')).status).toBe(401);
      expect((await user.get('/auth/session')).status).toBe(200);
    });

    it('rejects a malformed session id', async () => {
      const user = await signUp(server.url);
      const res = await user.delete('/auth/sessions/%00bad');
      expect(res.body.error.code).toBe('validation_failed');
    });
  });

  describe('idle timeout', () => {
    const backdate = (userId: string, days: number) =>
      server.parley.ctx.db.execute(
        sql`update sessions set last_active_at = now() - make_interval(days => ${days}) where user_id = ${userId}`,
      );
    const lastActive = async (userId: string) => {
      const res = await server.parley.ctx.db.execute(
        sql`select last_active_at from sessions where user_id = ${userId}`,
      );
      return new Date((res as unknown as { rows: { last_active_at: string }[] }).rows[0]!.last_active_at);
    };

    it('refuses a session unused for longer than SESSION_IDLE_DAYS, though it is within 30 days', async () => {
      const { client } = await signIn((await signUp(server.url, 'idler')).user.username);
      const idler = (await client.get('/auth/session')).body.user;
      await server.parley.ctx.sessionCache.forgetUser(idler.id);
      await backdate(idler.id, 4);
      expect((await client.get('/auth/session')).status).toBe(401);
    });

    it('moves last-active forward on use when it is minutes old, not on every request', async () => {
      const user = await signUp(server.url, 'toucher');
      await backdate(user.user.id, 2);
      expect((await user.get('/auth/session')).status).toBe(200);
      const first = await lastActive(user.user.id);
      expect(Date.now() - first.getTime()).toBeLessThan(60_000);
      await server.parley.ctx.sessionCache.forgetUser(user.user.id);
      expect((await user.get('/auth/session')).status).toBe(200);
      expect((await lastActive(user.user.id)).getTime()).toBe(first.getTime());
    });
  });
});
