// Server CPU per delivered reaction:changed beside per delivered message:created, in the same room size, same run.
import { runFanout, type FanoutResult, type Workload } from './fanout';
import { postJson, putJson } from './http-post';
import { call, createChannel, inBatches, newClientId, register, runTag } from './parley-api';
import { cpuSeconds, postgresCpu, postgresCpuSince, startParley } from './proc';
import { writeResult } from './report';
import { createDatabase } from './services';
import { round } from './stats';
import { parleyTarget } from './targets';

// small-room of shared/BENCHMARKS.md: 200 clients in one room, 100 sends (or reactions) a second.
const WORKLOAD: Workload = { name: 'small-room', rooms: [200], messagesPerSecondPerRoom: 100 };

async function measure(database: string, env: Record<string, string>, postgres: boolean, quick: boolean) {
  const timing = { seconds: 15, warmUpSeconds: 3, drainSeconds: 3 };
  // One reaction per message, so every PUT changes something: enough messages for warm-up and run, and spare.
  const reactions = Math.ceil(
    WORKLOAD.messagesPerSecondPerRoom * (timing.seconds + timing.warmUpSeconds) * 1.2,
  );
  const results: FanoutResult[] = [];
  // Alternate which goes first, on a fresh server each, so neither always meets a warmer process.
  // Quick: the one-at-a-time figures only, since four servers' rooms would double the quick run.
  for (const kind of quick ? [] : ['message', 'reaction', 'reaction', 'message']) {
    const node = await startParley(env);
    try {
      const label = `${database}, ${kind}s`;
      const target = parleyTarget([node], label, postgres, kind === 'reaction' ? { reactions } : {});
      const result = await runFanout(target, WORKLOAD, timing);
      console.log(
        `${label}: ${result.deliveredPerSecond}/s, lost ${result.lost}, failed ${result.sendsFailed}, p99 ${result.latencyMs.p99} ms, ${result.serverCpuMicrosPerDelivery} us/delivery`,
      );
      results.push(result);
    } finally {
      await node.stop();
    }
  }
  const mean = (kind: string) => {
    const runs = results.filter((r) => r.target.endsWith(`${kind}s`));
    if (runs.length === 0) return null;
    const cpu = runs.reduce((s, r) => s + r.serverCpuSeconds, 0);
    const delivered = runs.reduce((s, r) => s + r.deliveriesReceived, 0);
    return round((cpu * 1e6) / delivered, 1);
  };
  const message = mean('message');
  const reaction = mean('reaction');
  const oneAtATime = await perRequest(env, quick ? 200 : 1000);
  return {
    database,
    ...timing,
    oneAtATime,
    messageCpuMicrosPerDelivery: message,
    reactionCpuMicrosPerDelivery: reaction,
    reactionToMessage: reaction && message && round(reaction / message, 2),
    runs: results,
  };
}

/**
 * The same with no client connected, one request at a time: server (and PostgreSQL) CPU per reaction
 * PUT and per message POST, so the write's own cost shows apart from the fan-out's.
 */
async function perRequest(env: Record<string, string>, count: number) {
  const node = await startParley(env);
  try {
    const cookie = await register(node.url, `rc${runTag()}`);
    const channel = await createChannel(node.url, cookie, `rc-${runTag()}`);
    const headers = { cookie, 'x-parley-csrf': '1' };
    const ids: string[] = [];
    await inBatches(
      Array.from({ length: count * 2 }, (_, i) => i),
      8,
      async (i) => {
        const sent = await call(node.url, cookie, 'POST', `/channels/${channel}/messages`, {
          clientId: newClientId(),
          body: `to react to ${i}`,
        });
        ids.push(sent.body.message.id as string);
      },
    );
    const time = async (fn: (i: number) => Promise<number>, ok: number) => {
      for (let i = 0; i < count / 5; i++) if ((await fn(i)) !== ok) throw new Error('warm-up failed');
      const cpu = cpuSeconds(node.pid);
      const database = postgresCpu();
      for (let i = 0; i < count; i++) if ((await fn(count / 5 + i)) !== ok) throw new Error('request failed');
      return {
        serverMs: round(((cpuSeconds(node.pid) - cpu) / count) * 1000, 3),
        postgresMs: round((postgresCpuSince(database) / count) * 1000, 3),
      };
    };
    const url = `${node.url}/api/v1`;
    const send = await time(
      () => postJson(`${url}/channels/${channel}/messages`, headers, { clientId: newClientId(), body: 'hi' }),
      201,
    );
    const react = await time(
      (i) => putJson(`${url}/messages/${ids[i]}/reactions/${encodeURIComponent('👍')}`, headers),
      200,
    );
    return {
      requests: count,
      send,
      reaction: react,
      reactionToSend: round(react.serverMs / send.serverMs, 2),
    };
  } finally {
    await node.stop();
  }
}

/** PostgreSQL (when it answers) and PGlite; quick: PostgreSQL only, one request at a time only. */
export async function reactionCostSuite(quick: boolean): Promise<void> {
  const results = [];
  const db = await createDatabase('reactions');
  if (db) {
    try {
      results.push(await measure('PostgreSQL', { DATABASE_URL: db.url }, true, quick));
    } finally {
      await db.drop();
    }
  }
  if (!quick || !db) results.push(await measure('PGlite', { DATABASE_URL: 'memory://' }, false, quick));
  console.table(
    results.map((r) => ({
      database: r.database,
      'message us/delivery': r.messageCpuMicrosPerDelivery,
      'reaction us/delivery': r.reactionCpuMicrosPerDelivery,
      'reaction / message': r.reactionToMessage,
      'alone: PUT / POST CPU ms': `${r.oneAtATime.reaction.serverMs} / ${r.oneAtATime.send.serverMs}`,
      lost: r.runs.reduce((s, x) => s + x.lost, 0),
      'p99 ms (each run)': r.runs.map((x) => x.latencyMs.p99).join(', '),
    })),
  );
  writeResult('reactions', quick, { workload: WORKLOAD, results });
}
