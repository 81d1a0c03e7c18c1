import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { Server } from 'socket.io';
import { LIMITS, PresenceSet, TypingStart, type Ack } from '@parley/protocol';
import type { AppContext } from '../context.js';
import { listMemberChannelIds } from './rooms.repo.js';
import { channelRoom, type ParleyServer, type ParleySocket, sessionRoom, userRoom } from './realtime.js';
import { isAllowedOrigin } from '../http/origins.js';
import type { User } from '@parley/protocol';

export type Authenticate = (
  cookieHeader: string | undefined,
) => Promise<{ user: User; sessionId: string } | undefined>;

const TYPING_THROTTLE_MS = 1_000;

export function createSocketServer(
  httpServer: HttpServer,
  ctx: AppContext,
  authenticate: Authenticate,
): ParleyServer {
  const { config } = ctx;
  const io: ParleyServer = new Server(httpServer, {
    path: config.socketPath,
    maxHttpBufferSize: LIMITS.socketMaxBytes,
    serveClient: false,
    cors: { origin: config.allowedOrigins, credentials: true },
    allowRequest: (req: IncomingMessage, callback) => {
      const ok = isAllowedOrigin(req.headers.origin, req.headers.host, config.allowedOrigins);
      callback(ok ? null : 'forbidden', ok);
    },
  });

  io.use(async (socket, next) => {
    try {
      const found = await authenticate(socket.handshake.headers.cookie);
      if (!found) return next(new Error('unauthenticated'));
      socket.data = { user: found.user, sessionId: found.sessionId, status: 'online' };
      // Join every room before the client hears "connected" and catches up, so nothing slips between.
      const channelIds = await listMemberChannelIds(ctx.db, found.user.id);
      socket.join([userRoom(found.user.id), sessionRoom(found.sessionId), ...channelIds.map(channelRoom)]);
      next();
    } catch (err) {
      ctx.log.warn({ err }, 'socket handshake failed');
      next(new Error('unavailable'));
    }
  });

  const localSockets = new Map<string, number>();
  io.on('connection', (socket) => {
    const { user } = socket.data;
    forgetHandshakeRequest(socket);
    // Handlers first: anything the client emits while we are still joining rooms must not be lost.
    registerHandlers(io, socket, ctx);
    socket.on('disconnect', async () => {
      const left = (localSockets.get(user.id) ?? 1) - 1;
      if (left > 0) return void localSockets.set(user.id, left);
      localSockets.delete(user.id);
      const elsewhere = await io
        .in(userRoom(user.id))
        .fetchSockets()
        .catch(() => []);
      if (elsewhere.length === 0) ctx.realtime.presenceChanged(user.id, 'offline');
    });
    localSockets.set(user.id, (localSockets.get(user.id) ?? 0) + 1);
    if (localSockets.get(user.id) === 1) ctx.realtime.presenceChanged(user.id, 'online');
  });
  return io;
}

/** Authentication is done: the first HTTP request and its headers need not live as long as the socket. */
function forgetHandshakeRequest(socket: ParleySocket): void {
  const conn = socket.conn as { request: IncomingMessage | null };
  // engine.io keeps the WebSocket upgrade request alive with the connection; its headers are the bulk.
  if (conn.request) {
    conn.request.headers = {};
    conn.request.rawHeaders = [];
  }
  conn.request = null;
  socket.handshake.headers = {};
}

function registerHandlers(io: ParleyServer, socket: ParleySocket, ctx: AppContext): void {
  socket.on('typing:start', (payload: unknown, ack?: Ack) => {
    const parsed = TypingStart.safeParse(payload);
    if (!parsed.success) return reply(ack, 'validation_failed', 'Expected { channelId }.');
    const { channelId, threadRootId } = parsed.data;
    if (!socket.rooms.has(channelRoom(channelId)))
      return reply(ack, 'not_a_member', 'You are not a member of that channel.');
    const now = Date.now();
    const typedAt = (socket.data.typedAt ??= new Map());
    const key = threadRootId ?? channelId;
    if (now - (typedAt.get(key) ?? 0) >= TYPING_THROTTLE_MS) {
      typedAt.set(key, now);
      const userId = socket.data.user.id;
      socket
        .to(channelRoom(channelId))
        .emit('typing:started', { channelId, userId, ...(threadRootId && { threadRootId }) });
    }
    reply(ack);
  });
  socket.on('presence:set', async (payload: unknown, ack?: Ack) => {
    const parsed = PresenceSet.safeParse(payload);
    if (!parsed.success) return reply(ack, 'validation_failed', 'Expected { status: "online" | "away" }.');
    socket.data.status = parsed.data.status;
    // Another node may not answer in time; this socket's own status still counts.
    const sockets = await io
      .in(userRoom(socket.data.user.id))
      .fetchSockets()
      .catch(() => [socket]);
    const anyOnline = sockets.some((s) => s.data.status === 'online');
    ctx.realtime.presenceChanged(socket.data.user.id, anyOnline ? 'online' : 'away');
    reply(ack);
  });
}

function reply(ack: Ack | undefined, code?: string, message?: string): void {
  if (typeof ack !== 'function') return;
  ack(code ? { error: { code, message: message ?? code } } : { ok: true });
}
