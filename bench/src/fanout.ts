import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { cpuSeconds, rssMb } from './proc';
import { cpuMicrosPerDelivery, round, summarize } from './stats';

export type Workload = { name: string; rooms: number[]; messagesPerSecondPerRoom: number };
export type Room = { id: string; size: number; send: (body: string) => Promise<boolean> };
/** A server under test: it prepares rooms and opens one client socket in a room. */
export type Target = {
  name: string;
  pid: number;
  prepare: (sizes: number[]) => Promise<{ rooms: Room[]; connect: (room: number, index: number) => Socket }>;
};

const SOCKETS_AT_ONCE = 50;
const DRAIN_MS = 3_000;

/** Connects every client, sends at a fixed rate for a while, drains, and measures what arrived. */
export async function runFanout(target: Target, workload: Workload, seconds: number) {
  const { rooms, connect } = await target.prepare(workload.rooms);
  const sockets: Socket[] = [];
  const latencies: number[] = [];
  let received = 0;
  const jobs = rooms.flatMap((room, r) => Array.from({ length: room.size }, (_, i) => [r, i] as const));
  for (let i = 0; i < jobs.length; i += SOCKETS_AT_ONCE) {
    const batch = jobs.slice(i, i + SOCKETS_AT_ONCE).map(([r, index]) => {
      const socket = connect(r, index);
      socket.on('message:created', (e: { message: { body: string } }) => {
        received++;
        const sentAt = Number(e.message.body.slice(2));
        if (sentAt) latencies.push(Date.now() - sentAt);
      });
      sockets.push(socket);
      return new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
    });
    await Promise.all(batch);
  }
  await new Promise((r) => setTimeout(r, 500));
  const cpuBefore = cpuSeconds(target.pid);
  const started = Date.now();
  let expected = 0;
  let sent = 0;
  let failed = 0;
  const inflight: Promise<void>[] = [];
  const perRoomInterval = 1000 / workload.messagesPerSecondPerRoom;
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const elapsed = Date.now() - started;
      if (elapsed >= seconds * 1000) {
        clearInterval(tick);
        return resolve();
      }
      const due = Math.floor(elapsed / perRoomInterval);
      while (sent < due * rooms.length) {
        const room = rooms[sent % rooms.length]!;
        sent++;
        inflight.push(
          room.send(`t=${Date.now()}`).then((ok) => (ok ? void (expected += room.size) : void failed++)),
        );
      }
    }, 5);
  });
  await Promise.all(inflight);
  await new Promise((r) => setTimeout(r, DRAIN_MS));
  const cpu = cpuSeconds(target.pid) - cpuBefore;
  const rss = rssMb(target.pid);
  sockets.forEach((s) => s.close());
  const lat = summarize(latencies);
  return {
    target: target.name,
    workload: workload.name,
    clients: jobs.length,
    rooms: workload.rooms,
    seconds,
    messagesSent: sent,
    sendsFailed: failed,
    deliveriesExpected: expected,
    deliveriesReceived: received,
    lost: expected - received,
    deliveredPerSecond: round(received / seconds, 0),
    latencyMs: { p50: lat.p50, p95: lat.p95, p99: lat.p99 },
    serverCpuSeconds: round(cpu, 2),
    serverCpuMicrosPerDelivery: round(cpuMicrosPerDelivery(cpu, received), 1),
    serverRssMb: round(rss, 0),
  };
}

export const newClientId = () => randomUUID();
