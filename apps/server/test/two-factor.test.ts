import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, signUp } from './support/client.js';
import { backendsToTest } from './support/backends.js';
import { startServer, type TestServer } from './support/server.js';

const PASSWORD = 'correct horse battery';
const STEP = 30_000;
/** The code an authenticator app shows `steps` 30-second steps from now. */
const codeAt = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * STEP });

describe.each(await backendsToTest())('Two-factor sign-in on %s', (backend) => {
  let server: TestServer;
  let owner: ApiClient;
  let alice: ApiClient;
  let secret: string;
  let recoveryCodes: string[];

  const passwordStep = async (username = 'alice') => {
    const client = new ApiClient(server.url);
    const res = await client.post('/auth/login', { username, password: PASSWORD });
    return { client, res };
  };
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await server.parley.ctx.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

  beforeAll(async () => {
    server = await startServer({}, backend);
    owner = await signUp(server.url, 'owner');
    alice = await signUp(server.url, 'alice');
  });
  afterAll(() => server.stop());

  it('turns on with the password, a scanned secret and its first code, and answers recovery codes once', async () => {
    expect((await alice.get('/auth/two-factor')).body.twoFactor).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
      required: false,
    });
    const wrong = await alice.post('/auth/two-factor/setup', { password: 'not my password' });
    expect(wrong.body.error.code).toBe('wrong_password');
    const setup = await alice.post('/auth/two-factor/setup', { password: PASSWORD });
    expect(setup.status).toBe(200);
    secret = setup.body.setup.secret;
    expect(setup.body.setup.uri).toBe(
      `otpauth://totp/Parley:alice?issuer=Parley&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(setup.body.setup.qrSvg).toMatch(/^<svg [^>]*viewBox/);
    // Until the first code, signing in still takes the password alone.
    expect((await passwordStep()).res.body.user.username).toBe('alice');

    const badCode = String((Number(codeAt(secret)) + 1) % 1_000_000).padStart(6, '0');
    expect((await alice.post('/auth/two-factor/enable', { code: badCode })).body.error.code).toBe(
      'two_factor_invalid',
    );
    const on = await alice.post('/auth/two-factor/enable', { code: codeAt(secret, -1) });
    expect(on.status).toBe(200);
    recoveryCodes = on.body.recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(on.body.twoFactor).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect((await alice.post('/auth/two-factor/enable', { code: codeAt(secret) })).body.error.code).toBe(
      'two_factor_on',
    );
  });

  it('keeps the secret sealed and the recovery codes hashed in the database', async () => {
    const [row] = await rows(sql`select secret_sealed from two_factor where user_id = ${alice.user.id}`);
    const sealed = String(row!.secret_sealed);
    expect(sealed).not.toContain(secret);
    expect(Buffer.from(sealed, 'base64').toString('latin1')).not.toContain(secret);
    const stored = (await rows(sql`select code_hash from recovery_codes`)).map((r) => String(r.code_hash));
    expect(stored).toHaveLength(10);
    for (const code of recoveryCodes) expect(stored.join()).not.toContain(code.replace('-', ''));
  });

  it('asks for a code after the password, and a code signs in once', async () => {
    const { client, res } = await passwordStep();
    expect(res.status).toBe(200);
    expect(res.body.user).toBeUndefined();
    expect(res.headers.getSetCookie().some((c) => c.startsWith('parley_session='))).toBe(false);
    expect(Date.parse(res.body.twoFactor.expiresAt) - Date.now()).toBeGreaterThan(4 * 60_000);
    expect((await client.get('/auth/session')).status).toBe(401);

    const code = codeAt(secret);
    const signedIn = await client.post('/auth/login/code', { ticket: res.body.twoFactor.ticket, code });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.username).toBe('alice');
    expect((await client.get('/auth/session')).body.user.id).toBe(alice.user.id);

    // The same code again, even from a fresh password step, is refused: a code seen over a shoulder is spent.
    const again = await passwordStep();
    const replay = await again.client.post('/auth/login/code', {
      ticket: again.res.body.twoFactor.ticket,
      code,
    });
    expect(replay.status).toBe(401);
    expect(replay.body.error.code).toBe('two_factor_invalid');
    const next = await again.client.post('/auth/login/code', {
      ticket: again.res.body.twoFactor.ticket,
      code: codeAt(secret, 1).replace(/^(\d{3})/, '$1 '),
    });
    expect(next.body.user?.username).toBe('alice');
  });

  it('signs in with a recovery code once, typed in any case and spacing', async () => {
    const code = recoveryCodes[0]!;
    const { client, res } = await passwordStep();
    const typed = ` ${code.toUpperCase().replace('-', ' ')} `;
    const ok = await client.post('/auth/login/code', { ticket: res.body.twoFactor.ticket, code: typed });
    expect(ok.body.user?.username).toBe('alice');
    expect((await alice.get('/auth/two-factor')).body.twoFactor.recoveryCodesLeft).toBe(9);
    const again = await passwordStep();
    const spent = await again.client.post('/auth/login/code', {
      ticket: again.res.body.twoFactor.ticket,
      code,
    });
    expect(spent.body.error.code).toBe('two_factor_invalid');
  });

  it('refuses a forged, altered or stale ticket', async () => {
    const { res } = await passwordStep();
    const ticket: string = res.body.twoFactor.ticket;
    const [body, tag] = ticket.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString());
    const forBob = Buffer.from(JSON.stringify({ ...claims, u: owner.user.id })).toString('base64url');
    const anon = new ApiClient(server.url);
    for (const bad of [`${forBob}.${tag}`, `${body}.${tag!.slice(1)}x`, 'a'.repeat(20) + '.b']) {
      const r = await anon.post('/auth/login/code', { ticket: bad, code: codeAt(secret) });
      expect(r.status).toBe(401);
      expect(r.body.error.code).toBe('two_factor_expired');
    }
    // A password changed since the ticket was issued voids it.
    await alice.post('/auth/password', { currentPassword: PASSWORD, newPassword: 'a new password 42' });
    const after = await anon.post('/auth/login/code', { ticket, code: recoveryCodes[1] });
    expect(after.body.error.code).toBe('two_factor_expired');
    alice = new ApiClient(server.url);
    const back = await alice.post('/auth/login', { username: 'alice', password: 'a new password 42' });
    await alice.post('/auth/login/code', { ticket: back.body.twoFactor.ticket, code: recoveryCodes[1] });
    expect(
      (await alice.post('/auth/password', { currentPassword: 'a new password 42', newPassword: PASSWORD }))
        .status,
    ).toBe(200);
    alice = new ApiClient(server.url);
    const again = await alice.post('/auth/login', { username: 'alice', password: PASSWORD });
    await alice.post('/auth/login/code', { ticket: again.body.twoFactor.ticket, code: recoveryCodes[2] });
    alice.user = (await alice.get('/auth/session')).body.user;
    expect(alice.user.username).toBe('alice');
  });

  it('gives new recovery codes for the password, and the old ones stop working', async () => {
    expect((await alice.post('/auth/two-factor/recovery-codes', { password: 'wrong' })).body.error.code).toBe(
      'wrong_password',
    );
    const renewed = await alice.post('/auth/two-factor/recovery-codes', { password: PASSWORD });
    expect(renewed.body.recoveryCodes).toHaveLength(10);
    expect(renewed.body.recoveryCodes).not.toContain(recoveryCodes[4]);
    const { client, res } = await passwordStep();
    const old = await client.post('/auth/login/code', {
      ticket: res.body.twoFactor.ticket,
      code: recoveryCodes[4],
    });
    expect(old.body.error.code).toBe('two_factor_invalid');
    expect(renewed.body.twoFactor.recoveryCodesLeft).toBe(10);
    const [row] = await rows(
      sql`select count(*)::int as n from recovery_codes where user_id = ${alice.user.id}`,
    );
    expect(row!.n).toBe(10);
    recoveryCodes = renewed.body.recoveryCodes;
  });

  it('lets an admin turn it off for someone who lost their phone, but not the owner’s', async () => {
    const list = await owner.get('/admin/users');
    const byName = Object.fromEntries(list.body.users.map((u: any) => [u.username, u.twoFactor]));
    expect(byName).toMatchObject({ alice: true, owner: false });
    expect((await alice.delete(`/admin/users/${owner.user.id}/two-factor`)).status).toBe(403);
    expect((await owner.delete(`/admin/users/${alice.user.id}/two-factor`)).status).toBe(204);
    expect((await passwordStep()).res.body.user?.username).toBe('alice');
    expect((await alice.get('/auth/two-factor')).body.twoFactor.enabled).toBe(false);
    expect((await owner.delete(`/admin/users/${owner.user.id}/two-factor`)).status).toBe(403);
  });

  it('turns off with the password alone, and the next sign-in needs no code', async () => {
    const setup = await alice.post('/auth/two-factor/setup', { password: PASSWORD });
    await alice.post('/auth/two-factor/enable', { code: codeAt(setup.body.setup.secret) });
    expect((await passwordStep()).res.body.twoFactor).toBeDefined();
    expect((await alice.post('/auth/two-factor/disable', { password: 'wrong' })).body.error.code).toBe(
      'wrong_password',
    );
    const off = await alice.post('/auth/two-factor/disable', { password: PASSWORD });
    expect(off.body.twoFactor).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
      required: false,
    });
    expect((await passwordStep()).res.body.user?.username).toBe('alice');
    expect(await rows(sql`select 1 from recovery_codes where user_id = ${alice.user.id}`)).toEqual([]);
  });

  it('stops guessing codes after 10 wrong ones, and bad input changes nothing', async () => {
    // Carol's own account: the block lasts 15 minutes for that account from this address.
    const carol = await signUp(server.url, 'carol');
    const setup = await carol.post('/auth/two-factor/setup', { password: PASSWORD });
    const { recoveryCodes: carolCodes } = (
      await carol.post('/auth/two-factor/enable', { code: codeAt(setup.body.setup.secret) })
    ).body;
    const { client, res } = await passwordStep('carol');
    const ticket = res.body.twoFactor.ticket;
    for (const code of ['abc', '1234567890123456789012', 'a\u0000bcdef', '\ud800123456', 42, null]) {
      const r = await client.post('/auth/login/code', { ticket, code });
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('validation_failed');
    }
    expect((await client.post('/auth/login/code', { ticket: '../etc', code: '123456' })).status).toBe(400);
    expect((await client.post('/auth/login/code', { ticket, code: '123456', extra: 1 })).status).toBe(400);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await client.post('/auth/login/code', { ticket, code: 'zzzzz-zzzzz' })).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Blocked, even a right code waits: the limit is on the account and address, not on wrong answers alone.
    expect((await client.post('/auth/login/code', { ticket, code: carolCodes[0] })).status).toBe(429);
    expect((await carol.get('/auth/two-factor')).body.twoFactor.recoveryCodesLeft).toBe(10);
  });

  it('answers 401 to every two-factor route without a session', async () => {
    const anon = new ApiClient(server.url);
    expect((await anon.get('/auth/two-factor')).status).toBe(401);
    for (const path of ['setup', 'recovery-codes', 'disable'])
      expect((await anon.post(`/auth/two-factor/${path}`, { password: PASSWORD })).status).toBe(401);
    expect((await anon.post('/auth/two-factor/enable', { code: '123456' })).status).toBe(401);
  });
});
