import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { heapOf, rssMb, sleep, startParley, type Child } from './proc';
import { register, runTag } from './parley-api';
import { writeResult } from './report';
import { createDatabase } from './services';
import { round } from './stats';

// Emitted in chunks, so the client hears a disconnect between them and counts only what a connected socket sent.
const CHUNK = 500;

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

/** One signed-in account sends `total` typing and presence events as fast as it can, reconnecting when cut off. */
async function abuse(node: Child, cookie: string, total: number) {
  let sent = 0;
  let connects = 0;
  let socket = await open(node.url, cookie);
  connects++;
  const started = performance.now();
  while (sent < total) {
    if (!socket.connected) {
      socket.close();
      socket = await open(node.url, cookie);
      connects++;
    }
    for (let i = 0; i < CHUNK && socket.connected && sent < total; i++, sent++) {
      // Made-up channel ids (the old leak kept a string per id) and status flips (the old broadcast storm).
      if (i % 2) socket.emit('typing:start', { channelId: randomUUID() });
      else socket.emit('presence:set', { status: i % 4 ? 'online' : 'away' });
    }
    await new Promise((r) => setImmediate(r));
  }
  socket.close();
  return { sent, connects, seconds: round((performance.now() - started) / 1000, 1) };
}

/**
 * Heap after a full GC before and after a flood of typing and presence events from one account,
 * beside the same server left idle for as long (its own drift): the flood must leave the heap flat.
 */
export async function abuseHeapSuite(quick: boolean): Promise<void> {
  const total = quick ? 100_000 : 1_000_000;
  // PostgreSQL when it answers: it starts faster than PGlite and keeps the database out of the heap.
  const database = await createDatabase('abuse');
  const node = await startParley({ DATABASE_URL: database?.url ?? 'memory://' }, { heapProbe: true });
  try {
    const cookie = await register(node.url, `abuser${runTag()}`);
    // Warm-up: code paths compiled and first-use allocations made before the first reading.
    await abuse(node, cookie, 20_000);
    await sleep(1_000);
    const start = (await heapOf(node)).heapUsed;
    const flood = await abuse(node, cookie, total);
    await sleep(1_000);
    const afterFlood = (await heapOf(node)).heapUsed;
    await sleep(flood.seconds * 1000);
    const afterIdle = (await heapOf(node)).heapUsed;
    const mb = (b: number) => round(b / 2 ** 20, 2);
    const result = {
      events: flood.sent,
      connects: flood.connects,
      floodSeconds: flood.seconds,
      heapBeforeMb: mb(start),
      heapAfterFloodMb: mb(afterFlood),
      floodChangePercent: round(((afterFlood - start) / start) * 100, 1),
      // The baseline: the same process idle for as long as the flood took.
      idleChangePercent: round(((afterIdle - afterFlood) / afterFlood) * 100, 1),
      serverRssMb: round(rssMb(node.pid), 0),
    };
    console.table(result);
    writeResult('abuse-heap', quick, { database: database ? 'postgres' : 'pglite', ...result });
  } finally {
    await node.stop();
    await database?.drop();
  }
}
