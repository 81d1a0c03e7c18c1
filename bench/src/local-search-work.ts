// The browser's index of encrypted messages (apps/web/src/lib/text-index.ts) on generated messages,
// beside a plain Array.filter(includes) over the same texts; bundled, it runs in Chromium.
import { generateUserKeyPairs } from '@parley/crypto';
import { parseSearch, type ParsedSearch } from '@parley/protocol/client';
import { TextIndex, type IndexedMessage } from '../../apps/web/src/lib/text-index';
import { deriveIndexKeys, SealedRecords, type RecordStore } from '../../apps/web/src/crypto/search-store';
import { percentile, round } from './stats';

const WORDS = (
  'the a to and of we it is for on in that this with deploy deployment release review budget contract ' +
  'merger draft legal salary offer hiring ticket incident outage postgres redis latency migration rollback ' +
  'customer invoice quarterly forecast roadmap design meeting friday monday tomorrow today please thanks ' +
  'api-v2 v1.13.0 node.js staging production https://wiki.example.com/runbook alpha beta gamma delta'
).split(' ');
const CHANNELS = 20;

/** A repeatable generator, so every run indexes the same messages. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export function generate(count: number): IndexedMessage[] {
  const rnd = random(7);
  const start = Date.parse('2026-01-01T00:00:00Z');
  return Array.from({ length: count }, (_, i) => {
    const length = 6 + Math.floor(rnd() * 24);
    const words = Array.from({ length }, () => WORDS[Math.floor(rnd() * WORDS.length)]!);
    // A few rare words, so some searches are selective the way a real name or ticket is.
    if (rnd() < 0.02) words.push(`ticket-${Math.floor(rnd() * 5000)}`);
    return {
      id: `m${i}`,
      channelId: `c${i % CHANNELS}`,
      seq: Math.floor(i / CHANNELS) + 1,
      authorId: `u${Math.floor(rnd() * 50)}`,
      text: words.join(' '),
      createdAt: new Date(start + i * 60_000).toISOString(),
      threadRootId: rnd() < 0.1 ? `m${Math.max(0, i - 5)}` : null,
      alsoInChannel: false,
      replyCount: 0,
      pinned: false,
      files: 0,
      images: 0,
    };
  });
}

const QUERIES = [
  'deplo',
  'deployment',
  'merger draft',
  '"merger draft"',
  'api-v2',
  'v1.13',
  'wiki.example.com/runbook',
  'postgres -redis',
  'ticket-4242',
  'ticket-17',
  'outage latency',
  'quarterly forecast -budget',
  'roll',
  'salary offer hiring',
  'incident is:thread',
  'release has:link',
  'budget on:2026-01-10',
  'contract after:2026-01-20',
  'friday before:2026-01-05',
  'zzzz',
];

function parsed(text: string): ParsedSearch {
  const p = parseSearch(text);
  if (!p.ok) throw new Error(p.error);
  return p.query;
}

/** What a browser without an index would do: lower-case every text once, then filter on each search. */
function baseline(lower: string[], query: ParsedSearch): number {
  const wanted = [...query.terms, ...query.phrases];
  return lower.filter((t) => wanted.every((w) => t.includes(w)) && !query.excludes.some((w) => t.includes(w)))
    .length;
}

const memory = (): RecordStore => {
  const map = new Map<string, Uint8Array>();
  return {
    get: async (k) => map.get(k),
    put: async (k, v) => void map.set(k, v),
    delete: async (k) => void map.delete(k),
    keys: async (p) => [...map.keys()].filter((k) => k.startsWith(p)),
  };
};

export async function measureLocalSearch(count: number, rounds: number) {
  const messages = generate(count);
  let started = performance.now();
  const index = new TextIndex();
  for (const m of messages) index.put(m);
  const buildMs = performance.now() - started;

  // Saved as the app saves it (local-search-engine.ts): a sealed record per channel and run of 500 seqs,
  // then read back and indexed again, as a browser does when the app starts.
  const keys = await deriveIndexKeys(await generateUserKeyPairs(), 'u1');
  const records = new SealedRecords(memory(), keys, 'u1:');
  started = performance.now();
  const buckets = new Map<string, IndexedMessage[]>();
  for (const m of index.all()) {
    const name = `${m.channelId}/${Math.floor(m.seq / 500)}`;
    const list = buckets.get(name);
    if (list) list.push(m);
    else buckets.set(name, [m]);
  }
  for (const [name, list] of buckets) await records.put(name, list);
  const sealMs = performance.now() - started;
  started = performance.now();
  const reloaded = new TextIndex();
  for (const name of await records.names())
    for (const m of (await records.get<IndexedMessage[]>(name))!) reloaded.put(m);
  const openAndBuildMs = performance.now() - started;

  const lower = messages.map((m) => m.text.toLowerCase());
  const queries = QUERIES.map(parsed);
  const indexed: number[] = [];
  const filtered: number[] = [];
  const hits: Record<string, number> = {};
  const perQuery: Record<string, number[]> = {};
  for (let r = 0; r < rounds; r++) {
    for (const [i, q] of queries.entries()) {
      let t = performance.now();
      const found = reloaded.search(q, {}, 200);
      indexed.push(performance.now() - t);
      (perQuery[QUERIES[i]!] ??= []).push(performance.now() - t);
      t = performance.now();
      baseline(lower, q);
      filtered.push(performance.now() - t);
      hits[QUERIES[i]!] = found.length;
    }
  }
  const stats = (samples: number[]) => {
    const sorted = [...samples].sort((a, b) => a - b);
    return {
      p50Ms: round(percentile(sorted, 50), 2),
      p95Ms: round(percentile(sorted, 95), 2),
      maxMs: round(sorted[sorted.length - 1]!, 2),
    };
  };
  return {
    messages: count,
    buildMs: Math.round(buildMs),
    sealMs: Math.round(sealMs),
    records: buckets.size,
    openAndBuildMs: Math.round(openAndBuildMs),
    queries: indexed.length,
    indexQuery: stats(indexed),
    baselineFilterIncludes: stats(filtered),
    hitsPerQuery: hits,
    medianMsPerQuery: Object.fromEntries(
      Object.entries(perQuery).map(([k, v]) => [
        k,
        round(
          percentile(
            [...v].sort((a, b) => a - b),
            50,
          ),
          2,
        ),
      ]),
    ),
  };
}
