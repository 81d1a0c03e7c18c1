// `npm run bench [-- --quick] [-- --only fanout|web]`: prints tables and writes bench/results/<name>.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { runFanout, type Workload } from './fanout';
import { root, startChild, type Child } from './proc';
import { parleyTarget, relayTarget } from './targets';
import { measureWebSize } from './web-size';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const SECRET = 'bench-secret-0123456789-abcdefghijklmnop';

const machine = {
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model,
  memoryGb: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
  date: new Date().toISOString(),
};

function write(name: string, data: unknown): void {
  const dir = path.join(root, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    // Quick runs write beside the full results instead of over them.
    path.join(dir, `${name}${quick ? '-quick' : ''}.json`),
    JSON.stringify({ machine, quick, ...(data as object) }, null, 2) + '\n',
  );
}

async function createDatabase(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const admin = new pg.Client({
    connectionString: 'postgres://postgres@127.0.0.1:5432/postgres',
    connectionTimeoutMillis: 2000,
  });
  try {
    await admin.connect();
  } catch {
    console.warn('PostgreSQL is not reachable on 127.0.0.1:5432: skipping the PostgreSQL run');
    return undefined;
  }
  const name = `parley_bench_${Date.now()}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: `postgres://postgres@127.0.0.1:5432/${name}`,
    drop: async () => {
      const c = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function fanout(): Promise<void> {
  const workloads: Workload[] = quick
    ? [{ name: 'small-room', rooms: [200], messagesPerSecondPerRoom: 100 }]
    : [
        { name: 'small-room', rooms: [200], messagesPerSecondPerRoom: 100 },
        { name: 'big-room-20', rooms: [1000], messagesPerSecondPerRoom: 20 },
        { name: 'big-room-50', rooms: [1000], messagesPerSecondPerRoom: 50 },
        { name: 'mixed', rooms: [500, 300, 150, 50], messagesPerSecondPerRoom: 25 },
      ];
  const seconds = quick ? 8 : 15;
  const parleyEnv = { NODE_ENV: 'production', PARLEY_SECRET: SECRET, LOG_LEVEL: 'warn' };
  const db = quick ? undefined : await createDatabase();
  const servers: [string, () => Promise<Child>][] = [
    ['relay', () => startChild('bench/src/relay-server.ts', {}, '/health')],
    [
      'parley-pglite',
      () =>
        startChild('apps/server/src/main.ts', { ...parleyEnv, DATABASE_URL: 'memory://' }, '/api/v1/health'),
    ],
    ...(db
      ? [
          [
            'parley-postgres',
            () =>
              startChild('apps/server/src/main.ts', { ...parleyEnv, DATABASE_URL: db.url }, '/api/v1/health'),
          ] as [string, () => Promise<Child>],
        ]
      : []),
  ];
  const results = [];
  for (const workload of workloads) {
    for (const [name, start] of servers) {
      const child = await start();
      try {
        const target = name === 'relay' ? relayTarget(child) : parleyTarget(child, name);
        results.push(await runFanout(target, workload, seconds));
      } finally {
        await child.stop();
      }
    }
  }
  await db?.drop();
  for (const r of results) {
    const base = results.find((b) => b.workload === r.workload && b.target === 'bare Socket.IO relay');
    Object.assign(r, {
      ratioToRelay: base ? Math.round((r.deliveredPerSecond / base.deliveredPerSecond) * 100) / 100 : null,
    });
  }
  console.table(
    results.map((r) => ({
      workload: r.workload,
      target: r.target,
      clients: r.clients,
      'delivered/s': r.deliveredPerSecond,
      lost: r.lost,
      'p50 ms': r.latencyMs.p50,
      'p99 ms': r.latencyMs.p99,
      'CPU us/delivery': r.serverCpuMicrosPerDelivery,
      'x relay': (r as { ratioToRelay?: number }).ratioToRelay,
    })),
  );
  write('fanout', { results });
}

async function web(): Promise<void> {
  const result = measureWebSize();
  console.table('files' in result ? result.files : [result]);
  if ('firstLoadJsGzipBytes' in result)
    console.log(
      `first-load JS: ${result.firstLoadJsGzipBytes} bytes gzipped, ${result.ratioToBudget}x the budget`,
    );
  write('web', result);
}

const suites: Record<string, () => Promise<void>> = { web, fanout };
for (const [name, suite] of Object.entries(suites)) {
  if (only && only !== name) continue;
  console.log(`\n== ${name}${quick ? ' (quick)' : ''}`);
  await suite();
}
process.exit(0);
