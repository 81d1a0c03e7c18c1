import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HASH_BUDGET, RATE_RULES } from '../src/http/rate-limits.js';
import { backendsToTest } from './support/backends.js';
import { ApiClient, clientId, type ApiResult } from './support/client.js';
import { createTestDatabase, postgresAvailable, REDIS_URL, redisAvailable } from './support/services.js';
import { startServer, type TestServer } from './support/server.js';

let addressCounter = 0;
/** A fresh address per caller (the server trusts X-Forwarded-For from loopback), so suites do not share budgets. */
const newAddress = () =>
  `10.${Math.floor(Math.random() * 250)}.${++addressCounter % 250}.${Math.floor(Math.random() * 250)}`;

async function register(url: string, username: string, address: string): Promise<ApiResult> {
  const client = new ApiClient(url);
  const res = await client.request(
    'POST',
    '/auth/register',
    { username, displayName: username, password: 'correct horse battery' },
    { 'x-forwarded-for': address },
  );
  return { ...res, body: { ...res.body, client: Object.assign(client, { user: res.body?.user }) } };
}

async function member(url: string): Promise<ApiClient> {
  const res = await register(url, `u${Math.random().toString(36).slice(2, 10)}`, newAddress());
  expect(res.status).toBe(201);
  return res.body.client;
}

function expectLimited(res: ApiResult): void {
  expect(res.status).toBe(429);
  expect(res.body.error.code).toBe('rate_limited');
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const login = (url: string, username: string, address: string) =>
  new ApiClient(url).request(
    'POST',
    '/auth/login',
    { username, password: 'not the password' },
    {
      'x-forwarded-for': address,
    },
  );

describe.each(await backendsToTest())('rate limits (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ RATE_LIMITS: 'on' }, backend);
  });
  afterAll(() => server?.stop());
  // Each test starts with the node's password-hashing budget full again.
  beforeEach(() => sleep(HASH_BUDGET.duration * 1000 + 100));

  it('refuses registration from one address past its budget, while another address still registers', async () => {
    const address = newAddress();
    for (let i = 0; i < RATE_RULES.register.points; i++)
      expect((await register(server.url, `reg${i}${backend}`, address)).status).toBe(201);
    expectLimited(await register(server.url, 'one-too-many', address));
    expect((await register(server.url, 'elsewhere', newAddress())).status).toBe(201);
  });

  it('refuses logins with varying unknown usernames from one address past its budget, without hashing', async () => {
    const address = newAddress();
    const answers = [];
    // Paced to stay inside the node's hashing budget, so only the address budget can refuse.
    const pace = (HASH_BUDGET.duration * 1000) / HASH_BUDGET.points + 10;
    for (let i = 0; i < RATE_RULES.login.points; i++) {
      answers.push((await login(server.url, `nobody${i}`, address)).status);
      await sleep(pace);
    }
    expect(new Set(answers)).toEqual(new Set([401]));
    expectLimited(await login(server.url, 'nobody-else', address));
    expect((await login(server.url, 'nobody-else', newAddress())).status).toBe(401);
  });

  it('refuses single sign-on trips from one address past their budget, while another address still starts one', async () => {
    const address = newAddress();
    const start = (from: string) =>
      fetch(`${server.url}/api/v1/auth/sso/start`, {
        headers: { 'x-forwarded-for': from },
        redirect: 'manual',
      });
    // Not set up on this server, so each is answered 404: the budget counts them all the same.
    for (let i = 0; i < RATE_RULES.sso.points; i++) expect((await start(address)).status).toBe(404);
    const refused = await start(address);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect((await start(newAddress())).status).toBe(404);
  });

  it('answers a flood of logins from many addresses with 429 at once beyond the hashing line, and nothing fails', async () => {
    const flood = await Promise.all(
      Array.from({ length: 80 }, (_, i) => login(server.url, `flood${i}`, newAddress())),
    );
    const statuses = flood.map((r) => r.status);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    for (const res of flood.filter((r) => r.status === 429)) expectLimited(res);
    // The line drains: a real user signs in once the hashing budget has refilled.
    await sleep(HASH_BUDGET.duration * 1000 + 100);
    const ann = await register(server.url, `ann${backend}`, newAddress());
    const again = await new ApiClient(server.url).request(
      'POST',
      '/auth/login',
      { username: `ann${backend}`, password: 'correct horse battery' },
      { 'x-forwarded-for': newAddress() },
    );
    expect([ann.status, again.status]).toEqual([201, 200]);
  });

  it('password change waits in the hashing line: refused with 429 while a login flood fills it, and nothing changes', async () => {
    const ann = await member(server.url);
    await sleep(HASH_BUDGET.duration * 1000 + 100);
    // Sent in the same breath as the flood, so the node's budget is spent when the change arrives.
    const [change] = await Promise.all([
      sleep(50).then(() =>
        ann.post('/auth/password', {
          currentPassword: 'correct horse battery',
          newPassword: 'a brand new passphrase',
        }),
      ),
      ...Array.from({ length: 80 }, (_, i) => login(server.url, `pflood${i}`, newAddress())),
    ]);
    expectLimited(change);
    await sleep(HASH_BUDGET.duration * 1000 + 100);
    const again = await new ApiClient(server.url).request(
      'POST',
      '/auth/login',
      { username: ann.user!.username, password: 'correct horse battery' },
      { 'x-forwarded-for': newAddress() },
    );
    expect(again.status).toBe(200);
  });

  it('keeps the failed-login rule per account and address, with Retry-After', async () => {
    const address = newAddress();
    await register(server.url, `target${backend}`, newAddress());
    for (let i = 0; i < 10; i++)
      expect((await login(server.url, `target${backend}`, address)).status).toBe(401);
    expectLimited(await login(server.url, `target${backend}`, address));
  });

  it('limits one user’s sends and channel creation, not another user’s', async () => {
    const [ann, bob] = [await member(server.url), await member(server.url)];
    const general = (await ann.get('/channels')).body.channels[0].id;
    const send = (c: ApiClient) =>
      c.post(`/channels/${general}/messages`, { clientId: clientId(), body: 'hi' });
    const burst = await Promise.all(Array.from({ length: RATE_RULES.send.points + 5 }, () => send(ann)));
    expect(burst.filter((r) => r.status === 201).length).toBeLessThanOrEqual(RATE_RULES.send.points);
    expectLimited(burst.find((r) => r.status === 429)!);
    expect((await send(bob)).status).toBe(201);

    for (let i = 0; i < RATE_RULES.channelCreate.points; i++)
      expect((await ann.post('/channels', { name: `c${i}-${backend}`, kind: 'public' })).status).toBe(201);
    expectLimited(await ann.post('/channels', { name: `over-${backend}`, kind: 'public' }));
  });
});

describe.runIf((await postgresAvailable()) && (await redisAvailable()))('rate limits on two nodes', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let nodes: TestServer[] = [];
  beforeAll(async () => {
    db = await createTestDatabase();
    const start = () => startServer({ REDIS_URL, RATE_LIMITS: 'on' }, 'postgres', { databaseUrl: db.url });
    nodes = [await start(), await start()];
  });
  afterAll(async () => {
    for (const node of nodes) await node.stop();
    await db?.drop();
  });

  it('shares a user’s send budget between nodes through Redis', async () => {
    const [a, b] = nodes as [TestServer, TestServer];
    const ann = await member(a.url);
    const annOnB = new ApiClient(b.url);
    annOnB.cookie = ann.cookie;
    const general = (await ann.get('/channels')).body.channels[0].id;
    const send = (c: ApiClient) =>
      c.post(`/channels/${general}/messages`, { clientId: clientId(), body: 'hi' });
    const half = Math.ceil(RATE_RULES.send.points / 2);
    const onA = await Promise.all(Array.from({ length: half }, () => send(ann)));
    const onB = await Promise.all(
      Array.from({ length: RATE_RULES.send.points - half + 3 }, () => send(annOnB)),
    );
    expect(onA.every((r) => r.status === 201)).toBe(true);
    const limitedOnB = onB.filter((r) => r.status === 429);
    expect(limitedOnB.length).toBeGreaterThanOrEqual(3);
    expectLimited(limitedOnB[0]!);
  });
});
