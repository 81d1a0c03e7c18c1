import type { ParleySocket } from './realtime.js';

/** What one client may cost the server; per node, since each node counts its own sockets. */
export const SOCKET_LIMITS = {
  /** Events a socket may send at once, then per second on average. */
  eventBurst: 30,
  eventsPerSecond: 10,
  /** Refused events a socket may pile up (refilled at eventsPerSecond) before it is disconnected. */
  refusedBeforeDisconnect: 100,
  /** Open sockets per session (tabs of one browser) and per account. */
  socketsPerSession: 20,
  socketsPerUser: 50,
  /** Bytes queued for a socket that is not reading before it is dropped; it catches up through /sync. */
  bufferedBytes: 1024 * 1024,
};

/** A burst of `capacity`, then `perSecond` on average. */
export class TokenBucket {
  private tokens: number;
  private at = performance.now();

  constructor(
    private readonly capacity: number,
    private readonly perSecond: number,
  ) {
    this.tokens = capacity;
  }

  take(): boolean {
    const now = performance.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.at) / 1000) * this.perSecond);
    this.at = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** Answers events past the socket's rate with `rate_limited`; a socket that keeps on is disconnected. */
export function limitEvents(socket: ParleySocket): void {
  const events = new TokenBucket(SOCKET_LIMITS.eventBurst, SOCKET_LIMITS.eventsPerSecond);
  const refusals = new TokenBucket(SOCKET_LIMITS.refusedBeforeDisconnect, SOCKET_LIMITS.eventsPerSecond);
  socket.use((packet, next) => {
    if (events.take()) return next();
    const ack = packet.at(-1);
    if (typeof ack === 'function')
      ack({ error: { code: 'rate_limited', message: 'Too many events; slow down.' } });
    if (!refusals.take()) socket.disconnect(true);
  });
}

/** Open sockets per session and per account on this node; refuses a handshake past either cap. */
export class ConnectionCaps {
  private readonly bySession = new Map<string, number>();
  private readonly byUser = new Map<string, number>();

  /** Counts the socket in, or returns false (and counts nothing) when a cap is reached. */
  admit(sessionId: string, userId: string): boolean {
    const session = this.bySession.get(sessionId) ?? 0;
    const user = this.byUser.get(userId) ?? 0;
    if (session >= SOCKET_LIMITS.socketsPerSession || user >= SOCKET_LIMITS.socketsPerUser) return false;
    this.bySession.set(sessionId, session + 1);
    this.byUser.set(userId, user + 1);
    return true;
  }

  release(sessionId: string, userId: string): void {
    decrement(this.bySession, sessionId);
    decrement(this.byUser, userId);
  }
}

function decrement(counts: Map<string, number>, key: string): void {
  const left = (counts.get(key) ?? 1) - 1;
  if (left > 0) counts.set(key, left);
  else counts.delete(key);
}

type Conn = {
  on(event: 'packetCreate', fn: (packet: { data?: string | Buffer }) => void): void;
  on(event: 'flush', fn: () => void): void;
  close(discard?: boolean): void;
  transport: { name: string; socket?: { terminate(): void } };
};

/**
 * Drops a socket whose frames queued in engine.io pass the limit: a client that stops reading must not
 * hold the server's memory; it catches up through /sync later. engine.io hands the WebSocket its next
 * batch only once the last one reached the kernel, so that buffer holds at most one batch more.
 */
export function dropSlowConsumer(socket: ParleySocket, limit = SOCKET_LIMITS.bufferedBytes): void {
  const conn = socket.conn as unknown as Conn;
  let unflushed = 0;
  let dropped = false;
  conn.on('flush', () => (unflushed = 0));
  // Runs for every frame to every socket: a sum and a comparison, nothing more.
  conn.on('packetCreate', (packet) => {
    const data = packet.data;
    unflushed += typeof data === 'string' ? data.length : (data?.byteLength ?? 0);
    if (unflushed <= limit || dropped) return;
    dropped = true;
    const ws = conn.transport.name === 'websocket' ? conn.transport.socket : undefined;
    // Not a polite close: that waits for the very buffer that is full to drain.
    if (ws) ws.terminate();
    else conn.close(true);
  });
}
