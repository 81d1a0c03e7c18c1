// A member's send latency alone, then while anonymous logins with unknown usernames pour in from many addresses.
import { performance } from 'node:perf_hooks';
import { fork } from 'node:child_process';
import { postJson } from './http-post';
import { createChannel, newClientId, register, runTag } from './parley-api';
import { sleep, startParley, type Child } from './proc';
import { writeResult } from './report';
import { createDatabase } from './services';
import { round, summarize } from './stats';

// Half the per-user send budget, so the limit itself never answers.
const SENDS_PER_S = 5;
const FLOOD_PER_S = 20;
const FLOOD_SCRIPT = new URL('./login-flood-attacker.ts', import.meta.url).pathname;

/** Sends at a steady rate for `seconds`, one request every 1/SENDS_PER_S s; each latency in ms, NaN if it failed. */
async function timedSends(url: string, cookie: string, seconds: number): Promise<number[]> {
  const headers = { cookie, 'x-parley-csrf': '1' };
  const pending: Promise<number>[] = [];
  const start = performance.now();
  for (let i = 0; i < seconds * SENDS_PER_S; i++) {
    const at = start + (i * 1000) / SENDS_PER_S;
    await sleep(Math.max(0, at - performance.now()));
    // Timed from the moment it is sent: this process's own lag under the flood is not the server's.
    const sentAt = performance.now();
    pending.push(
      postJson(url, headers, { clientId: newClientId(), body: 'a message' }).then((status) =>
        status === 201 ? performance.now() - sentAt : NaN,
      ),
    );
  }
  return Promise.all(pending);
}

/** The flood runs in a process of its own, so its requests and answers never hold up the member's timing. */
function flood(url: string): { stop: () => Promise<Record<string, number>> } {
  const attacker = fork(FLOOD_SCRIPT, [url, String(FLOOD_PER_S)], { execArgv: ['--import', 'tsx'] });
  return {
    stop: async () => {
      const answered = new Promise<Record<string, number>>((resolve) => attacker.once('message', resolve));
      attacker.send('stop');
      const statuses = await answered;
      attacker.kill();
      return statuses;
    },
  };
}

/** Quiet and flooded phases alternate, so load that drifts on a shared machine falls on both alike. */
async function measure(node: Child, rounds: number, seconds: number, database: string) {
  const cookie = await register(node.url, `flood${runTag()}`);
  const channel = await createChannel(node.url, cookie, `flood-${runTag()}`);
  const url = `${node.url}/api/v1/channels/${channel}/messages`;
  await timedSends(url, cookie, 2);
  const quiet: number[] = [];
  const flooded: number[] = [];
  const logins: Record<string, number> = {};
  for (let round = 0; round < rounds; round++) {
    quiet.push(...(await timedSends(url, cookie, seconds)));
    const attack = flood(node.url);
    await sleep(1000);
    flooded.push(...(await timedSends(url, cookie, seconds)));
    for (const [status, n] of Object.entries(await attack.stop())) logins[status] = (logins[status] ?? 0) + n;
  }
  const ok = (samples: number[]) => samples.filter((ms) => !Number.isNaN(ms));
  const [baseline, underFlood] = [summarize(ok(quiet)), summarize(ok(flooded))];
  return {
    database,
    seconds: rounds * seconds,
    sendsPerS: SENDS_PER_S,
    loginsPerS: FLOOD_PER_S,
    baselineP50Ms: round(baseline.p50),
    baselineP99Ms: round(baseline.p99),
    floodP50Ms: round(underFlood.p50),
    floodP99Ms: round(underFlood.p99),
    p99Ratio: round(underFlood.p99 / baseline.p99, 2),
    failedSends: quiet.length + flooded.length - ok(quiet).length - ok(flooded).length,
    loginAnswers: logins,
  };
}

/** Rate limits on, as in production; PostgreSQL when it answers, else PGlite. quick: 2 rounds of 8 s, else 4 of 15 s. */
export async function loginFloodSuite(quick: boolean): Promise<void> {
  const [rounds, seconds] = quick ? [2, 8] : [4, 15];
  const db = await createDatabase('flood');
  const node = await startParley({ DATABASE_URL: db?.url ?? 'memory://', RATE_LIMITS: 'on' });
  try {
    const result = await measure(node, rounds, seconds, db ? 'PostgreSQL' : 'PGlite');
    console.table([result]);
    const verdict = result.p99Ratio <= 2 ? 'within' : 'OVER';
    console.log(`send p99 ${result.baselineP99Ms} ms -> ${result.floodP99Ms} ms under flood: ${verdict} 2x`);
    writeResult('login-flood', quick, { results: [result] });
  } finally {
    await node.stop();
    await db?.drop();
  }
}
