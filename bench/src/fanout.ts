import type { Socket } from 'socket.io-client';
import { cpuSeconds, postgresCpu, postgresCpuSince, rssMb, sleep } from './proc';
import { cpuMicrosPerDelivery, round, summarize } from './stats';

export type Workload = { name: string; rooms: number[]; messagesPerSecondPerRoom: number };
export type Room = { id: string; size: number; send: (body: string) => Promise<boolean> };
/** A server under test (one or more processes): it prepares rooms and opens one client socket in a room. */
export type Target = {
  name: string;
  pids: number[];
  /** Whether the target's database is the PostgreSQL on this machine, whose CPU is then reported too. */
  postgres?: boolean;
  prepare: (sizes: number[]) => Promise<{
    rooms: Room[];
    connect: (room: number, index: number) => Socket;
    /** What the clients count instead of `message:created`, and the send time (null: warm-up) of each. */
    listen?: Listen;
  }>;
};
export type Listen = { event: string; sentAt: (payload: unknown) => number | null };

const WARM_UP = 'warm-up';
/** Each send's body: `t=<send time>` on the load process's clock, or the warm-up mark. */
export const sentAtOf = (body: string) => (body.startsWith(WARM_UP) ? null : Number(body.slice(2)));
const messages: Listen = {
  event: 'message:created',
  // A system line ("joined", no body) of a room set up for the run may arrive late: not a send.
  sentAt: (e) => {
    const { body } = (e as { message: { body: string | null } }).message;
    return body === null ? null : sentAtOf(body);
  },
};
export type FanoutResult = Awaited<ReturnType<typeof runFanout>>;

const SOCKETS_AT_ONCE = 50;
const totalCpu = (pids: number[]) => pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);

export type Timing = { seconds: number; warmUpSeconds: number; drainSeconds: number };

/** A target's rooms with every client connected, counting what arrives since the last burst began. */
export type Clients = Awaited<ReturnType<typeof connectClients>>;

export async function connectClients(target: Target, workload: Workload) {
  const { rooms, connect, listen = messages } = await target.prepare(workload.rooms);
  const sockets: Socket[] = [];
  const tally = {
    startedAt: Infinity,
    received: 0,
    latencies: [] as number[],
    worstBySecond: [] as number[],
  };
  const jobs = rooms.flatMap((room, r) => Array.from({ length: room.size }, (_, i) => [r, i] as const));
  for (let i = 0; i < jobs.length; i += SOCKETS_AT_ONCE) {
    const batch = jobs.slice(i, i + SOCKETS_AT_ONCE).map(([r, index]) => {
      const socket = connect(r, index);
      socket.on(listen.event, (e: unknown) => {
        // Send and receive are timed on the same process clock, so the difference is the latency.
        const sentAt = listen.sentAt(e);
        if (sentAt === null) return;
        tally.received++;
        if (!sentAt) return;
        const latency = performance.now() - sentAt;
        tally.latencies.push(latency);
        // The worst latency of the messages sent in each second of the run, to show when a tail happened.
        const second = Math.floor((sentAt - tally.startedAt) / 1000);
        tally.worstBySecond[second] = Math.max(tally.worstBySecond[second] ?? 0, round(latency, 0));
      });
      sockets.push(socket);
      return new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
    });
    await Promise.all(batch);
  }
  return { rooms, sockets, tally, clients: jobs.length, close: () => sockets.forEach((s) => s.close()) };
}

/** Warms up (JIT, database connections, prepared statements) at the offered rate. */
export async function warmUp(clients: Clients, workload: Workload, seconds: number): Promise<void> {
  await offer(clients.rooms, workload, seconds, () => WARM_UP);
  await sleep(500);
}

/** One measured stretch of sends and its drain: the target's CPU over it and what arrived. */
export async function burst(target: Target, clients: Clients, workload: Workload, timing: Timing) {
  const { tally } = clients;
  Object.assign(tally, { received: 0, latencies: [], worstBySecond: [] });
  const cpuBefore = totalCpu(target.pids);
  const loadCpuBefore = process.cpuUsage();
  const postgresBefore = postgresCpu();
  tally.startedAt = performance.now();
  const sends = await offer(
    clients.rooms,
    workload,
    timing.seconds,
    () => `t=${performance.now().toFixed(3)}`,
  );
  await sleep(timing.drainSeconds * 1000);
  const cpu = totalCpu(target.pids) - cpuBefore;
  const loadCpu = process.cpuUsage(loadCpuBefore);
  return {
    ...sends,
    received: tally.received,
    latencies: tally.latencies,
    worstBySecond: tally.worstBySecond,
    cpu,
    loadCpu: (loadCpu.user + loadCpu.system) / 1e6,
    postgresCpu: target.postgres ? postgresCpuSince(postgresBefore) : null,
  };
}

/** Connects every client, sends at a fixed rate for a while, drains, and measures what arrived. */
export async function runFanout(target: Target, workload: Workload, timing: Timing) {
  const { seconds } = timing;
  const clients = await connectClients(target, workload);
  await warmUp(clients, workload, timing.warmUpSeconds);
  const run = await burst(target, clients, workload, timing);
  const rss = target.pids.reduce((sum, pid) => sum + rssMb(pid), 0);
  clients.close();
  const lat = summarize(run.latencies);
  return {
    target: target.name,
    workload: workload.name,
    clients: clients.clients,
    rooms: workload.rooms,
    seconds,
    offeredDeliveriesPerSecond: workload.messagesPerSecondPerRoom * clients.clients,
    messagesSent: run.sent,
    sendsFailed: run.failed,
    deliveriesExpected: run.expected,
    deliveriesReceived: run.received,
    lost: run.expected - run.received,
    deliveredPerSecond: round(run.received / seconds, 0),
    latencyMs: { p50: round(lat.p50), p95: round(lat.p95), p99: round(lat.p99) },
    serverCpuSeconds: round(run.cpu, 2),
    serverCpuMicrosPerDelivery: round(cpuMicrosPerDelivery(run.cpu, run.received), 1),
    serverRssMb: round(rss, 0),
    postgresCpuSeconds: run.postgresCpu === null ? null : round(run.postgresCpu, 2),
    // The load generator shares the cores: when server and load together near 2 CPU s a second, tails grow.
    loadCpuSeconds: round(run.loadCpu, 2),
    worstLatencyBySecondMs: Array.from(run.worstBySecond, (v) => v ?? 0),
  };
}

/**
 * Sends at the workload's rate for a while and waits for every answer. Sends are spread evenly,
 * round-robin across rooms, as unrelated people's messages are: firing every room on the same tick
 * would queue 50 sends at once and measure the burst, not the rate.
 */
async function offer(rooms: Room[], workload: Workload, seconds: number, body: () => string) {
  const result = { sent: 0, failed: 0, expected: 0 };
  const inflight: Promise<void>[] = [];
  const sendInterval = 1000 / (workload.messagesPerSecondPerRoom * rooms.length);
  const started = Date.now();
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const elapsed = Date.now() - started;
      if (elapsed >= seconds * 1000) {
        clearInterval(tick);
        return resolve();
      }
      // Catch up on every send that fell due, so a late timer does not lower the offered rate.
      const due = Math.floor(elapsed / sendInterval) + 1;
      while (result.sent < due) {
        const room = rooms[result.sent % rooms.length]!;
        result.sent++;
        inflight.push(
          room.send(body()).then((ok) => (ok ? void (result.expected += room.size) : void result.failed++)),
        );
      }
    }, 1);
  });
  await Promise.all(inflight);
  return result;
}
