import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startParley } from './proc';
import { createChannel, register, runTag } from './parley-api';
import { writeResult } from './report';
import { createDatabase } from './services';
import { seedBackends, type SeedBackend, type Sql } from './seed-backends';
import { round, summarize } from './stats';

const REQUESTS = 150;
const SEED_CHUNK = 100_000;
const CHANNELS = 10;

// The words messages are made of: common ones, and the rarer ones searched for.
const WORDS = (
  'the a to of and in is for on we it this that with be at our team please can will ' +
  'meeting review build test fix bug release notes customer invoice budget design roadmap sprint ' +
  'deploy deployment staging production api-v2 parley.example.com rollback incident latency'
).split(' ');
const SEARCHES: [string, string][] = [
  ['word', 'invoice'],
  ['part of a word', 'deplo'],
  ['dashes and dots', 'api-v2 parley.example.com'],
  ['phrase', '"release notes"'],
  ['filters', 'deplo from:@AUTHOR in:#CHANNEL after:2020-01-01'],
];

/** Seeds messages of 8 words across channels, with the search indexes built after the rows, as a migration on a full table would. */
export async function seed(query: Sql, channelIds: string[], authorId: string, count: number) {
  await query('drop index if exists messages_body_words_idx');
  await query('drop index if exists messages_body_fts_idx');
  const words = `array[${WORDS.map((w) => `'${w}'`).join(',')}]`;
  const pick = (k: number) => `(${words})[1 + ((g * ${k * 7 + 3} + ${k * 13}) % ${WORDS.length})]`;
  for (let from = 1; from <= count; from += SEED_CHUNK) {
    const to = Math.min(count, from + SEED_CHUNK - 1);
    await query(
      `insert into messages (id, channel_id, seq, author_id, client_id, body, created_at)
       select gen_random_uuid(), ($1::uuid[])[1 + g % ${CHANNELS}], g / ${CHANNELS} + 1, $2, 'seed-' || g,
         ${[0, 1, 2, 3, 4, 5, 6, 7].map(pick).join(" || ' ' || ")}, now() - make_interval(secs => $4::int - g)
       from generate_series($3::int, $4::int) g`,
      [channelIds, authorId, from, to],
    );
  }
  await query(
    `update channels c set last_seq = (select max(seq) from messages m where m.channel_id = c.id)
    where c.id = any($1::uuid[])`,
    [channelIds],
  );
  await query(`create index messages_body_words_idx on messages using gin (translate(lower(body), ' ', 'q') gin_trgm_ops)
    where deleted_at is null and body is not null`);
  await query(`create index messages_body_fts_idx on messages using gin (to_tsvector('simple', body))
    where deleted_at is null and body is not null`);
  await query('analyze messages');
}

async function timed(url: string, cookie: string, p: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${url}/api/v1${p}`, { headers: { cookie } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`GET ${p}: ${res.status}`);
  return performance.now() - started;
}

async function runBackend(backend: SeedBackend, count: number, requests: number) {
  const run = runTag();
  const username = `s${run}`;
  let node = await startParley(backend.env);
  const cookie = await register(node.url, username);
  const channelIds: string[] = [];
  for (let i = 0; i < CHANNELS; i++)
    channelIds.push(await createChannel(node.url, cookie, `search-${run}-${i}`));
  await node.stop();
  const started = performance.now();
  const db = await backend.sql();
  const author = (
    (await db.query('select id from users where username = $1', [username])) as { rows: { id: string }[] }
  ).rows[0]!.id;
  await seed(db.query, channelIds, author, count);
  await db.end();
  const seedSeconds = round((performance.now() - started) / 1000, 1);
  node = await startParley(backend.env);
  try {
    const rows = [];
    const history = `/channels/${channelIds[0]}/messages?limit=50`;
    for (const [label, q] of SEARCHES) {
      const query = q.replace('AUTHOR', username).replace('CHANNEL', `search-${run}-3`);
      const search: number[] = [];
      const baseline: number[] = [];
      for (let i = 0; i < requests; i++) {
        search.push(await timed(node.url, cookie, `/search?q=${encodeURIComponent(query)}&limit=20`));
        baseline.push(await timed(node.url, cookie, history));
      }
      const s = summarize(search);
      const b = summarize(baseline);
      rows.push({
        search: label,
        query,
        p50: round(s.p50, 1),
        p95: round(s.p95, 1),
        historyP95: round(b.p95, 1),
        ratio: round(s.p95 / b.p95, 2),
      });
    }
    return { backend: backend.name, messages: count, seedSeconds, rows };
  } finally {
    await node.stop();
  }
}

/** GET /search over 1,000,000 messages, each kind of search beside a history page fetched in the same loop. */
export async function searchSuite(quick: boolean): Promise<void> {
  const count = quick ? 50_000 : 1_000_000;
  const requests = quick ? 30 : REQUESTS;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-'));
  const database = await createDatabase('search');
  const backends = seedBackends(dataDir, database);
  const results = [];
  try {
    for (const backend of backends) {
      const r = await runBackend(backend, count, requests);
      results.push(r);
      console.log(`${r.backend}: seeded ${count} in ${r.seedSeconds} s`);
      console.table(r.rows.map((row) => ({ backend: r.backend, ...row })));
    }
  } finally {
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  writeResult('search', quick, { results, target: 'p95 < 100 ms at 1,000,000 messages' });
}
