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
  sentAt: (e) => sentAtOf((e as { message: { body: string } }).message.body),
};
export type FanoutResult = Awaited<ReturnType<typeof runFanout>>;

const SOCKETS_AT_ONCE = 50;
const totalCpu = (pids: number[]) => pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);

/** Connects every client, sends at a fixed rate for a while, drains, and measures what arrived. */
export type Timing = { seconds: number; warmUpSeconds: number; drainSeconds: number };

export async function runFanout(target: Target, workload: Workload, timing: Timing) {
  const { seconds, warmUpSeconds, drainSeconds } = timing;
  const { rooms, connect, listen = messages } = await target.prepare(workload.rooms);
  const sockets: Socket[] = [];
  const latencies: number[] = [];
  // The worst latency of the messages sent in each second of the run, to show when a tail happened.
  const worstBySecond: number[] = [];
  let startedAt = Infinity;
  let received = 0;
  const jobs = rooms.flatMap((room, r) => Array.from({ length: room.size }, (_, i) => [r, i] as const));
  for (let i = 0; i < jobs.length; i += SOCKETS_AT_ONCE) {
    const batch = jobs.slice(i, i + SOCKETS_AT_ONCE).map(([r, index]) => {
      const socket = connect(r, index);
      socket.on(listen.event, (e: unknown) => {
        // Send and receive are timed on the same process clock, so the difference is the latency.
        const sentAt = listen.sentAt(e);
        if (sentAt === null) return;
        received++;
        if (!sentAt) return;
        const latency = performance.now() - sentAt;
        latencies.push(latency);
        const second = Math.floor((sentAt - startedAt) / 1000);
        worstBySecond[second] = Math.max(worstBySecond[second] ?? 0, round(latency, 0));
      });
      sockets.push(socket);
      return new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
    });
    await Promise.all(batch);
  }
  // Warm up at the offered rate (JIT, database connections, prepared statements), then measure.
  await offer(rooms, workload, warmUpSeconds, () => WARM_UP);
  await sleep(500);
  const cpuBefore = totalCpu(target.pids);
  const loadCpuBefore = process.cpuUsage();
  const postgresBefore = postgresCpu();
  startedAt = performance.now();
  const { sent, failed, expected } = await offer(
    rooms,
    workload,
    seconds,
    () => `t=${performance.now().toFixed(3)}`,
  );
  await sleep(drainSeconds * 1000);
  const cpu = totalCpu(target.pids) - cpuBefore;
  const loadCpu = process.cpuUsage(loadCpuBefore);
  const databaseCpu = target.postgres ? round(postgresCpuSince(postgresBefore), 2) : null;
  const rss = target.pids.reduce((sum, pid) => sum + rssMb(pid), 0);
  sockets.forEach((s) => s.close());
  const lat = summarize(latencies);
  return {
    target: target.name,
    workload: workload.name,
    clients: jobs.length,
    rooms: workload.rooms,
    seconds,
    offeredDeliveriesPerSecond: workload.messagesPerSecondPerRoom * jobs.length,
    messagesSent: sent,
    sendsFailed: failed,
    deliveriesExpected: expected,
    deliveriesReceived: received,
    lost: expected - received,
    deliveredPerSecond: round(received / seconds, 0),
    latencyMs: { p50: round(lat.p50), p95: round(lat.p95), p99: round(lat.p99) },
    serverCpuSeconds: round(cpu, 2),
    serverCpuMicrosPerDelivery: round(cpuMicrosPerDelivery(cpu, received), 1),
    serverRssMb: round(rss, 0),
    postgresCpuSeconds: databaseCpu,
    // The load generator shares the cores: when server and load together near 2 CPU s a second, tails grow.
    loadCpuSeconds: round((loadCpu.user + loadCpu.system) / 1e6, 2),
    worstLatencyBySecondMs: Array.from(worstBySecond, (v) => v ?? 0),
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
