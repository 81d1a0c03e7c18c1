import { execSync } from 'node:child_process';
import { io, type Socket } from 'socket.io-client';
import { cpuSeconds, rssMb, sleep, startParley, type Child } from './proc';
import { call, createChannel, inBatches, register, runTag } from './parley-api';
import { writeResult } from './report';
import { createDatabase } from './services';
import { round, summarize } from './stats';

const SOCKETS_PER_USER = 100;
const CONNECT_AT_ONCE = 100;
const TIMED_CONNECTS = 200;
const SETTLE_MS = 3_000;

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

/** Idle sockets per step; RSS delta per connection (the server has no heap hook, so RSS is what we read). */
export async function connectionsSuite(quick: boolean): Promise<void> {
  const limit = openFileLimit();
  // The first step absorbs warm-up (argon2 buffers freed, JIT); the per-connection figure is the slope after it.
  const wanted = quick ? [1_000, 2_000] : [1_000, 10_000];
  const steps = wanted.map((n) => Math.min(n, limit - 500));
  if (steps.some((n, i) => n !== wanted[i]))
    console.warn(`ulimit -n is ${limit}: capped at ${steps.join(', ')}`);
  // PostgreSQL when it answers: PGlite's WebAssembly heap moves RSS by tens of MB on its own.
  const database = await createDatabase('connections');
  const node = await startParley({ DATABASE_URL: database?.url ?? 'memory://' });
  const sockets: Socket[] = [];
  try {
    const run = runTag();
    const owner = await register(node.url, `c${run}`);
    const channelId = await createChannel(node.url, owner, `idle-${run}`);
    const cookies: string[] = [];
    const users = Array.from(
      { length: Math.ceil(steps.at(-1)! / SOCKETS_PER_USER) },
      (_, i) => `c${run}x${i}`,
    );
    await inBatches(users, 4, async (name) => {
      const cookie = await register(node.url, name);
      await call(node.url, cookie, 'POST', `/channels/${channelId}/join`);
      cookies.push(cookie);
    });
    // A discarded round first, so neither mode pays for the server's warm-up.
    await connectTimes(node, owner, ['polling', 'websocket']);
    const timings = [
      await connectTimes(node, owner, ['polling', 'websocket']),
      await connectTimes(node, owner, ['websocket']),
    ];
    await sleep(SETTLE_MS);
    const baseRss = rssMb(node.pid);
    const points: {
      connections: number;
      serverRssMb: number;
      rssPerConnectionKb: number;
      connectSeconds: number;
      serverCpuMsPerConnect: number;
    }[] = [];
    for (const target of steps) {
      const cpuBefore = cpuSeconds(node.pid);
      const started = performance.now();
      while (sockets.length < target) {
        const batch = Array.from({ length: Math.min(CONNECT_AT_ONCE, target - sockets.length) }, () => {
          const socket = open(node.url, cookies[Math.floor(sockets.length / SOCKETS_PER_USER)]!, [
            'websocket',
          ]);
          sockets.push(socket);
          return connected(socket);
        });
        await Promise.all(batch);
      }
      const connectSeconds = (performance.now() - started) / 1000;
      const cpu = cpuSeconds(node.pid) - cpuBefore;
      await sleep(SETTLE_MS);
      const rss = rssMb(node.pid);
      points.push({
        connections: target,
        serverRssMb: round(rss, 0),
        // Marginal: the RSS growth since the previous step over the sockets added in it.
        rssPerConnectionKb: round(
          ((rss - (points.at(-1)?.serverRssMb ?? baseRss)) * 1024) /
            (target - (points.at(-1)?.connections ?? 0)),
          1,
        ),
        connectSeconds: round(connectSeconds, 1),
        serverCpuMsPerConnect: round((cpu * 1000) / (target - (points.at(-1)?.connections ?? 0)), 2),
      });
      console.log(`${target} idle sockets: server RSS ${round(rss, 0)} MB`);
    }
    console.table(points);
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
      baseRssMb: round(baseRss, 0),
      points,
      connectTimes: timings,
    });
  } finally {
    sockets.forEach((s) => s.close());
    await node.stop();
    await database?.drop();
  }
}
