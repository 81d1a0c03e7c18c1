import { execSync } from 'node:child_process';
import { io, type Socket } from 'socket.io-client';
import { cpuSeconds, heapOf, rssMb, sleep, snapshotOf, startChild, startParley, type Child } from './proc';
import { call, createChannel, inBatches, register, runTag } from './parley-api';
import { writeResult } from './report';
import { createDatabase } from './services';
import { round, summarize } from './stats';

// At the cap of 20 sockets per session (socket-limits.ts): one session per account.
const SOCKETS_PER_USER = 20;
// Each account is in #general and ten more: a socket joins a room per channel.
const CHANNELS_PER_USER = 10;
const CONNECT_AT_ONCE = 100;
const TIMED_CONNECTS = 200;
// Quick runs settle for less: the heap is read after a full GC either way.
const settleMs = (quick: boolean) => (quick ? 1_000 : 3_000);

type Transport = 'polling' | 'websocket';

function open(url: string, cookie: string, transports: Transport[]): Socket {
  return io(url, {
    path: '/socket.io',
    transports,
    extraHeaders: { cookie },
    forceNew: true,
    reconnection: false,
  });
}

function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

/** Time to `connect` and, polling-first, to the finished upgrade to WebSocket; ten at a time, then closed. */
async function connectTimes(node: Child, cookie: string, transports: Transport[]) {
  const connect: number[] = [];
  const upgrade: number[] = [];
  await inBatches(Array.from({ length: TIMED_CONNECTS }), 10, async () => {
    const started = performance.now();
    const socket = open(node.url, cookie, transports);
    const upgraded = new Promise<void>((resolve) =>
      socket.io.on('open', () => socket.io.engine.once('upgrade', () => resolve())),
    );
    await connected(socket);
    connect.push(performance.now() - started);
    if (transports[0] === 'polling') {
      await Promise.race([upgraded, sleep(5_000)]);
      upgrade.push(performance.now() - started);
    }
    socket.close();
  });
  const ms = (s: number[]) => {
    const x = summarize(s);
    return { p50: round(x.p50, 1), p95: round(x.p95, 1), p99: round(x.p99, 1) };
  };
  return {
    transports: transports.join(' then '),
    connect: ms(connect),
    ...(upgrade.length ? { upgraded: ms(upgrade) } : {}),
  };
}

/** The file descriptors this process may open; every client socket takes one. */
function openFileLimit(): number {
  return Number(execSync('ulimit -n', { shell: '/bin/sh' }).toString().trim()) || 1024;
}

type Point = {
  connections: number;
  serverHeapMb: number;
  heapPerConnectionKb: number;
  serverRssMb: number;
  rssPerConnectionKb: number;
  connectSeconds: number;
  serverCpuMsPerConnect: number;
};

/** Opens idle sockets up to each step; heap (after a full GC, via heap-probe.ts) and RSS per added socket. */
async function idleSteps(
  node: Child,
  steps: number[],
  openOne: (index: number) => Socket,
  sockets: Socket[],
  quick: boolean,
) {
  await sleep(settleMs(quick));
  const baseRss = rssMb(node.pid);
  const baseHeap = (await heapOf(node)).heapUsed;
  const points: Point[] = [];
  for (const target of steps) {
    const cpuBefore = cpuSeconds(node.pid);
    const started = performance.now();
    while (sockets.length < target) {
      const batch = Array.from({ length: Math.min(CONNECT_AT_ONCE, target - sockets.length) }, () => {
        const socket = openOne(sockets.length);
        sockets.push(socket);
        return connected(socket);
      });
      await Promise.all(batch);
    }
    const connectSeconds = (performance.now() - started) / 1000;
    const cpu = cpuSeconds(node.pid) - cpuBefore;
    await sleep(settleMs(quick));
    const rss = rssMb(node.pid);
    const heap = (await heapOf(node)).heapUsed;
    const snapshots = process.env.BENCH_HEAP_SNAPSHOT;
    if (snapshots) await snapshotOf(node, `${snapshots}/connections-${node.pid}-${target}.heapsnapshot`);
    const before = points.at(-1);
    const added = target - (before?.connections ?? 0);
    points.push({
      connections: target,
      serverHeapMb: round(heap / 2 ** 20, 1),
      // Marginal, against the step before: the heap after a full GC is what the sockets keep alive.
      heapPerConnectionKb: round(
        (heap - (before ? before.serverHeapMb * 2 ** 20 : baseHeap)) / 1024 / added,
        2,
      ),
      serverRssMb: round(rss, 0),
      rssPerConnectionKb: round(((rss - (before?.serverRssMb ?? baseRss)) * 1024) / added, 1),
      connectSeconds: round(connectSeconds, 1),
      serverCpuMsPerConnect: round((cpu * 1000) / added, 2),
    });
    console.log(
      `${target} idle sockets: server heap ${round(heap / 2 ** 20, 1)} MB, RSS ${round(rss, 0)} MB`,
    );
  }
  return { baseHeapMb: round(baseHeap / 2 ** 20, 1), baseRssMb: round(baseRss, 0), points };
}

/** The baseline: the same idle sockets on a bare Socket.IO server (no auth, no database), in the same run. */
async function bareSocketIo(steps: number[], quick: boolean) {
  const relay = await startChild('bench/src/relay-server.ts', {}, '/health', { heapProbe: true });
  const sockets: Socket[] = [];
  try {
    const open = () =>
      io(relay.url, {
        transports: ['websocket'],
        query: { room: 'idle' },
        forceNew: true,
        reconnection: false,
      });
    return await idleSteps(relay, steps, open, sockets, quick);
  } finally {
    sockets.forEach((s) => s.close());
    await relay.stop();
  }
}

/** Idle Parley sockets at each step beside a bare Socket.IO server; connect times by transport. */
export async function connectionsSuite(quick: boolean): Promise<void> {
  const limit = openFileLimit();
  // The first step absorbs warm-up (argon2 buffers freed, JIT); the per-connection figure is the slope after it.
  const wanted = quick ? [500, 1_500] : [1_000, 10_000];
  const steps = wanted.map((n) => Math.min(n, limit - 500));
  if (steps.some((n, i) => n !== wanted[i]))
    console.warn(`ulimit -n is ${limit}: capped at ${steps.join(', ')}`);
  // PostgreSQL when it answers: PGlite's WebAssembly heap moves RSS by tens of MB on its own.
  const database = await createDatabase('connections');
  const node = await startParley({ DATABASE_URL: database?.url ?? 'memory://' }, { heapProbe: true });
  const sockets: Socket[] = [];
  try {
    const run = runTag();
    const owner = await register(node.url, `c${run}`);
    const channelIds: string[] = [];
    for (let c = 0; c < CHANNELS_PER_USER; c++) {
      channelIds.push(await createChannel(node.url, owner, `idle-${run}-${c}`));
    }
    const cookies: string[] = [];
    const users = Array.from(
      { length: Math.ceil(steps.at(-1)! / SOCKETS_PER_USER) },
      (_, i) => `c${run}x${i}`,
    );
    await inBatches(users, 4, async (name) => {
      const cookie = await register(node.url, name);
      for (const id of channelIds) await call(node.url, cookie, 'POST', `/channels/${id}/join`);
      cookies.push(cookie);
    });
    // A discarded round first, so neither mode pays for the server's warm-up.
    await connectTimes(node, owner, ['polling', 'websocket']);
    const timings = [
      await connectTimes(node, owner, ['polling', 'websocket']),
      await connectTimes(node, owner, ['websocket']),
    ];
    const parley = await idleSteps(
      node,
      steps,
      (i) => open(node.url, cookies[Math.floor(i / SOCKETS_PER_USER)]!, ['websocket']),
      sockets,
      quick,
    );
    sockets.forEach((s) => s.close());
    await node.stop();
    const bare = await bareSocketIo(steps, quick);
    const last = (r: { points: Point[] }) => r.points.at(-1)!.heapPerConnectionKb;
    console.table({ Parley: parley.points.at(-1), 'bare Socket.IO': bare.points.at(-1) });
    console.log(
      `heap per idle connection: ${last(parley)} KB, ${round(last(parley) / last(bare), 2)}x bare Socket.IO's ${last(bare)} KB`,
    );
    console.table(
      timings.map((t) => ({
        transports: t.transports,
        'connect p50 ms': t.connect.p50,
        'connect p99 ms': t.connect.p99,
        'upgraded p50 ms': t.upgraded?.p50,
        'upgraded p99 ms': t.upgraded?.p99,
      })),
    );
    writeResult('connections', quick, {
      database: database ? 'postgres' : 'pglite',
      channelsPerAccount: CHANNELS_PER_USER + 1,
      ...parley,
      bareSocketIo: bare,
      heapToBare: round(last(parley) / last(bare), 2),
      connectTimes: timings,
    });
  } finally {
    sockets.forEach((s) => s.close());
    await node.stop();
    await database?.drop();
  }
}
