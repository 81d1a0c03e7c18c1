// Server CPU of one message send with no client connected, beside GET /health in the same run.
import http from 'node:http';
import { cpuSeconds, otherCheckouts, postgresCpu, postgresCpuSince, startParley, type Child } from './proc';
import { createChannel, newClientId, register, runTag } from './parley-api';
import { postJson } from './http-post';
import { writeResult } from './report';
import { createDatabase, type BenchDatabase } from './services';
import { rotate, round, summarize } from './stats';

const WARM_UP = 300;
const ROUNDS = 10;
const agent = new http.Agent({ keepAlive: true });

const health = (url: string) =>
  new Promise<void>((resolve, reject) => {
    http.get(`${url}/api/v1/health`, { agent }, (res) => res.resume().on('end', resolve)).on('error', reject);
  });

type Checkout = { label: string; root: string | undefined };
type Node = Checkout & { node: Child; db: BenchDatabase | undefined; send: () => Promise<void> };
type Cost = { server: number[]; postgres: number[]; wallMs: number[] };

/** CPU milliseconds per call of `fn` over `count` calls one at a time: the server's, and PostgreSQL's. */
async function perCall(node: Child, count: number, fn: () => Promise<void>) {
  const server = cpuSeconds(node.pid);
  const database = postgresCpu();
  const wallMs: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await fn();
    wallMs.push(performance.now() - start);
  }
  return {
    server: ((cpuSeconds(node.pid) - server) / count) * 1000,
    postgres: (postgresCpuSince(database) / count) * 1000,
    wallMs,
  };
}

async function start(c: Checkout, database: 'PGlite' | 'PostgreSQL'): Promise<Node | undefined> {
  const db = database === 'PostgreSQL' ? await createDatabase(`send_${c.label}`) : undefined;
  if (database === 'PostgreSQL' && !db) return undefined;
  const node = await startParley({ DATABASE_URL: db?.url ?? 'memory://' }, { cwd: c.root });
  const cookie = await register(node.url, `cost${runTag()}`);
  const channel = await createChannel(node.url, cookie, `cost-${runTag()}`);
  const headers = { cookie, 'x-parley-csrf': '1' };
  const url = `${node.url}/api/v1/channels/${channel}/messages`;
  const send = async () => {
    const status = await postJson(url, headers, { clientId: newClientId(), body: 'a message' });
    if (status !== 201) throw new Error(`send answered ${status}`);
  };
  return { ...c, node, db, send };
}

/**
 * Every checkout's server runs at once and they take turns, a round of sends each, so a machine that
 * speeds up or slows down during the run weighs on all of them alike.
 */
async function measure(database: 'PGlite' | 'PostgreSQL', checkouts: Checkout[], count: number) {
  const nodes: Node[] = [];
  try {
    for (const c of checkouts) {
      const started = await start(c, database);
      if (started) nodes.push(started);
    }
    const rounds = Math.min(ROUNDS, count);
    const perRound = Math.ceil(count / rounds);
    for (const n of nodes) for (let i = 0; i < WARM_UP; i++) await n.send();
    const costs = new Map(nodes.map((n) => [n, { send: empty(), health: empty() }]));
    for (let r = 0; r < rounds; r++)
      for (const n of rotate(nodes, r)) {
        const cost = costs.get(n)!;
        add(cost.send, await perCall(n.node, perRound, n.send));
        add(cost.health, await perCall(n.node, perRound, () => health(n.node.url)));
      }
    const first = nodes[0] && mean(costs.get(nodes[0])!.send.server);
    return nodes.map((n) => {
      const { send, health: floor } = costs.get(n)!;
      const serverMs = mean(send.server);
      return {
        database,
        checkout: n.label,
        sends: perRound * rounds,
        sendServerCpuMs: round(serverMs, 3),
        sendServerCpuMsMedianRound: round(summarize(send.server).p50, 3),
        sendPostgresCpuMs: database === 'PostgreSQL' ? round(mean(send.postgres), 3) : null,
        healthServerCpuMs: round(mean(floor.server), 3),
        sendVsHealth: round(serverMs / mean(floor.server), 2),
        sendVsThis: first ? round(serverMs / first, 2) : null,
        // One at a time, so a send held by the database's own work (an index merge, a new WAL file) shows here.
        sendWallP99Ms: round(summarize(send.wallMs).p99, 1),
        sendWallMaxMs: round(Math.max(...send.wallMs), 1),
      };
    });
  } finally {
    for (const n of nodes) {
      await n.node.stop();
      await n.db?.drop();
    }
  }
}

const empty = (): Cost => ({ server: [], postgres: [], wallMs: [] });
const add = (cost: Cost, call: { server: number; postgres: number; wallMs: number[] }) => {
  cost.server.push(call.server);
  cost.postgres.push(call.postgres);
  cost.wallMs.push(...call.wallMs);
};
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/**
 * PGlite and (when it answers) PostgreSQL; quick: 500 sends on PostgreSQL only (PGlite's start takes
 * seconds). With BENCH_COMPARE, the other checkouts' servers take turns with this one's.
 */
export async function sendCostSuite(quick: boolean): Promise<void> {
  const count = quick ? 500 : 3000;
  const checkouts: Checkout[] = [{ label: 'this', root: undefined }, ...otherCheckouts()];
  const results = [];
  if (!quick || !(await postgresAnswers())) results.push(...(await measure('PGlite', checkouts, count)));
  results.push(...(await measure('PostgreSQL', checkouts, count)));
  console.table(results);
  writeResult('send', quick, { results });
}

async function postgresAnswers(): Promise<boolean> {
  const db = await createDatabase('probe');
  await db?.drop();
  return !!db;
}
