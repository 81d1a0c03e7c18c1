import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startParley, type Child } from './proc';
import { call, createChannel, register, runTag } from './parley-api';
import { writeResult } from './report';
import { createDatabase } from './services';
import { seedBackends, type SeedBackend, type Sql } from './seed-backends';
import { round, summarize } from './stats';

const COLD_REQUESTS = 20;
const WARM_REQUESTS = 300;
const PAGE = 50;
const SEED_CHUNK = 100_000;

/** Bulk insert in chunks straight into the messages table, then move the channel's last_seq to match. */
async function seed(query: Sql, channelId: string, username: string, count: number): Promise<void> {
  const [author] = (
    (await query('select id from users where username = $1', [username])) as { rows: { id: string }[] }
  ).rows;
  for (let from = 1; from <= count; from += SEED_CHUNK) {
    const to = Math.min(count, from + SEED_CHUNK - 1);
    await query(
      `insert into messages (id, channel_id, seq, author_id, client_id, body, created_at)
       select gen_random_uuid(), $1, g, $2, 'seed-' || g, 'history message number ' || g,
         now() - make_interval(secs => $4::int - g)
       from generate_series($3::int, $4::int) g`,
      [channelId, author!.id, from, to],
    );
  }
  await query('update channels set last_seq = $2 where id = $1', [channelId, count]);
}

async function timeGet(url: string, cookie: string, path: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${url}/api/v1${path}`, { headers: { cookie } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status}`);
  return performance.now() - started;
}

/** Cold: the first pages after a fresh server start; warm: the pages after those; health in between as the floor. */
async function measure(node: Child, cookie: string, channelId: string, count: number) {
  const page = () =>
    `/channels/${channelId}/messages?before=${PAGE + 1 + Math.floor(Math.random() * (count - PAGE))}&limit=${PAGE}`;
  const cold: number[] = [];
  const warm: number[] = [];
  const health: number[] = [];
  for (let i = 0; i < COLD_REQUESTS; i++) cold.push(await timeGet(node.url, cookie, page()));
  for (let i = 0; i < WARM_REQUESTS; i++) {
    warm.push(await timeGet(node.url, cookie, page()));
    health.push(await timeGet(node.url, '', '/health'));
  }
  const ms = (samples: number[]) => {
    const s = summarize(samples);
    return { count: s.count, p50: round(s.p50, 2), p95: round(s.p95, 2), p99: round(s.p99, 2) };
  };
  return { cold: ms(cold), warm: ms(warm), health: ms(health) };
}

async function runBackend(backend: SeedBackend, count: number) {
  const run = runTag();
  let node = await startParley(backend.env);
  const cookie = await register(node.url, `h${run}`);
  const channelId = await createChannel(node.url, cookie, `history-${run}`);
  // The embedded database allows one process at a time, so the server stops while the bench seeds it.
  await node.stop();
  const started = performance.now();
  const db = await backend.sql();
  await seed(db.query, channelId, `h${run}`, count);
  await db.end();
  const seedSeconds = round((performance.now() - started) / 1000, 1);
  node = await startParley(backend.env);
  try {
    const newest = await call(node.url, cookie, 'GET', `/channels/${channelId}/messages?limit=1`);
    if (newest.body?.messages?.[0]?.seq !== count) throw new Error('seeded history is not visible');
    return {
      backend: backend.name,
      messages: count,
      seedSeconds,
      ...(await measure(node, cookie, channelId, count)),
    };
  } finally {
    await node.stop();
  }
}

/** GET /channels/:id/messages?before=SEQ&limit=50 at random depths of a 1,000,000-message channel. */
export async function historySuite(quick: boolean): Promise<void> {
  const count = quick ? 50_000 : 1_000_000;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-'));
  // Quick runs time the embedded default only: each server start costs seconds.
  const database = quick ? undefined : await createDatabase('history');
  const backends = seedBackends(dataDir, database);
  const results = [];
  try {
    for (const backend of backends) {
      const r = await runBackend(backend, count);
      results.push(r);
      console.log(`${r.backend}: seeded ${count} in ${r.seedSeconds} s`);
    }
  } finally {
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.table(
    results.flatMap((r) =>
      (['cold', 'warm', 'health'] as const).map((k) => ({
        backend: r.backend,
        request: k === 'health' ? 'GET /health' : `history page (${k})`,
        n: r[k].count,
        'p50 ms': r[k].p50,
        'p95 ms': r[k].p95,
        'p99 ms': r[k].p99,
      })),
    ),
  );
  writeResult('history', quick, { page: PAGE, results });
}
