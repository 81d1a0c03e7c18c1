import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './support/client.js';
import { root } from './support/process.js';
import { startServer, TEST_SECRET, type TestServer } from './support/server.js';
import { createTestDatabase, postgresAvailable, REDIS_URL } from './support/services.js';

type Run = { code: number | null; stdout: string; stderr: string };

/** The admin tool as an operator runs it, from sources. */
function parley(args: string[], env: Record<string, string>, stdin = ''): Promise<Run> {
  const full: NodeJS.ProcessEnv = { ...process.env, PARLEY_SECRET: TEST_SECRET, ...env };
  for (const [name, value] of Object.entries(full)) if (value === '') delete full[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/parley.ts', ...args], {
    cwd: root,
    env: full,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  child.stdin.end(stdin);
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

async function login(url: string, username: string, password: string) {
  const client = new ApiClient(url);
  const res = await client.post('/auth/login', { username, password });
  return { client, res };
}

describe.runIf(await postgresAvailable())('npm run parley (PostgreSQL, beside a running server)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: TestServer;
  let env: Record<string, string>;

  beforeAll(async () => {
    db = await createTestDatabase();
    // Through Redis, as in a deployment: the tool's sign-outs reach the server's session cache at once.
    env = { DATABASE_URL: db.url, REDIS_URL };
    server = await startServer({ REDIS_URL }, 'postgres', { databaseUrl: db.url });
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it('creates users, resets a password, promotes, deactivates, lists sessions and checks the database', async () => {
    const owner = await parley(['create-user', 'olga'], env, 'first-password-1\n');
    expect(owner).toMatchObject({ code: 0, stdout: expect.stringContaining('Created olga (owner).') });
    expect(owner.stdout).not.toContain('Password:');
    const made = await parley(['create-user', 'bob', '--display-name', 'Bob B'], env, 'bob-password-1\n');
    expect(made.stdout).toContain('Created bob (member).');

    const bob = await login(server.url, 'bob', 'bob-password-1');
    expect(bob.res.status).toBe(200);
    expect(bob.res.body.user).toMatchObject({ displayName: 'Bob B', role: 'member' });
    const listed = await parley(['sessions', 'bob'], env);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/last active .* expires /);

    const reset = await parley(['reset-password', 'bob'], env, 'bob-password-2\n');
    expect(reset.stdout).toContain('New password set for bob; 1 session(s) ended.');
    await expect
      .poll(async () => (await bob.client.get('/auth/session')).status, { timeout: 2_000 })
      .toBe(401);
    expect((await login(server.url, 'bob', 'bob-password-1')).res.status).toBe(401);
    const again = await login(server.url, 'bob', 'bob-password-2');
    expect(again.res.status).toBe(200);

    expect((await parley(['promote', 'bob'], env)).stdout).toContain('bob is now admin.');
    expect((await again.client.get('/auth/session')).body.user.role).toBe('admin');

    expect((await parley(['deactivate', 'bob'], env)).stdout).toContain('bob is deactivated.');
    await expect
      .poll(async () => (await again.client.get('/auth/session')).status, { timeout: 2_000 })
      .toBe(401);
    expect((await login(server.url, 'bob', 'bob-password-2')).res.body.error.code).toBe(
      'account_deactivated',
    );
    await parley(['reactivate', 'bob'], env);
    expect((await login(server.url, 'bob', 'bob-password-2')).res.status).toBe(200);

    const check = await parley(['check'], env);
    expect(check.code).toBe(0);
    expect(check.stdout).toMatch(/users: 2, channels: 1/);
    expect(check.stdout).toContain('OK: migrations applied');
  }, 900_000);

  it("turns off the owner's two-factor sign-in when the phone and recovery codes are lost", async () => {
    const { client } = await login(server.url, 'olga', 'first-password-1');
    const setup = await client.post('/auth/two-factor/setup', { password: 'first-password-1' });
    const code = new TOTP({ secret: Secret.fromBase32(setup.body.setup.secret) }).generate();
    expect((await client.post('/auth/two-factor/enable', { code })).status).toBe(200);
    expect((await login(server.url, 'olga', 'first-password-1')).res.body.twoFactor).toBeDefined();

    const off = await parley(['two-factor-off', 'olga'], env);
    expect(off).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('Two-factor sign-in is off for olga.'),
    });
    expect((await login(server.url, 'olga', 'first-password-1')).res.body.user?.username).toBe('olga');
    // The tool's change is in the security log, written before the tool exited, with no one as its actor.
    const olga = (await client.get('/auth/session')).body.user.id;
    const entries = (await client.get('/admin/audit')).body.entries;
    expect(entries.find((e: { action: string }) => e.action === 'two_factor_off')).toMatchObject({
      actorId: null,
      targetId: olga,
    });
    expect((await parley(['two-factor-off', 'olga'], env)).stdout).toContain(
      'olga did not have two-factor on.',
    );
    expect((await parley(['two-factor-off', 'nobody'], env)).code).toBe(1);
  }, 600_000);

  it('refuses bad input with a reason and changes nothing', async () => {
    const short = await parley(['create-user', 'carol'], env, 'short\n');
    expect(short.code).toBe(1);
    expect(short.stderr).toMatch(/password: .*10/);
    const nul = await parley(['create-user', 'ca\u0001rol'], env, 'long-enough-password\n');
    expect(nul.code).toBe(1);
    expect((await login(server.url, 'carol', 'long-enough-password')).res.status).toBe(401);
    const owner = await parley(['deactivate', 'olga'], env);
    expect(owner).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('The owner cannot be deactivated.'),
    });
    expect((await parley(['promote', 'nobody'], env)).stderr).toContain('No user is called nobody.');
    expect((await parley(['frobnicate'], env)).code).toBe(2);
    expect((await parley(['promote'], env)).code).toBe(2);
  }, 600_000);

  it('makes a bot and prints its token, renews it, and refuses a bot a password or a role', async () => {
    const bearer = (token: string) =>
      fetch(`${server.url}/api/v1/auth/session`, { headers: { authorization: `Bearer ${token}` } });
    const made = await parley(['create-bot', 'ci-bot', '--display-name', 'CI'], env);
    expect(made.code).toBe(0);
    const token = made.stdout.match(/^parley_bot_\S+$/m)?.[0] ?? '';
    const me = await bearer(token);
    expect(me.status).toBe(200);
    expect((await me.json()).user).toMatchObject({ username: 'ci-bot', displayName: 'CI', bot: true });

    const renewed = await parley(['bot-token', 'ci-bot'], env);
    const fresh = renewed.stdout.match(/^parley_bot_\S+$/m)?.[0] ?? '';
    expect(fresh).not.toBe(token);
    await expect.poll(async () => (await bearer(token)).status, { timeout: 2_000 }).toBe(401);
    expect((await bearer(fresh)).status).toBe(200);

    const password = await parley(['reset-password', 'ci-bot'], env, 'bot-password-1\n');
    expect(password).toMatchObject({ code: 1, stderr: expect.stringContaining('ci-bot is a bot') });
    expect((await login(server.url, 'ci-bot', 'bot-password-1')).res.status).toBe(401);
    expect((await parley(['set-role', 'ci-bot', 'admin'], env)).code).toBe(1);
    expect((await parley(['bot-token', 'olga'], env)).stderr).toContain('olga is not a bot.');
    expect((await parley(['create-bot', 'Bad Name'], env)).code).toBe(1);
    await parley(['deactivate', 'ci-bot'], env);
    await expect.poll(async () => (await bearer(fresh)).status, { timeout: 2_000 }).toBe(401);
  }, 600_000);
});

describe('npm run parley (embedded database)', () => {
  it('refuses while a server holds DATA_DIR, naming its pid', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-cli-'));
    // This test process stands for the running server.
    fs.writeFileSync(path.join(dataDir, 'parley.lock'), String(process.pid));
    const run = await parley(['check'], { DATA_DIR: dataDir, DATABASE_URL: '' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`The Parley server (pid ${process.pid}) is running on ${dataDir}`);
    expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(false);
  }, 120_000);
});
