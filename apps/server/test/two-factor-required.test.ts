import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, signUp } from './support/client.js';
import { backendsToTest } from './support/backends.js';
import { startServer, type TestServer } from './support/server.js';

const PASSWORD = 'correct horse battery';
const codeAt = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

/** Turns two-factor on for a signed-in client. */
async function turnOn(client: ApiClient): Promise<void> {
  const { secret } = (await client.post('/auth/two-factor/setup', { password: PASSWORD })).body.setup;
  expect((await client.post('/auth/two-factor/enable', { code: codeAt(secret, -1) })).status).toBe(200);
}

describe.each(await backendsToTest())('Two-factor required of everyone on %s', (backend) => {
  let server: TestServer;
  let owner: ApiClient;
  let bob: ApiClient;
  let carol: ApiClient;
  const signIn = async (username: string) => {
    const client = new ApiClient(server.url);
    return { client, res: await client.post('/auth/login', { username, password: PASSWORD }) };
  };

  beforeAll(async () => {
    server = await startServer({}, backend);
    owner = await signUp(server.url, 'owner');
    bob = await signUp(server.url, 'bob');
    carol = await signUp(server.url, 'carol');
  });
  afterAll(() => server.stop());

  it('is refused to an admin who has not turned it on for themselves', async () => {
    const res = await owner.patch('/admin/settings', { requireTwoFactor: true });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('two_factor_required');
    expect((await owner.get('/admin/settings')).body.settings.requireTwoFactor).toBe(false);
  });

  it('signs out everyone without it when turned on, and keeps those who have it', async () => {
    await turnOn(owner);
    await turnOn(carol);
    const on = await owner.patch('/admin/settings', { requireTwoFactor: true });
    expect(on.status).toBe(200);
    expect(on.body.settings.requireTwoFactor).toBe(true);
    expect((await bob.get('/auth/session')).status).toBe(401);
    expect((await carol.get('/auth/session')).status).toBe(200);
    expect((await owner.get('/auth/session')).status).toBe(200);
    expect((await owner.get('/instance')).body.settings.requireTwoFactor).toBe(true);
  });

  it('has someone without it set it up at sign-in: a secret for the ticket, then a session with recovery codes', async () => {
    const { client, res } = await signIn('bob');
    expect(res.body.user).toBeUndefined();
    const ticket: string = res.body.twoFactorSetup.ticket;
    expect((await client.get('/auth/session')).status).toBe(401);
    // The setup ticket is not a code ticket: it signs in to nothing by itself.
    expect((await client.post('/auth/login/code', { ticket, code: '123456' })).body.error.code).toBe(
      'two_factor_expired',
    );
    const setup = await client.post('/auth/login/setup', { ticket });
    expect(setup.status).toBe(200);
    const { secret } = setup.body.setup;
    const wrong = await client.post('/auth/login/enable', { ticket, code: '000000' });
    expect(wrong.body.error.code).toBe('two_factor_invalid');
    const done = await client.post('/auth/login/enable', { ticket, code: codeAt(secret) });
    expect(done.status).toBe(200);
    expect(done.body.user.username).toBe('bob');
    expect(done.body.recoveryCodes).toHaveLength(10);
    expect((await client.get('/auth/session')).body.user.username).toBe('bob');
    bob = client;
    // From now on bob signs in with a code like everyone else.
    expect((await signIn('bob')).res.body.twoFactor).toBeDefined();
  });

  it('has a new account set it up before its first session', async () => {
    const client = new ApiClient(server.url);
    const res = await client.post('/auth/register', {
      username: 'dana',
      displayName: 'Dana',
      password: PASSWORD,
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toBeUndefined();
    expect((await client.get('/auth/session')).status).toBe(401);
    const { ticket } = res.body.twoFactorSetup;
    const { secret } = (await client.post('/auth/login/setup', { ticket })).body.setup;
    const done = await client.post('/auth/login/enable', { ticket, code: codeAt(secret) });
    expect(done.body.user.username).toBe('dana');
  });

  it('will not let anyone turn it off for themselves while it is required', async () => {
    const res = await bob.post('/auth/two-factor/disable', { password: PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('two_factor_required');
    expect((await bob.get('/auth/two-factor')).body.twoFactor).toMatchObject({
      enabled: true,
      required: true,
    });
  });

  it('signs someone out when an admin turns theirs off, so they set it up again at sign-in', async () => {
    expect((await owner.delete(`/admin/users/${carol.user.id}/two-factor`)).status).toBe(204);
    expect((await carol.get('/auth/session')).status).toBe(401);
    expect((await signIn('carol')).res.body.twoFactorSetup).toBeDefined();
  });

  it('refuses bad setup tickets and input, and turning it off again lets the password alone sign in', async () => {
    const anon = new ApiClient(server.url);
    for (const body of [{ ticket: 'x'.repeat(30) + '.y' }, { ticket: 'short' }, { ticket: 42 }, {}]) {
      const res = await anon.post('/auth/login/setup', body);
      expect([400, 401]).toContain(res.status);
    }
    expect(
      (await anon.post('/auth/login/enable', { ticket: 'x'.repeat(30) + '.y', code: '12345' })).status,
    ).toBe(400);
    expect(
      (await owner.patch('/admin/settings', { requireTwoFactor: false })).body.settings.requireTwoFactor,
    ).toBe(false);
    expect((await signIn('carol')).res.body.user?.username).toBe('carol');
  });
});
