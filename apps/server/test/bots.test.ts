import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, clientId, connected, nextEvent, signUp } from './support/client.js';
import { backendsToTest } from './support/backends.js';
import { startServer, type TestServer } from './support/server.js';

type Answer = { status: number; body: any };

describe.each(await backendsToTest())('Bots on %s', (backend) => {
  let server: TestServer;
  let owner: ApiClient;
  let alice: ApiClient;
  let channelId: string;

  /** A script calling the API with its token: no cookie, no CSRF header. */
  async function as(
    token: string,
    method: string,
    path: string,
    body?: unknown,
    extra = {},
  ): Promise<Answer> {
    const res = await fetch(`${server.url}/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...extra,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }
  const send = (token: string, channel: string, text: string) =>
    as(token, 'POST', `/channels/${channel}/messages`, { clientId: clientId(), body: text });
  const addBot = (username: string) =>
    owner.post('/admin/bots', { username, displayName: `${username} Bot` });
  const botSocket = (token: string) =>
    io(server.url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });

  beforeAll(async () => {
    server = await startServer({}, backend);
    owner = await signUp(server.url, 'owner');
    alice = await signUp(server.url, 'alice');
    channelId = (await alice.post('/channels', { name: 'deploys', kind: 'private' })).body.channel.id;
  });
  afterAll(() => server.stop());

  it('an admin adds a bot; with its token it posts where it was added, live, and is shown as a bot', async () => {
    const made = await addBot('deploybot');
    expect(made.status).toBe(201);
    const { bot, token } = made.body;
    expect(bot).toMatchObject({
      hasToken: true,
      username: 'deploybot',
      displayName: 'deploybot Bot',
      status: 'active',
      createdBy: owner.user.id,
      lastUsedAt: null,
    });
    expect(token).toMatch(/^parley_bot_[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify((await owner.get('/admin/bots')).body)).not.toContain(token);

    const me = await as(token, 'GET', '/auth/session');
    expect(me.body.user).toMatchObject({ id: bot.id, username: 'deploybot', bot: true, role: 'member' });
    expect((await as(token, 'GET', '/channels')).body.channels.map((c: { name: string }) => c.name)).toEqual(
      [],
    );
    // Not in the channel yet: it cannot tell the private channel exists.
    expect((await send(token, channelId, 'too early')).status).toBe(404);

    await alice.post(`/channels/${channelId}/members`, { userId: bot.id });
    const socket = alice.socket();
    await connected(socket);
    const live = nextEvent(socket, 'message:created', (e) => e.message.body === 'Deployed v2');
    const sent = await send(token, channelId, 'Deployed v2');
    expect(sent.status).toBe(201);
    expect((await live).message.authorId).toBe(bot.id);
    socket.close();
    const author = (await alice.get(`/users/by-username/deploybot`)).body.user;
    expect(author).toMatchObject({ id: bot.id, bot: true });
    expect(alice.user).not.toHaveProperty('bot');
    expect((await owner.get('/admin/bots')).body.bots[0].lastUsedAt).not.toBeNull();

    // It reads and reacts as a member does, and hears the channel on its own socket.
    const history = await as(token, 'GET', `/channels/${channelId}/messages`);
    expect(history.body.messages.map((m: { body: string }) => m.body)).toContain('Deployed v2');
    const own = botSocket(token);
    await connected(own);
    const heard = nextEvent(own, 'message:created', (e) => e.message.body === 'thanks bot');
    await alice.post(`/channels/${channelId}/messages`, { clientId: clientId(), body: 'thanks bot' });
    expect((await heard).message.authorId).toBe(alice.user.id);
    own.close();
  });

  it('refuses a bot the sign-in and security routes, admin routes, and a password', async () => {
    const { bot, token } = (await addBot('quietbot')).body;
    for (const [method, path, body] of [
      ['POST', '/auth/password', { currentPassword: 'x'.repeat(10), newPassword: 'y'.repeat(10) }],
      ['GET', '/auth/sessions', undefined],
      ['POST', '/auth/two-factor/setup', { password: 'x'.repeat(10) }],
      ['GET', '/admin/bots', undefined],
      ['POST', '/admin/bots', { username: 'another', displayName: 'Another' }],
    ] as const)
      expect((await as(token, method, path, body)).status, `${method} ${path}`).toBe(403);
    expect((await owner.post(`/admin/users/${bot.id}/reset-link`)).status).toBe(403);
    expect((await owner.request('PATCH', `/admin/users/${bot.id}/role`, { role: 'admin' })).status).toBe(403);
    const login = await new ApiClient(server.url).post('/auth/login', {
      username: 'quietbot',
      password: '!bot!bot!bot',
    });
    expect(login.status).toBe(401);
  });

  it('a new token stops the old one and closes its sockets; removing the bot stops the new one', async () => {
    const { bot, token } = (await addBot('rotatebot')).body;
    const socket = botSocket(token);
    await connected(socket);
    const dropped = new Promise((resolve) => socket.once('disconnect', resolve));
    const renewed = await owner.post(`/admin/bots/${bot.id}/token`);
    expect(renewed.status).toBe(200);
    expect(renewed.body.token).not.toBe(token);
    await dropped;
    expect((await as(token, 'GET', '/auth/session')).status).toBe(401);
    const fresh = renewed.body.token as string;
    expect((await as(fresh, 'GET', '/auth/session')).status).toBe(200);
    const refused = botSocket(token);
    await expect(connected(refused)).rejects.toThrow('unauthenticated');
    refused.close();

    expect((await owner.delete(`/admin/bots/${bot.id}`)).status).toBe(204);
    expect((await as(fresh, 'GET', '/auth/session')).status).toBe(401);
    const listed = (await owner.get('/admin/bots')).body.bots.find((b: { id: string }) => b.id === bot.id);
    expect(listed).toMatchObject({ status: 'deactivated', hasToken: false, createdBy: owner.user.id });
    // Reactivated in People, a removed bot needs a new token: the old one stays stopped.
    await owner.post(`/admin/users/${bot.id}/reactivate`);
    expect((await as(fresh, 'GET', '/auth/session')).status).toBe(401);
    await owner.post(`/admin/users/${bot.id}/deactivate`);
    expect((await owner.post(`/admin/bots/${bot.id}/token`)).status).toBe(409);
    const log = (await owner.get('/admin/audit')).body.entries.map((e: { action: string }) => e.action);
    expect(log).toEqual(expect.arrayContaining(['bot_added', 'bot_token_renewed', 'bot_removed']));
  });

  it('deactivating a bot in People closes its sockets and stops its token until it is reactivated', async () => {
    const { bot, token } = (await addBot('pausedbot')).body;
    const socket = botSocket(token);
    await connected(socket);
    const dropped = new Promise((resolve) => socket.once('disconnect', resolve));
    expect((await owner.post(`/admin/users/${bot.id}/deactivate`)).status).toBe(200);
    await dropped;
    expect((await as(token, 'GET', '/auth/session')).status).toBe(401);
    await owner.post(`/admin/users/${bot.id}/reactivate`);
    expect((await as(token, 'GET', '/auth/session')).status).toBe(200);
  });

  it('refuses bad input with a code and adds nothing', async () => {
    const before = (await owner.get('/admin/bots')).body.bots.length;
    for (const body of [
      {},
      { username: 'ok-bot' },
      { username: 'a\u0000b', displayName: 'Nul' },
      { username: 'surrogate', displayName: 'Bad \ud800' },
      { username: 'UPPER CASE', displayName: 'Upper' },
      { username: 'extra', displayName: 'Extra', role: 'admin' },
      { username: 'x'.repeat(33), displayName: 'Long' },
      { username: 'long-name', displayName: 'n'.repeat(65) },
    ])
      expect((await owner.post('/admin/bots', body)).status, JSON.stringify(body)).toBe(400);
    expect((await addBot('alice')).body.error.code).toBe('username_taken');
    expect((await alice.post('/admin/bots', { username: 'mine', displayName: 'Mine' })).status).toBe(403);
    expect((await owner.post('/admin/bots/not-a-uuid/token')).status).toBe(400);
    expect((await owner.post(`/admin/bots/${alice.user.id}/token`)).status).toBe(404);
    expect((await owner.get('/admin/bots')).body.bots.length).toBe(before);
  });

  it('trusts the token alone: a bad one is 401, and a cookie beside it signs no one in', async () => {
    expect((await as('parley_bot_nope', 'GET', '/auth/session')).status).toBe(401);
    expect((await as('', 'GET', '/auth/session')).status).toBe(401);
    // A cross-site form cannot add the header; with it, the cookie does not count, so no CSRF header is asked.
    const withCookie = await as(
      'parley_bot_nope',
      'POST',
      `/channels/${channelId}/messages`,
      { clientId: clientId(), body: 'x' },
      { cookie: alice.cookie },
    );
    expect(withCookie.status).toBe(401);
    const logout = await as('parley_bot_nope', 'POST', '/auth/logout', undefined, { cookie: alice.cookie });
    expect(logout.status).toBeLessThan(300);
    expect((await alice.get('/auth/session')).status).toBe(200);
  });
});
