// Catch-up after a reconnect: GET /sync for a user in 300 channels, 5 of them changed, 1,000 changes in all.
import { getJson } from './http-get';
import { call, createChannel, inBatches, newClientId, register, runTag } from './parley-api';
import { cpuSeconds, postgresCpu, postgresCpuSince, startParley, type Child } from './proc';
import { writeResult } from './report';
import { createDatabase } from './services';
import { round, summarize } from './stats';

const CHANNELS = 300;
const CHANGED = 5;
// Per changed channel: 160 messages, 20 edits, 20 reactions = 200 changes, 1,000 in all.
const SENDS = 160;
const EDITS = 20;
const REACTIONS = 20;
const HISTORY_PAGE = 200;

type Sync = { changes: unknown[]; cursor: string; more: boolean };

/** Runs `pass` `reps` times one after another: wall time of each, and server and PostgreSQL CPU per pass. */
async function timed(node: Child, reps: number, pass: () => Promise<void>) {
  await pass(); // warm-up: JIT, prepared statements, caches
  const cpu = cpuSeconds(node.pid);
  const database = postgresCpu();
  const wall: number[] = [];
  for (let i = 0; i < reps; i++) {
    const start = performance.now();
    await pass();
    wall.push(performance.now() - start);
  }
  const s = summarize(wall);
  return {
    wallMs: { p50: round(s.p50), p95: round(s.p95), max: round(Math.max(...wall)) },
    serverCpuMs: round(((cpuSeconds(node.pid) - cpu) / reps) * 1000, 2),
    postgresCpuMs: round((postgresCpuSince(database) / reps) * 1000, 2),
  };
}

/** 300 channels for the reader; a writer makes 1,000 changes in 5 of them after the reader's cursor. */
async function seed(url: string) {
  const run = runTag();
  const reader = await register(url, `r${run}`);
  const writer = await register(url, `w${run}`);
  const channels: string[] = [];
  await inBatches(
    Array.from({ length: CHANNELS }, (_, i) => i),
    4,
    async (i) => void channels.push(await createChannel(url, reader, `c${run}-${i}`)),
  );
  const changed = channels.slice(0, CHANGED);
  for (const id of changed) await call(url, writer, 'POST', `/channels/${id}/join`);
  const since = (await getJson<Sync>(`${url}/api/v1/sync`, reader)).body.cursor;
  const seeding = performance.now();
  for (const id of changed) {
    const ids: string[] = [];
    await inBatches(
      Array.from({ length: SENDS }, (_, i) => i),
      8,
      async (i) => {
        const sent = await call(url, writer, 'POST', `/channels/${id}/messages`, {
          clientId: newClientId(),
          body: `Change ${i}: a line of the conversation the reader missed.`,
        });
        if (sent.status !== 201) throw new Error(`send: ${sent.status}`);
        ids.push(sent.body.message.id as string);
      },
    );
    for (const m of ids.slice(0, EDITS))
      await call(url, writer, 'PATCH', `/messages/${m}`, { body: 'Edited while the reader was away.' });
    for (const m of ids.slice(EDITS, EDITS + REACTIONS))
      await call(url, writer, 'PUT', `/messages/${m}/reactions/${encodeURIComponent('👍')}`);
  }
  console.log(
    `seeded ${CHANGED * (SENDS + EDITS + REACTIONS)} changes in ${round((performance.now() - seeding) / 1000)} s`,
  );
  return { reader, channels, changed, since };
}

async function measure(database: string, env: Record<string, string>, reps: number) {
  const node = await startParley(env);
  try {
    const api = `${node.url}/api/v1`;
    const { reader, channels, changed, since } = await seed(node.url);
    let pages = 0;
    let changes = 0;
    const sync = async () => {
      pages = 0;
      changes = 0;
      let cursor = since;
      for (;;) {
        const res = await getJson<Sync>(`${api}/sync?since=${cursor}`, reader);
        if (res.status !== 200) throw new Error(`sync: ${res.status}`);
        pages++;
        changes += res.body.changes.length;
        cursor = res.body.cursor;
        if (!res.body.more) return;
      }
    };
    const catchUp = await timed(node, reps, sync);
    // What the client did before the feed: one history request per channel, six at a time like a browser.
    const everyChannel = await timed(node, reps, () =>
      inBatches(channels, 6, async (id) => {
        const res = await getJson(`${api}/channels/${id}/messages?after=0&limit=${HISTORY_PAGE}`, reader);
        if (res.status !== 200) throw new Error(`history: ${res.status}`);
      }),
    );
    // A client that somehow knew which 5 channels changed, and fetched only their new messages.
    const changedOnly = await timed(node, reps, () =>
      inBatches(changed, 6, async (id) => {
        await getJson(`${api}/channels/${id}/messages?after=0&limit=${HISTORY_PAGE}`, reader);
      }),
    );
    const health = await timed(node, reps, async () => void (await getJson(`${api}/health`)));
    const postgres = database === 'PostgreSQL';
    const pick = (t: typeof catchUp) => (postgres ? t : { ...t, postgresCpuMs: null });
    return {
      database,
      channels: CHANNELS,
      changedChannels: CHANGED,
      changes,
      pages,
      reps,
      sync: pick(catchUp),
      perChannelHistory: { requests: CHANNELS, ...pick(everyChannel) },
      changedChannelsHistory: { requests: CHANGED, ...pick(changedOnly) },
      health: pick(health),
      syncCpuToPerChannel: round(catchUp.serverCpuMs / everyChannel.serverCpuMs, 2),
      syncCpuToChangedOnly: round(catchUp.serverCpuMs / changedOnly.serverCpuMs, 2),
      syncWallToPerChannel: round(catchUp.wallMs.p50 / everyChannel.wallMs.p50, 2),
    };
  } finally {
    await node.stop();
  }
}

/** PostgreSQL (when it answers) and PGlite in memory; quick: PostgreSQL only, 5 catch-ups. */
export async function catchUpSuite(quick: boolean): Promise<void> {
  const reps = quick ? 3 : 20;
  const results = [];
  const db = await createDatabase('catchup');
  if (db) {
    try {
      results.push(await measure('PostgreSQL', { DATABASE_URL: db.url }, reps));
    } finally {
      await db.drop();
    }
  }
  if (!quick || !db) results.push(await measure('PGlite', { DATABASE_URL: 'memory://' }, reps));
  console.table(
    results.map((r) => ({
      database: r.database,
      changes: r.changes,
      'round trips': r.pages,
      'sync p50 / max ms': `${r.sync.wallMs.p50} / ${r.sync.wallMs.max}`,
      'sync CPU ms': r.sync.serverCpuMs,
      'sync PG CPU ms': r.sync.postgresCpuMs ?? '',
      '300 requests p50 ms': r.perChannelHistory.wallMs.p50,
      '300 requests CPU ms': r.perChannelHistory.serverCpuMs,
      '5 requests p50 ms': r.changedChannelsHistory.wallMs.p50,
      '5 requests CPU ms': r.changedChannelsHistory.serverCpuMs,
      'health CPU ms': r.health.serverCpuMs,
      'sync / 300 (CPU)': r.syncCpuToPerChannel,
      'sync / 5 (CPU)': r.syncCpuToChangedOnly,
    })),
  );
  writeResult('catch-up', quick, { results });
}
