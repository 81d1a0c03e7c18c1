import type { Resolved } from '../features/feed/resolve.js';
import type { ParleyServer } from './realtime.js';

/** How long a busy room's changes may wait to share a socket write; a room's first change in a while goes at once. */
export const BATCH_WINDOW_MS = 20;
/** Characters held at most: one write stays far below a socket's allowance, and a burst goes out promptly. */
const BATCH_MAX_CHARS = 64 * 1024;

/** A held change: its room, and its event as the Socket.IO packet it becomes. */
type Change = { room: string; packet: string };
/** The engine.io connection under a socket, as far as a batch needs it. */
type Conn = {
  write(data: string | Buffer, options?: { wsPreEncodedFrame?: Buffer[] }): void;
  transport: { name: string; perMessageDeflate?: unknown; socket?: { _sender?: { sendFrame?: unknown } } };
};

/**
 * A change for a room written less than BATCH_WINDOW_MS ago is held, then written with the others
 * held to each socket together: one TCP write carrying several WebSocket messages, which costs the
 * server about as much as one. Any other change goes at once, after what is held, so every socket
 * still receives the same events, each its own message, in feed order.
 */
export class WriteBatch {
  private queue: Change[] = [];
  private queuedChars = 0;
  private timer: NodeJS.Timeout | undefined;
  /** When each room was last written; once a second, rooms quiet for a window are dropped. */
  private readonly writtenAt = new Map<string, number>();
  private prunedAt = 0;
  /** Batches of several changes written, and the changes in them, for /metrics. */
  readonly written = { batches: 0, changes: 0 };

  constructor(
    private readonly io: () => ParleyServer | undefined,
    private readonly emit: (resolved: Resolved) => void,
  ) {}

  /** A change for one room, held or written now; `room` undefined: it goes alone, after what is held. */
  deliver(resolved: Resolved, room: string | undefined): void {
    const now = performance.now();
    const last = room === undefined ? undefined : this.writtenAt.get(room);
    const busy = last !== undefined && now - last < BATCH_WINDOW_MS;
    const packet = busy ? this.encode(resolved) : undefined;
    if (room === undefined || packet === undefined) {
      this.flush();
      if (room !== undefined) this.wrote(room, now);
      this.emit(resolved);
      return;
    }
    this.queue.push({ room, packet });
    this.queuedChars += packet.length;
    if (this.queuedChars >= BATCH_MAX_CHARS) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), last! + BATCH_WINDOW_MS - now);
  }

  /** Writes what is held, in order. */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const queue = this.queue;
    if (queue.length === 0) return;
    this.queue = [];
    this.queuedChars = 0;
    const now = performance.now();
    for (const { room } of queue) this.wrote(room, now);
    const io = this.io();
    if (!io) return;
    writeTogether(io, queue);
    if (queue.length === 1) return;
    this.written.batches++;
    this.written.changes += queue.length;
  }

  private wrote(room: string, now: number): void {
    if (now - this.prunedAt > 1_000) {
      for (const [r, at] of this.writtenAt) if (now - at >= BATCH_WINDOW_MS) this.writtenAt.delete(r);
      this.prunedAt = now;
    }
    this.writtenAt.set(room, now);
  }

  /** The change's event as one Socket.IO packet; undefined without a server or with binary parts. */
  private encode({ change }: Resolved): string | undefined {
    const encoded = this.io()?.encoder.encode({ type: 2, nsp: '/', data: [change.type, change.payload] });
    return encoded?.length === 1 && typeof encoded[0] === 'string' ? encoded[0] : undefined;
  }
}

function writeTogether(io: ParleyServer, queue: Change[]): void {
  const nsp = io.of('/');
  const bySocket = new Map<string, number[]>();
  queue.forEach(({ room }, i) => {
    for (const id of nsp.adapter.rooms.get(room) ?? []) {
      const list = bySocket.get(id);
      if (list) list.push(i);
      else bySocket.set(id, [i]);
    }
  });
  const frames: Buffer[] = [];
  const frameOf = (i: number) => (frames[i] ??= textFrame(queue[i]!.packet));
  // Sockets that hear the same changes share one buffer.
  const together = new Map<string, Buffer>();
  for (const [id, list] of bySocket) {
    const conn = nsp.sockets.get(id)?.conn as Conn | undefined;
    if (!conn) continue;
    if (!takesFrames(conn)) {
      // Long polling sends what is queued in one response anyway.
      for (const i of list) conn.write(queue[i]!.packet);
      continue;
    }
    const key = list.join();
    let buffer = together.get(key);
    if (!buffer) together.set(key, (buffer = Buffer.concat(list.map(frameOf))));
    conn.write(buffer, { wsPreEncodedFrame: [buffer] });
  }
}

/** What engine.io checks before it writes a frame made in advance, as Socket.IO's own broadcasts do. */
function takesFrames(conn: Conn): boolean {
  const { transport } = conn;
  return (
    transport.name === 'websocket' &&
    !transport.perMessageDeflate &&
    typeof transport.socket?._sender?.sendFrame === 'function'
  );
}

/** An unmasked, final WebSocket text frame (RFC 6455 section 5.2) holding `packet` as an Engine.IO message. */
export function textFrame(packet: string): Buffer {
  const payload = Buffer.from(`4${packet}`);
  const n = payload.length;
  const head = Buffer.alloc(n < 126 ? 2 : n < 65_536 ? 4 : 10);
  head[0] = 0x81;
  if (n < 126) head[1] = n;
  else if (n < 65_536) {
    head[1] = 126;
    head.writeUInt16BE(n, 2);
  } else {
    head[1] = 127;
    head.writeBigUInt64BE(BigInt(n), 2);
  }
  return Buffer.concat([head, payload]);
}
