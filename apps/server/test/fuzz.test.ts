import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '@parley/protocol';
import { routeTable } from '../src/http/route-table.js';
import { type ApiClient, clientId, connected, signUp } from './support/client.js';
import {
  bodyValue,
  encode,
  HOSTILE_STRINGS,
  idValue,
  queryValue,
  shaped,
  PROTOCOL_SCHEMAS,
} from './support/fuzz-inputs.js';
import { startServer, type TestServer } from './support/server.js';

// A fixed seed keeps CI repeatable; a nightly run sets FUZZ_SEED=random and a higher FUZZ_RUNS.
const RUNS = Number(process.env.FUZZ_RUNS ?? 5000);
const SEED =
  process.env.FUZZ_SEED === 'random' ? Date.now() % 2 ** 31 : Number(process.env.FUZZ_SEED ?? 20_261_124);
const BATCH = 16;
const PASSWORD = 'correct horse battery';

type Actor = 'alice' | 'owner' | 'anonymous';
type Input = { actor: Actor; method: string; url: string; query: string; body: { text?: string } };

describe(`fuzz: every route and socket event (seed ${SEED})`, () => {
  let server: TestServer;
  let owner: ApiClient;
  let alice: ApiClient;
  let bob: ApiClient;
  let ids: string[];
  let strings: string[];

  beforeAll(async () => {
    server = await startServer({ RATE_LIMITS: 'off' });
    owner = await signUp(server.url, 'fzowner');
    alice = await signUp(server.url, 'fzalice');
    bob = await signUp(server.url, 'fzbob');
    const pub = (await alice.post('/channels', { name: 'fz-public', kind: 'public' })).body.channel.id;
    const priv = (await bob.post('/channels', { name: 'fz-private', kind: 'private' })).body.channel.id;
    const mine = (await alice.post(`/channels/${pub}/messages`, { clientId: clientId(), body: 'hi' })).body
      .message.id;
    const theirs = (await bob.post(`/channels/${priv}/messages`, { clientId: clientId(), body: 'secret' }))
      .body.message.id;
    const invite = (await owner.post('/admin/invites', { maxUses: 3 })).body.invite.code;
    const sessions = (await alice.get('/auth/sessions')).body.sessions ?? [];
    ids = [pub, priv, mine, theirs, owner.user.id, alice.user.id, bob.user.id];
    strings = [...ids, invite, 'fzalice', 'fzbob', '👍', ':smile:', ...sessions.map((s: any) => s.id)];
  }, 180_000);
  afterAll(() => server.stop());

  const clients = (): Record<Actor, ApiClient | undefined> => ({ alice, owner, anonymous: undefined });

  async function send(input: Input) {
    const client = clients()[input.actor];
    const res = await fetch(`${server.url}${input.url}${input.query ? `?${input.query}` : ''}`, {
      method: input.method,
      headers: {
        ...(input.body.text !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(input.method !== 'GET' ? { 'x-parley-csrf': '1' } : {}),
        ...(client ? { cookie: client.cookie } : {}),
      },
      body: input.method === 'GET' ? undefined : input.body.text,
    });
    const text = await res.text();
    return { status: res.status, text };
  }

  function describeInput(input: Input): string {
    const body = input.body.text === undefined ? '' : ` ${input.body.text.slice(0, 200)}`;
    return `${input.actor} ${input.method} ${input.url.slice(0, 200)}?${input.query.slice(0, 200)}${body}`;
  }

  /** What a refused input must not change: each user's sync feed, and state the feed does not carry. */
  async function cursors() {
    return Promise.all([owner, alice, bob].map(async (c) => (await c.get('/sync')).body.cursor as string));
  }
  async function changesSince(since: string[]) {
    const feeds = await Promise.all(
      [owner, alice, bob].map(async (c, i) => (await c.get(`/sync?since=${since[i]}`)).body.changes),
    );
    return feeds.flat();
  }
  async function state() {
    const reads = ['/admin/settings', '/admin/invites', '/keys/me', '/channels?scope=browse'];
    return JSON.stringify(await Promise.all(reads.map(async (path) => (await owner.get(path)).body)));
  }

  /** A fuzzed input may sign an actor out or deactivate them; bring them back so coverage stays. */
  async function restoreActors() {
    for (const [client, name] of [
      [owner, 'fzowner'],
      [alice, 'fzalice'],
      [bob, 'fzbob'],
    ] as const) {
      if ((await client.get('/auth/session')).status === 200) continue;
      if (client !== owner) await owner.post(`/admin/users/${client.user.id}/reactivate`);
      const login = await client.post('/auth/login', { username: name, password: PASSWORD });
      expect(login.status, `${name} signs in again`).toBe(200);
    }
  }

  it(`answers ${RUNS} generated requests with no 5xx, always the envelope, and refusals change nothing`, async () => {
    const routes = routeTable(server.parley.app);
    expect(routes.length).toBeGreaterThan(40);
    const path = (url: string) =>
      fc
        .tuple(
          ...url
            .split('/')
            .map((part) =>
              part.startsWith(':')
                ? fc
                    .oneof(
                      { weight: 4, arbitrary: fc.constantFrom(...strings) },
                      idValue(ids),
                      fc.string({ maxLength: 30 }),
                      fc.constant('x'.repeat(8_000)),
                    )
                    .map(encode)
                : fc.constant(part),
            ),
        )
        .map((parts) => parts.join('/'));
    const input: fc.Arbitrary<Input> = fc.constantFrom(...routes).chain((route) =>
      fc.record({
        actor: fc.constantFrom<Actor>('alice', 'alice', 'alice', 'owner', 'anonymous'),
        method: fc.constant(route.method),
        url: path(route.url),
        query: queryValue(ids),
        body: bodyValue(ids),
      }),
    );
    const inputs = fc.sample(input, { numRuns: RUNS, seed: SEED });
    const codes = new Set(Object.keys(ERROR_STATUS));
    let refused = 0;
    let checkedBatches = 0;
    let [since, before] = await Promise.all([cursors(), state()]);
    for (let start = 0; start < inputs.length; start += BATCH) {
      const batch = inputs.slice(start, start + BATCH);
      // A batch goes out at once, as a busy client's requests would.
      const answers = await Promise.all(batch.map(send));
      let changing = false;
      let signedOut = false;
      answers.forEach((res, i) => {
        const one = batch[i]!;
        const what = `${res.status} for ${describeInput(one)}: ${res.text.slice(0, 300)}`;
        expect(res.status, what).toBeLessThan(500);
        if (res.status >= 400) {
          refused++;
          const code = JSON.parse(res.text)?.error?.code;
          expect(codes.has(code), `envelope code ${what}`).toBe(true);
          expect(ERROR_STATUS[code as keyof typeof ERROR_STATUS], `status of ${code}`).toBe(res.status);
        } else if (one.method !== 'GET') changing = true;
        const ends = /logout|sessions|deactivate|role|password/.test(one.url);
        if (res.status < 300 && one.method !== 'GET' && ends) signedOut = true;
      });
      if (signedOut) await restoreActors();
      if (!changing) {
        checkedBatches++;
        const list = batch.map(describeInput).join('\n');
        const [changes, after] = await Promise.all([changesSince(since), state()]);
        expect(changes, `refused inputs changed the feed:\n${list}`).toEqual([]);
        expect(after, `refused inputs changed state:\n${list}`).toBe(before);
      }
      if (changing || signedOut) {
        [since, before] = await Promise.all([cursors(), state()]);
      }
    }
    expect((await fetch(`${server.url}/api/v1/health`)).status).toBe(200);
    console.log(
      `fuzz: ${inputs.length} requests, ${refused} refused, ${checkedBatches} batches checked unchanged`,
    );
    expect(refused).toBeGreaterThan(RUNS / 2);
    expect(checkedBatches).toBeGreaterThan(inputs.length / BATCH / 4);
  }, 600_000);

  it('answers generated socket events with an ack in the envelope, and stays up', async () => {
    const sockets = Array.from({ length: 8 }, () => alice.socket({ transports: ['websocket'] }));
    await Promise.all(sockets.map(connected));
    const serverSide = [...server.parley.io.of('/').sockets.values()][0]!;
    // The server's own listeners are the event table: a new event is fuzzed without being listed.
    const events = serverSide
      .eventNames()
      .map(String)
      .filter((name) => !['disconnect', 'disconnecting', 'error'].includes(name));
    expect(events).toEqual(expect.arrayContaining(['typing:start', 'presence:set']));
    const payload = fc.oneof(
      ...PROTOCOL_SCHEMAS.filter(
        ([name]) => ['TypingStart', 'PresenceSet'].includes(name) || name.endsWith('Body'),
      ).map(([, schema]) => shaped(schema, ids)),
      fc.jsonValue({ maxDepth: 3 }),
      fc.constantFrom(...HOSTILE_STRINGS),
    );
    const cases = fc.sample(fc.tuple(fc.constantFrom(...events, 'unknown:event'), payload), {
      numRuns: sockets.length * 25,
      seed: SEED,
    });
    const acks = await Promise.all(
      cases.map(([event, value], i) =>
        (sockets[i % sockets.length] as any)
          .timeout(2_000)
          .emitWithAck(event, value)
          .then(
            (ack: any) => ({ event, value, ack }),
            () => ({ event, value, ack: 'no answer' }),
          ),
      ),
    );
    for (const { event, value, ack } of acks) {
      const what = `${event} ${String(JSON.stringify(value)).slice(0, 200)} answered ${JSON.stringify(ack)}`;
      if (event === 'unknown:event') expect(ack, what).toBe('no answer');
      else if (ack.ok !== true)
        expect(ERROR_STATUS[ack.error?.code as keyof typeof ERROR_STATUS], what).toBeDefined();
    }
    expect(sockets.every((s) => s.connected)).toBe(true);
    for (const socket of sockets) socket.close();
    expect((await fetch(`${server.url}/api/v1/health`)).status).toBe(200);
  });
});
