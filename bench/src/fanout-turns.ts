import { burst, connectClients, warmUp, type Clients, type Target, type Workload } from './fanout';
import { FULL_WORKLOADS, picked, servers, SMALL_ROOM, type Other } from './fanout-suite';
import { execFileSync } from 'node:child_process';
import { otherCheckouts, type Child } from './proc';
import { writeResult } from './report';
import { createDatabase } from './services';
import { cpuMicrosPerDelivery, rotate, round, summarize } from './stats';
import { parleyTarget, relayTarget } from './targets';

/** `pgMicros`: PostgreSQL's own CPU per delivery in that turn, for a target on PostgreSQL. */
type Turn = { micros: number; pgMicros: number | null; lost: number; p99: number };
type Entrant = { target: Target; nodes: Child[]; clients: Clients; turns: Turn[] };

const median = (values: number[]) => summarize(values).p50;

/**
 * One fan-out workload with every target's server up at once, taking turns in short bursts, so the
 * machine's drift weighs on all alike; each turn's CPU per delivery is set beside the others' of the
 * same round. `--only fanout-turns:mixed` picks the workload; BENCH_TARGETS and BENCH_COMPARE as in fanout.
 */
export async function fanoutTurnsSuite(quick: boolean, only?: string): Promise<void> {
  const workload: Workload = FULL_WORKLOADS.find((w) => only && w.name === only) ?? SMALL_ROOM;
  // BENCH_ROUNDS: more rounds where the box is noisy.
  const rounds = Number(process.env.BENCH_ROUNDS) || (quick ? 4 : 10);
  const timing = { seconds: quick ? 2 : 4, warmUpSeconds: quick ? 2 : 3, drainSeconds: 1 };
  const db = await createDatabase('turns');
  const others: Other[] = [];
  for (const o of otherCheckouts())
    others.push({ ...o, db: db && (await createDatabase(`turns_${o.label.replace(/\W/g, '_')}`)) });
  const entrants: Entrant[] = [];
  try {
    const list = picked(await servers(true, db, false, others));
    for (const server of list) {
      const nodes = await server.start();
      const target =
        server.name === 'relay'
          ? relayTarget(nodes[0]!)
          : parleyTarget(nodes, server.name, server.postgres ?? false);
      entrants.push({ target, nodes, clients: await connectClients(target, workload), turns: [] });
    }
    for (const e of entrants) await warmUp(e.clients, workload, timing.warmUpSeconds);
    for (let r = 0; r < rounds; r++)
      for (const e of rotate(entrants, r)) {
        const run = await burst(e.target, e.clients, workload, timing);
        const lat = summarize(run.latencies);
        e.turns.push({
          micros: cpuMicrosPerDelivery(run.cpu, run.received),
          pgMicros: run.postgresCpu === null ? null : cpuMicrosPerDelivery(run.postgresCpu, run.received),
          lost: run.expected - run.received,
          p99: lat.p99,
        });
      }
  } finally {
    for (const e of entrants) e.clients.close();
    await Promise.all(entrants.flatMap((e) => e.nodes.map((n) => n.stop())));
    await db?.drop();
    for (const o of others) await o.db?.drop();
  }
  const results = entrants.map((e) => summary(e, entrants));
  console.table(results.map(({ turns: _turns, ...row }) => row));
  const checkouts = others.map((o) => ({ label: o.label, commit: commitOf(o.root) }));
  writeResult(`turns-${workload.name}`, quick, { workload, rounds, ...timing, checkouts, results });
}

const commitOf = (dir: string) =>
  execFileSync('git', ['-C', dir, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();

/** Each entrant's median turn, and its median ratio, round by round, to the relay and to this checkout's PGlite. */
function summary(e: Entrant, all: Entrant[]) {
  const ratioTo = (name: string) => {
    const other = all.find((o) => o.target.name === name);
    return other && other !== e
      ? round(median(e.turns.map((t, i) => t.micros / other.turns[i]!.micros)), 3)
      : null;
  };
  return {
    target: e.target.name,
    turns: e.turns.map((t) => round(t.micros, 2)),
    usPerDelivery: round(median(e.turns.map((t) => t.micros)), 2),
    postgresUsPerDelivery: e.target.postgres ? round(median(e.turns.map((t) => t.pgMicros ?? 0)), 2) : null,
    lost: e.turns.reduce((sum, t) => sum + t.lost, 0),
    p99MsMedian: round(median(e.turns.map((t) => t.p99)), 1),
    vsRelay: ratioTo('bare Socket.IO relay'),
    vsThisPglite: ratioTo('parley-pglite'),
  };
}
