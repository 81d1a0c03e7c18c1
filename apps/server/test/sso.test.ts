import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@parley/protocol';
import { ApiClient, signUp } from './support/client.js';
import { backendsToTest } from './support/backends.js';
import { startOidcProvider } from './support/oidc-provider.js';
import { startServer, type TestServer } from './support/server.js';

type Provider = Awaited<ReturnType<typeof startOidcProvider>>;
const CLIENT = { id: 'parley', secret: 'a client secret for tests' };

/** One browser's trip: Parley's start, the provider's sign-in as `login`, Parley's callback; where it lands. */
async function ssoTrip(
  server: TestServer,
  login: string | undefined,
  opts: { query?: string; cookie?: string } = {},
) {
  const jar = new Map<string, string>();
  if (opts.cookie) jar.set(...(opts.cookie.split('=', 2) as [string, string]));
  const visit = async (url: string) => {
    const cookie = url.startsWith(server.url) ? [...jar].map(([k, v]) => `${k}=${v}`).join('; ') : '';
    const res = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, value] = pair!.split('=', 2) as [string, string];
      if (value && !/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(line)) jar.set(name, value);
      else jar.delete(name);
    }
    return res;
  };
  const start = await visit(`${server.url}/api/v1/auth/sso/start${opts.query ?? ''}`);
  const toProvider = start.headers.get('location') ?? '';
  if (start.status !== 302 || !toProvider.includes('/authorize')) return { start, landed: toProvider, jar };
  const page = await visit(toProvider);
  expect(page.status).toBe(200);
  const q = new URL(toProvider).searchParams;
  const form = new URLSearchParams({
    redirect_uri: q.get('redirect_uri')!,
    state: q.get('state')!,
    nonce: q.get('nonce')!,
    code_challenge: q.get('code_challenge')!,
    ...(login ? { login } : { cancel: '1' }),
  });
  const back = await fetch(`${new URL(toProvider).origin}/authorize`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const callback = back.headers.get('location')!;
  const done = await visit(callback);
  expect(done.status).toBe(302);
  const session = jar.get('parley_session');
  return { start, callback, landed: done.headers.get('location')!, jar, session, visit };
}

function clientWith(server: TestServer, session: string | undefined): ApiClient {
  const client = new ApiClient(server.url);
  client.cookie = session ? `parley_session=${session}` : '';
  return client;
}

describe.each(await backendsToTest())('single sign-on on %s', (backend) => {
  let provider: Provider;
  let server: TestServer;
  let owner: ApiClient;
  beforeAll(async () => {
    provider = await startOidcProvider(CLIENT);
    server = await startServer(
      {
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: CLIENT.id,
        OIDC_CLIENT_SECRET: CLIENT.secret,
        OIDC_NAME: 'Test ID',
      },
      backend,
    );
    provider.allowRedirect(`${server.url}/api/v1/auth/sso/callback`);
    owner = await signUp(server.url, 'owner');
    provider.addUser('ann', {
      sub: 'ann-1',
      preferred_username: 'ann.lee',
      name: 'Ann Lee',
      email: 'ann@example.com',
    });
    provider.addUser('bob', { sub: 'bob-1', preferred_username: 'bob', email: 'bob@example.com' });
    provider.addUser('nameless', { sub: 'n-1' });
  });
  afterAll(async () => {
    await server.stop();
    await provider.close();
  });

  it('tells the web app its name, never its secret', async () => {
    const config = await (await fetch(`${server.url}/config.json`)).json();
    expect(config.sso).toEqual({ name: 'Test ID' });
    expect(JSON.stringify(config)).not.toContain(CLIENT.secret);
  });

  it('makes an account at the first sign-in, named after the provider’s word, and finds it again after', async () => {
    const first = await ssoTrip(server, 'ann', { query: '?next=%2Fc%2Fgeneral' });
    expect(first.landed).toBe('/c/general');
    const ann = clientWith(server, first.session);
    const me = (await ann.get('/auth/session')).body.user;
    expect(me).toMatchObject({ username: 'ann.lee', displayName: 'Ann Lee', role: 'member' });
    expect((await ann.get('/auth/sso')).body).toMatchObject({
      sso: { name: 'Test ID' },
      identity: { email: 'ann@example.com' },
    });
    const again = await ssoTrip(server, 'ann');
    expect(again.landed).toBe('/');
    expect((await clientWith(server, again.session).get('/auth/session')).body.user.id).toBe(me.id);
    const listed = (await owner.get('/admin/users')).body.users;
    expect(listed.find((u: { id: string }) => u.id === me.id).sso).toBe(true);
    expect(listed.find((u: { id: string }) => u.id === owner.user.id).sso).toBe(false);
    const entries = (await owner.get('/admin/audit')).body.entries as AuditEntry[];
    expect(entries.filter((e) => e.targetId === me.id).map((e) => [e.action, e.detail?.with])).toEqual(
      expect.arrayContaining([
        ['registered', 'Test ID'],
        ['signed_in', 'Test ID'],
      ]),
    );
  });

  it('gives an account it made no password, until an admin’s reset link sets one', async () => {
    provider.addUser('gus', { sub: 'gus-1', preferred_username: 'gus' });
    const gus = clientWith(server, (await ssoTrip(server, 'gus')).session);
    const id = (await gus.get('/auth/session')).body.user.id;
    expect((await gus.get('/auth/sso')).body.password).toBe(false);
    const guess = await new ApiClient(server.url).post('/auth/login', { username: 'gus', password: '!none' });
    expect(guess.status).toBe(401);
    expect(guess.body.error.code).toBe('invalid_credentials');
    expect((await gus.post('/auth/two-factor/setup', { password: '!none' })).body.error.code).toBe(
      'wrong_password',
    );
    const { token } = (await owner.post(`/admin/users/${id}/reset-link`)).body.reset;
    expect(
      (await new ApiClient(server.url).post(`/auth/reset/${token}`, { password: 'a brand new password' }))
        .status,
    ).toBe(204);
    const byPassword = new ApiClient(server.url);
    expect(
      (await byPassword.post('/auth/login', { username: 'gus', password: 'a brand new password' })).status,
    ).toBe(200);
    expect((await byPassword.get('/auth/sso')).body.password).toBe(true);
  });

  it('never signs anyone into an existing account of the same name: the newcomer gets another name', async () => {
    const bob = await signUp(server.url, 'bob');
    const trip = await ssoTrip(server, 'bob');
    const signedIn = (await clientWith(server, trip.session).get('/auth/session')).body.user;
    expect(signedIn.id).not.toBe(bob.user.id);
    expect(signedIn.username).toBe('bob-2');
  });

  it('names someone the provider tells nothing about "user"', async () => {
    const trip = await ssoTrip(server, 'nameless');
    expect((await clientWith(server, trip.session).get('/auth/session')).body.user).toMatchObject({
      username: 'user',
      displayName: 'user',
    });
  });

  it('connects a signed-in account, which then signs in through the provider; no second account may take it', async () => {
    provider.addUser('cara', { sub: 'cara-1', preferred_username: 'cara', email: 'cara@example.com' });
    const cara = await signUp(server.url, 'cara-local');
    const linked = await ssoTrip(server, 'cara', {
      query: '?link=1&next=%2Fsettings%2Fsecurity%23sso',
      cookie: cara.cookie,
    });
    expect(linked.landed).toBe('/settings/security?sso=linked#sso');
    expect((await cara.get('/auth/sso')).body.identity.email).toBe('cara@example.com');
    const trip = await ssoTrip(server, 'cara');
    expect((await clientWith(server, trip.session).get('/auth/session')).body.user.id).toBe(cara.user.id);
    const dan = await signUp(server.url, 'dan');
    const taken = await ssoTrip(server, 'cara', { query: '?link=1', cookie: dan.cookie });
    expect(taken.landed).toBe('/settings/security?sso_error=sso_taken');
    expect((await dan.get('/auth/sso')).body.identity).toBeNull();
  });

  it('asks to be signed in before connecting', async () => {
    const res = await fetch(`${server.url}/api/v1/auth/sso/start?link=1`, { redirect: 'manual' });
    expect(res.status).toBe(401);
  });

  it('keeps an invite-only team closed: a newcomer needs an invite, which the sign-in uses up', async () => {
    await owner.patch('/admin/settings', { inviteOnly: true });
    provider.addUser('erin', { sub: 'erin-1', preferred_username: 'erin' });
    const users = async () => (await owner.get('/admin/users')).body.users.length;
    const before = await users();
    expect((await ssoTrip(server, 'erin')).landed).toBe('/login?sso_error=invite_required');
    expect((await ssoTrip(server, 'erin', { query: '?invite=nope' })).landed).toBe(
      '/invite/nope?sso_error=invite_invalid',
    );
    expect(await users()).toBe(before);
    const { code } = (await owner.post('/admin/invites', { maxUses: 1 })).body.invite;
    const invited = await ssoTrip(server, 'erin', { query: `?invite=${code}` });
    expect((await clientWith(server, invited.session).get('/auth/session')).body.user.username).toBe('erin');
    // Already a member now: signing in again needs no invite.
    expect((await ssoTrip(server, 'erin')).session).toBeTruthy();
    await owner.patch('/admin/settings', { inviteOnly: false });
  });

  it('refuses a deactivated account', async () => {
    provider.addUser('fay', { sub: 'fay-1', preferred_username: 'fay' });
    const fay = clientWith(server, (await ssoTrip(server, 'fay')).session);
    const id = (await fay.get('/auth/session')).body.user.id;
    await owner.post(`/admin/users/${id}/deactivate`);
    const trip = await ssoTrip(server, 'fay');
    expect(trip.landed).toBe('/login?sso_error=account_deactivated');
    expect(trip.session).toBeUndefined();
  });

  it('refuses an ID token with the wrong nonce or audience, a cancelled sign-in, and a replayed callback', async () => {
    for (const bad of [{ nonce: 'not-the-one' }, { audience: 'another-client' }]) {
      Object.assign(provider.tamper, bad);
      const trip = await ssoTrip(server, 'ann');
      expect(trip.landed).toBe('/login?sso_error=sso_failed');
      expect(trip.session).toBeUndefined();
      for (const key of Object.keys(bad)) delete provider.tamper[key as keyof typeof provider.tamper];
    }
    const cancelled = await ssoTrip(server, undefined);
    expect(cancelled.landed).toBe('/login?sso_error=sso_failed');
    const trip = await ssoTrip(server, 'ann');
    // The same callback again, with or without the browser's cookies: its flow was used up.
    const replay = await fetch(trip.callback!, { redirect: 'manual' });
    expect(replay.headers.get('location')).toBe('/login?sso_error=sso_expired');
    expect(
      replay.headers.getSetCookie().some((c) => c.startsWith('parley_session=') && !c.includes('Max-Age=0')),
    ).toBe(false);
  });

  it('lands only on its own pages: another site in next is ignored', async () => {
    for (const next of [
      '//evil.example/x',
      'https://evil.example/',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'javascript:alert(1)',
    ])
      expect((await ssoTrip(server, 'ann', { query: `?next=${encodeURIComponent(next)}` })).landed).toBe('/');
  });

  it('lands on a page whose address has any character, encoded', async () => {
    const next = encodeURIComponent('/c/café 😀?x=1#m');
    expect((await ssoTrip(server, 'ann', { query: `?next=${next}` })).landed).toBe(
      '/c/caf%C3%A9%20%F0%9F%98%80?x=1#m',
    );
  });

  it('answers bad input with 400 and starts nothing', async () => {
    for (const query of [
      '?next=%00',
      `?next=/${'x'.repeat(2000)}`,
      '?next=/x&extra=1',
      `?invite=${'x'.repeat(65)}`,
      '?link=2',
    ]) {
      const res = await fetch(`${server.url}/api/v1/auth/sso/start${query}`, { redirect: 'manual' });
      expect(res.status, query).toBe(400);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    const res = await fetch(`${server.url}/api/v1/auth/sso/callback?code=${'x'.repeat(5000)}`, {
      redirect: 'manual',
    });
    expect(res.status).toBe(400);
  });

  it('sends the browser back with a clear word when the provider cannot be reached', async () => {
    const down = await startServer(
      { OIDC_ISSUER: 'http://127.0.0.1:9/none', OIDC_CLIENT_ID: 'x', OIDC_CLIENT_SECRET: 'y' },
      'pglite',
    );
    try {
      const res = await fetch(`${down.url}/api/v1/auth/sso/start`, { redirect: 'manual' });
      expect(res.headers.get('location')).toBe('/login?sso_error=sso_unavailable');
      // A return to a node that has not met the provider yet, once it is down: told the same, not a 500.
      const start = await fetch(`${server.url}/api/v1/auth/sso/start`, { redirect: 'manual' });
      const state = new URL(start.headers.get('location')!).searchParams.get('state');
      const cookie = start.headers.getSetCookie()[0]!.split(';')[0]!;
      const back = await fetch(`${down.url}/api/v1/auth/sso/callback?code=c&state=${state}`, {
        headers: { cookie },
        redirect: 'manual',
      });
      expect(back.headers.get('location')).toBe('/login?sso_error=sso_unavailable');
    } finally {
      await down.stop();
    }
  });
});

describe('single sign-on not set up', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.stop());

  it('offers no button and answers its routes with not_found', async () => {
    expect((await (await fetch(`${server.url}/config.json`)).json()).sso).toBeUndefined();
    const res = await fetch(`${server.url}/api/v1/auth/sso/start`, { redirect: 'manual' });
    expect(res.status).toBe(404);
    const someone = await signUp(server.url);
    expect((await someone.get('/auth/sso')).body).toEqual({ sso: null, identity: null, password: true });
  });
});
