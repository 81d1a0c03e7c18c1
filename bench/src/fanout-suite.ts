import { runFanout, type FanoutResult, type Target, type Workload } from './fanout';
import { otherCheckouts, startChild, startParley, type Child } from './proc';
import { writeResult } from './report';
import { createDatabase, REDIS_URL, redisReachable, type BenchDatabase } from './services';
import { round } from './stats';
import { parleyTarget, relayTarget } from './targets';

export const SMALL_ROOM: Workload = { name: 'small-room', rooms: [200], messagesPerSecondPerRoom: 100 };
export const FULL_WORKLOADS: Workload[] = [
  SMALL_ROOM,
  { name: 'big-room-20', rooms: [1000], messagesPerSecondPerRoom: 20 },
  { name: 'big-room-50', rooms: [1000], messagesPerSecondPerRoom: 50 },
  // Not in BENCHMARKS.md's table: offers the 60,000 deliveries/s the goal asks for.
  { name: 'big-room-60', rooms: [1000], messagesPerSecondPerRoom: 60 },
  { name: 'mixed', rooms: [500, 300, 150, 50], messagesPerSecondPerRoom: 25 },
  // The send-rate target: 500 messages/s across 1,000 clients in 50 rooms of 20; 250/s shows the slope.
  manyRooms(250),
  manyRooms(500),
];

function manyRooms(sendsPerSecond: number): Workload {
  const rooms = Array.from({ length: 50 }, () => 20);
  return {
    name: `many-rooms-${sendsPerSecond}`,
    rooms,
    messagesPerSecondPerRoom: sendsPerSecond / rooms.length,
  };
}

// postgres: the target's database is the PostgreSQL on this machine, whose CPU is reported too.
export type Server = { name: string; postgres?: boolean; start: () => Promise<Child[]> };

export type Other = { label: string; root: string; db: BenchDatabase | undefined };

export async function servers(
  quick: boolean,
  db: BenchDatabase | undefined,
  redis: boolean,
  others: Other[],
): Promise<Server[]> {
  const one = async (env: Record<string, string>, cwd?: string) => [await startParley(env, { cwd })];
  // Each Parley target is followed by the same target on every other checkout (BENCH_COMPARE).
  const list: Server[] = [
    { name: 'relay', start: async () => [await startChild('bench/src/relay-server.ts', {}, '/health')] },
    { name: 'parley-pglite', start: () => one({ DATABASE_URL: 'memory://' }) },
    ...others.map((o) => ({
      name: `parley-pglite-${o.label}`,
      start: () => one({ DATABASE_URL: 'memory://' }, o.root),
    })),
  ];
  if (db) {
    list.push({ name: 'parley-postgres', postgres: true, start: () => one({ DATABASE_URL: db.url }) });
    for (const o of others)
      if (o.db) {
        const url = o.db.url;
        list.push({
          name: `parley-postgres-${o.label}`,
          postgres: true,
          start: () => one({ DATABASE_URL: url }, o.root),
        });
      }
  }
  if (db && redis && !quick)
    list.push({
      name: 'parley-2-nodes',
      postgres: true,
      start: async () => {
        const env = { DATABASE_URL: db.url, REDIS_URL };
        const a = await startParley(env);
        return [a, await startParley(env)];
      },
    });
  return list;
}

/** Fan-out on every target for every workload; quick: small-room only, 5 s per run after 1 s of warm-up. */
export async function fanoutSuite(quick: boolean, only?: string): Promise<void> {
  const workloads = (quick ? [SMALL_ROOM] : FULL_WORKLOADS).filter((w) => !only || w.name.startsWith(only));
  const timing = quick
    ? { seconds: 5, warmUpSeconds: 1, drainSeconds: 1.5 }
    : { seconds: 15, warmUpSeconds: 3, drainSeconds: 3 };
  const db = await createDatabase('fanout');
  const others: Other[] = [];
  // Each checkout its own database: their migrations differ.
  for (const o of otherCheckouts())
    others.push({ ...o, db: db && (await createDatabase(o.label.replace(/\W/g, '_'))) });
  const redis = await redisReachable();
  if (!redis && !quick) console.warn('Redis is not reachable on 127.0.0.1:6379: skipping the two-node run');
  const results: FanoutResult[] = [];
  try {
    for (const workload of workloads) {
      for (const server of picked(await servers(quick, db, redis, others))) {
        const nodes = await server.start();
        try {
          const target: Target =
            server.name === 'relay'
              ? relayTarget(nodes[0]!)
              : parleyTarget(nodes, server.name, server.postgres ?? false);
          const result = await runFanout(target, workload, timing);
          results.push(result);
          console.log(
            `${workload.name} ${server.name}: ${result.deliveredPerSecond}/s, lost ${result.lost}, p99 ${result.latencyMs.p99} ms, ${result.serverCpuMicrosPerDelivery} us/delivery`,
          );
        } finally {
          await Promise.all(nodes.map((n) => n.stop()));
        }
      }
    }
  } finally {
    await db?.drop();
    for (const o of others) await o.db?.drop();
  }
  const withRatios = results.map((r) => ({ ...r, vsRelay: ratios(r, results) }));
  console.table(
    withRatios.map((r) => ({
      workload: r.workload,
      target: r.target,
      clients: r.clients,
      'delivered/s': r.deliveredPerSecond,
      lost: r.lost,
      'failed sends': r.sendsFailed,
      'p50 ms': r.latencyMs.p50,
      'p95 ms': r.latencyMs.p95,
      'p99 ms': r.latencyMs.p99,
      'CPU s': r.serverCpuSeconds,
      'CPU us/delivery': r.serverCpuMicrosPerDelivery,
      'RSS MB': r.serverRssMb,
      'PostgreSQL CPU s': r.postgresCpuSeconds ?? '',
      'load CPU s': r.loadCpuSeconds,
      'CPU x relay': r.vsRelay?.cpuPerDelivery,
      'p99 x relay': r.vsRelay?.p99,
    })),
  );
  // A run of some workloads only writes beside the full results instead of over them.
  writeResult(only ? `fanout-${only}` : 'fanout', quick, {
    ...timing,
    results: withRatios,
  });
}

/** BENCH_TARGETS=relay,parley-postgres runs only those targets (the relay is the baseline of the ratios). */
export function picked(list: Server[]): Server[] {
  const names = process.env.BENCH_TARGETS?.split(',');
  return names ? list.filter((s) => names.includes(s.name)) : list;
}

/** Each figure divided by the bare relay's in the same workload of the same run. */
function ratios(r: FanoutResult, all: FanoutResult[]) {
  const base = all.find((b) => b.workload === r.workload && b.target === 'bare Socket.IO relay');
  if (!base) return null;
  return {
    delivered: round(r.deliveredPerSecond / base.deliveredPerSecond, 2),
    cpuPerDelivery: round(r.serverCpuMicrosPerDelivery / base.serverCpuMicrosPerDelivery, 2),
    p99: round(r.latencyMs.p99 / base.latencyMs.p99, 2),
    rss: round(r.serverRssMb / base.serverRssMb, 2),
  };
}
