// Server CPU of one message send with no client connected, beside GET /health in the same run.
import http from 'node:http';
import { cpuSeconds, otherCheckouts, postgresCpu, postgresCpuSince, startParley, type Child } from './proc';
import { createChannel, newClientId, register, runTag } from './parley-api';
import { postJson } from './http-post';
import { writeResult } from './report';
import { createDatabase } from './services';
import { round } from './stats';

const WARM_UP = 300;
const agent = new http.Agent({ keepAlive: true });

const health = (url: string) =>
  new Promise<void>((resolve, reject) => {
    http.get(`${url}/api/v1/health`, { agent }, (res) => res.resume().on('end', resolve)).on('error', reject);
  });

/** CPU milliseconds per call of `fn`, run one at a time: the server's, and PostgreSQL's. */
async function perCall(node: Child, count: number, fn: () => Promise<void>) {
  for (let i = 0; i < WARM_UP; i++) await fn();
  const server = cpuSeconds(node.pid);
  const database = postgresCpu();
  for (let i = 0; i < count; i++) await fn();
  return {
    serverMs: round(((cpuSeconds(node.pid) - server) / count) * 1000, 3),
    postgresMs: round((postgresCpuSince(database) / count) * 1000, 3),
  };
}

async function measure(
  name: string,
  env: Record<string, string>,
  count: number,
  cwd?: string,
  label?: string,
) {
  const node = await startParley(env, { cwd });
  try {
    const cookie = await register(node.url, `cost${runTag()}`);
    const channel = await createChannel(node.url, cookie, `cost-${runTag()}`);
    const headers = { cookie, 'x-parley-csrf': '1' };
    const url = `${node.url}/api/v1/channels/${channel}/messages`;
    const send = await perCall(node, count, async () => {
      const status = await postJson(url, headers, { clientId: newClientId(), body: 'a message' });
      if (status !== 201) throw new Error(`send answered ${status}`);
    });
    const floor = await perCall(node, count, () => health(node.url));
    const database = name === 'PostgreSQL';
    return {
      database: name,
      checkout: label ?? 'this',
      sends: count,
      sendServerCpuMs: send.serverMs,
      sendPostgresCpuMs: database ? send.postgresMs : null,
      healthServerCpuMs: floor.serverMs,
      sendVsHealth: round(send.serverMs / floor.serverMs, 2),
    };
  } finally {
    await node.stop();
  }
}

/**
 * PGlite and (when it answers) PostgreSQL; quick: 500 sends on PostgreSQL only (PGlite's start takes
 * seconds). With BENCH_COMPARE, each database also on the other checkouts, one after the other.
 */
export async function sendCostSuite(quick: boolean): Promise<void> {
  const count = quick ? 500 : 3000;
  const checkouts = [{ label: undefined, root: undefined }, ...otherCheckouts()];
  const results = [];
  if (!quick || !(await postgresAnswers()))
    for (const c of checkouts)
      results.push(await measure('PGlite', { DATABASE_URL: 'memory://' }, count, c.root, c.label));
  for (const c of checkouts) {
    const db = await createDatabase('send');
    if (!db) break;
    try {
      results.push(await measure('PostgreSQL', { DATABASE_URL: db.url }, count, c.root, c.label));
    } finally {
      await db.drop();
    }
  }
  console.table(results);
  writeResult('send', quick, { results });
}

async function postgresAnswers(): Promise<boolean> {
  const db = await createDatabase('probe');
  await db?.drop();
  return !!db;
}
