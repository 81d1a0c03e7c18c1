import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, signUp } from './support/client.js';
import { backendsToTest } from './support/backends.js';
import { startServer, type TestServer } from './support/server.js';

describe.each(await backendsToTest())('accounts and sessions on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({}, backend);
  });
  afterAll(() => server.stop());

  it('makes the first account the owner and later ones members', async () => {
    const first = await signUp(server.url, 'owner1');
    const second = await signUp(server.url, 'member1');
    expect(first.user.role).toBe('owner');
    expect(second.user.role).toBe('member');
  });

  it('joins new accounts to #general', async () => {
    const user = await signUp(server.url);
    const { body } = await user.get('/channels');
    expect(body.channels.map((c: { name: string }) => c.name)).toContain('general');
  });

  it('rejects a username that differs only in case', async () => {
    await signUp(server.url, 'casey');
    const again = new ApiClient(server.url);
    const res = await again.post('/auth/register', {
      username: 'CASEY',
      displayName: 'C',
      password: 'correct horse battery',
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('username_taken');
  });

  it('sets an HttpOnly SameSite=Lax session cookie and returns the session', async () => {
    const client = new ApiClient(server.url);
    const res = await client.post('/auth/register', {
      username: 'cookie',
      displayName: 'Cookie',
      password: 'correct horse battery',
    });
    const header = res.headers.getSetCookie().join(';');
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect((await client.get('/auth/session')).body.user.username).toBe('cookie');
  });

  it('logs in, and logout revokes the session even if the cookie is replayed', async () => {
    await signUp(server.url, 'logan');
    const client = new ApiClient(server.url);
    const login = await client.post('/auth/login', { username: 'Logan', password: 'correct horse battery' });
    expect(login.status).toBe(200);
    const stolen = client.cookie;
    expect((await client.post('/auth/logout')).status).toBe(204);
    const replay = new ApiClient(server.url);
    replay.cookie = stolen;
    const res = await replay.get('/auth/session');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthenticated');
  });

  it('rejects a wrong password with invalid_credentials', async () => {
    await signUp(server.url, 'wrongpw');
    const res = await new ApiClient(server.url).post('/auth/login', {
      username: 'wrongpw',
      password: 'not the password',
    });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('invalid_credentials');
  });

  it('answers 429 after 10 failures from one address, while another address still gets in', async () => {
    await signUp(server.url, 'target');
    const attacker = new ApiClient(server.url);
    for (let i = 0; i < 10; i++) {
      expect(
        (await attacker.post('/auth/login', { username: 'target', password: 'guess-guess-' + i })).status,
      ).toBe(401);
    }
    const blocked = await attacker.post('/auth/login', {
      username: 'target',
      password: 'correct horse battery',
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe('rate_limited');
    const elsewhere = new ApiClient(server.url);
    const ok = await elsewhere.request(
      'POST',
      '/auth/login',
      { username: 'target', password: 'correct horse battery' },
      { 'x-forwarded-for': '10.9.8.7' },
    );
    expect(ok.status).toBe(200);
  });

  it('rejects a forged session cookie', async () => {
    const client = new ApiClient(server.url);
    client.cookie = 'parley_session=abc.def';
    expect((await client.get('/channels')).status).toBe(401);
  });

  it('refuses a signed cookie changed by one character, after the real one was accepted', async () => {
    const user = await signUp(server.url);
    expect((await user.get('/channels')).status).toBe(200);
    const [name, value] = user.cookie.split('=') as [string, string];
    const token = decodeURIComponent(value);
    const flip = (c: string) => (c === 'A' ? 'B' : 'A');
    for (const at of [0, token.lastIndexOf('.') + 1]) {
      const forged = new ApiClient(server.url);
      forged.cookie = `${name}=${encodeURIComponent(token.slice(0, at) + flip(token[at]!) + token.slice(at + 1))}`;
      expect((await forged.get('/channels')).status).toBe(401);
    }
    expect((await user.get('/channels')).status).toBe(200);
  });

  it('refuses writes without the CSRF header', async () => {
    const user = await signUp(server.url);
    const res = await user.request(
      'POST',
      '/channels',
      { name: 'nocsrf', kind: 'public' },
      { 'x-parley-csrf': '' },
    );
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('csrf_required');
    expect(
      (await user.get('/channels?scope=browse')).body.channels.map((c: { name: string }) => c.name),
    ).not.toContain('nocsrf');
  });

  it('updates the display name', async () => {
    const user = await signUp(server.url);
    const res = await user.patch('/users/me', { displayName: 'New Name' });
    expect(res.body.user.displayName).toBe('New Name');
  });
});
