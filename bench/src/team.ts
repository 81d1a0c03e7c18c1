import { monitorEventLoopDelay } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { cpuSeconds, rssMb, sleep, startParley, type Child } from './proc';
import { postJson } from './http-post';
import { call, createChannel, inBatches, newClientId, register, runTag } from './parley-api';
import { writeResult } from './report';
import { createDatabase } from './services';
import { round, summarize } from './stats';

// 500 accounts with ten sockets each (tabs and devices) make the 5,000 sockets; argon2 sign-up stays short.
const FULL = { accounts: 500, socketsPerAccount: 10, channels: 200, channelsPerAccount: 20 };
// Quick: a fifth of the team, 1,000 sockets.
const QUICK = { ...FULL, accounts: 100 };
let TEAM = FULL;
const SENDS_PER_SECOND = 30;
const PRESENCE_PER_SECOND = 5;
// 1% of the sockets reconnect each minute; they are left out of the delivery count (they catch up by /sync).
const RECONNECT_SHARE_PER_MINUTE = 0.01;

type Member = { cookie: string; channels: number[]; sockets: Socket[] };

/** A small seeded generator, so both databases get the same team. */
function random(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

async function seed(node: Child) {
  const run = runTag();
  const owner = await register(node.url, `t${run}owner`);
  const channels: string[] = [];
  for (let c = 0; c < TEAM.channels; c++)
    channels.push(await createChannel(node.url, owner, `team-${run}-${c}`));
  const next = random(7);
  const members: Member[] = Array.from({ length: TEAM.accounts }, () => {
    const picked = new Set<number>();
    while (picked.size < TEAM.channelsPerAccount) picked.add(Math.floor(next() * TEAM.channels));
    return { cookie: '', channels: [...picked], sockets: [] };
  });
  await inBatches(members, 8, async (m) => {
    m.cookie = await register(node.url, `t${run}u${members.indexOf(m)}`);
    for (const c of m.channels) await call(node.url, m.cookie, 'POST', `/channels/${channels[c]}/join`);
  });
  return { channels, members };
}

function open(url: string, cookie: string): Promise<Socket> {
  const socket = io(url, {
    transports: ['websocket'],
    extraHeaders: { cookie },
    forceNew: true,
    reconnection: false,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

type Slot = { member: Member; socket?: Socket; counted: boolean };

/** One run of the team workload on one node; seconds of measured load after a short warm-up. */
async function runTeam(node: Child, seconds: number) {
  const { channels, members } = await seed(node);
  const latencies: number[] = [];
  let received = 0;
  let startedAt = Infinity;
  // The first sockets are the ones that reconnect during the run; the rest are counted.
  const total = TEAM.accounts * TEAM.socketsPerAccount;
  const churning = Math.ceil(total * RECONNECT_SHARE_PER_MINUTE * (seconds / 60));
  const slots: Slot[] = members.flatMap((member) =>
    Array.from({ length: TEAM.socketsPerAccount }, () => ({ member, counted: true })),
  );
  slots.slice(0, churning).forEach((slot) => (slot.counted = false));
  const audience = channels.map(
    (_, c) => slots.filter((s) => s.counted && s.member.channels.includes(c)).length,
  );
  const connectStarted = performance.now();
  await inBatches(slots, 100, async (slot) => {
    slot.socket = await open(node.url, slot.member.cookie);
    slot.member.sockets.push(slot.socket);
    if (!slot.counted) return;
    // System lines (the seeding's joins, still being delivered) have no body.
    slot.socket.on('message:created', (e: { message: { body: string | null } }) => {
      if (!e.message.body?.startsWith('t=')) return;
      const sentAt = Number(e.message.body.slice(2));
      if (sentAt < startedAt) return;
      received++;
      latencies.push(performance.now() - sentAt);
    });
  });
  const connectSeconds = round((performance.now() - connectStarted) / 1000, 1);
  // Seeding left thousands of join changes in the feed, delivered in order: wait until a probe gets through.
  const backlogStarted = performance.now();
  const probe = members[0]!;
  const arrived = new Promise<void>((resolve) =>
    probe.sockets.at(-1)!.on('message:created', (e: { message: { body: string } }) => {
      if (e.message.body === 'backlog-probe') resolve();
    }),
  );
  await call(node.url, probe.cookie, 'POST', `/channels/${channels[probe.channels[0]!]}/messages`, {
    clientId: newClientId(),
    body: 'backlog-probe',
  });
  await Promise.race([arrived, sleep(300_000)]);
  const backlogSeconds = round((performance.now() - backlogStarted) / 1000, 1);
  const next = random(11);
  let sent = 0;
  let failed = 0;
  let expected = 0;
  const inflight: Promise<void>[] = [];
  const send = (measured: boolean) => {
    const m = members[Math.floor(next() * members.length)]!;
    const c = m.channels[Math.floor(next() * m.channels.length)]!;
    const typing = m.sockets.at(-1);
    if (typing?.connected) typing.emit('typing:start', { channelId: channels[c]! });
    const body = measured ? `t=${performance.now().toFixed(3)}` : 'warm-up';
    const path = `${node.url}/api/v1/channels/${channels[c]}/messages`;
    if (measured) sent++;
    inflight.push(
      postJson(path, { cookie: m.cookie, 'x-parley-csrf': '1' }, { clientId: newClientId(), body }).then(
        (status) => {
          if (!measured) return;
          if (status === 201) expected += audience[c]!;
          else failed++;
        },
      ),
    );
  };
  let reconnects = 0;
  const loop = async (secs: number, measured: boolean) => {
    const started = performance.now();
    let sends = 0;
    let presence = 0;
    while (performance.now() - started < secs * 1000) {
      const elapsed = (performance.now() - started) / 1000;
      for (; sends < elapsed * SENDS_PER_SECOND; sends++) send(measured);
      while (presence < elapsed * PRESENCE_PER_SECOND) {
        presence++;
        const m = members[Math.floor(next() * members.length)]!;
        m.sockets.at(-1)?.emit('presence:set', { status: presence % 2 ? 'away' : 'online' });
      }
      while (measured && reconnects < (elapsed / seconds) * churning) {
        const slot = slots[reconnects++]!;
        slot.socket?.close();
        void open(node.url, slot.member.cookie).then(
          (s) => (slot.socket = s),
          () => {},
        );
      }
      await sleep(5);
    }
  };
  await loop(3, false);
  await Promise.all(inflight.splice(0));
  const cpuBefore = cpuSeconds(node.pid);
  // The load process's own event-loop delay: a receipt it reads late counts as latency too.
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  startedAt = performance.now();
  await loop(seconds, true);
  await Promise.all(inflight);
  lag.disable();
  // Until every expected delivery arrived, or 10 s without one more.
  for (let last = -1; received < expected && received > last;) {
    last = received;
    await sleep(10_000);
  }
  const cpu = cpuSeconds(node.pid) - cpuBefore;
  const rss = rssMb(node.pid);
  const connectedAtEnd = slots.filter((slot) => slot.socket?.connected).length;
  slots.forEach((slot) => slot.socket?.close());
  const lat = summarize(latencies);
  return {
    sockets: total,
    accounts: TEAM.accounts,
    connectSeconds,
    backlogSeconds,
    seconds,
    reconnects,
    messagesSent: sent,
    sendsFailed: failed,
    deliveriesExpected: expected,
    deliveriesReceived: received,
    lost: expected - received,
    latencyMs: { p50: round(lat.p50), p95: round(lat.p95), p99: round(lat.p99) },
    loadLagMs: { p99: round(lag.percentile(99) / 1e6), max: round(lag.max / 1e6) },
    serverCpuSeconds: round(cpu, 2),
    serverCpuPercent: round((cpu / ((performance.now() - startedAt) / 1000)) * 100, 0),
    connectedAtEnd,
    serverRssMb: round(rss, 0),
  };
}

/** The team workload on PGlite, then on PostgreSQL when it answers; quick: 15 s each, else 60 s. */
export async function teamSuite(quick: boolean): Promise<void> {
  const seconds = quick ? 15 : 60;
  TEAM = quick ? QUICK : FULL;
  const results: Record<string, Awaited<ReturnType<typeof runTeam>>> = {};
  const database = await createDatabase('team');
  const targets: [string, string][] = [['pglite', 'memory://']];
  if (database) targets.push(['postgres', database.url]);
  // BENCH_TARGETS=postgres runs only the named databases.
  const only = process.env.BENCH_TARGETS?.split(',');
  try {
    for (const [name, url] of targets.filter(([name]) => !only || only.includes(name))) {
      // A loaded box can take PGlite's first start past the start-up deadline: skip that target, say so.
      const node = await startParley({ DATABASE_URL: url }).catch((err: Error) => {
        console.warn(`team on ${name} skipped: ${err.message}`);
      });
      if (!node) continue;
      try {
        results[name] = await runTeam(node, seconds);
        console.log(`${name}:`, JSON.stringify(results[name]));
      } finally {
        await node.stop();
      }
    }
  } finally {
    await database?.drop();
  }
  console.table(
    Object.entries(results).map(([db, r]) => ({
      db,
      sockets: r.sockets,
      'connect s': r.connectSeconds,
      sent: r.messagesSent,
      delivered: r.deliveriesReceived,
      lost: r.lost,
      'p50 ms': r.latencyMs.p50,
      'p99 ms': r.latencyMs.p99,
      'load lag p99 ms': r.loadLagMs.p99,
      'CPU %': r.serverCpuPercent,
      'RSS MB': r.serverRssMb,
    })),
  );
  writeResult('team', quick, { team: TEAM, sendsPerSecond: SENDS_PER_SECOND, results });
}
