import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { Server } from 'socket.io';
import { LIMITS, PresenceSet, TypingStart, type Ack } from '@parley/protocol';
import type { AppContext } from '../context.js';
import { MembershipLoader } from './membership-loader.js';
import {
  channelRoom,
  GUESTS_ROOM,
  isInChannel,
  type ParleyServer,
  type ParleySocket,
  sessionRoom,
  userRoom,
} from './realtime.js';
import { ConnectionCaps, dropSlowConsumer, limitEvents } from './socket-limits.js';
import { isAllowedOrigin } from '../http/origins.js';
import type { User } from '@parley/protocol';

export type Authenticate = (
  cookieHeader: string | undefined,
  auth: Record<string, unknown>,
) => Promise<{ user: User; sessionId: string } | undefined>;

const TYPING_THROTTLE_MS = 1_000;
// Typing is throttled per channel or thread; a socket typing in more at once starts the map afresh.
const TYPING_KEYS = 64;

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

  const caps = new ConnectionCaps();
  const memberships = new MembershipLoader(ctx.db);
  io.use(async (socket, next) => {
    try {
      const found = await authenticate(socket.handshake.headers.cookie, socket.handshake.auth ?? {});
      if (!found) return next(new Error('unauthenticated'));
      if (!caps.admit(found.sessionId, found.user.id)) return next(new Error('too_many_connections'));
      socket.data = { user: found.user, sessionId: found.sessionId, status: 'online' };
      // Counted until the connection closes, whether or not the handshake gets through.
      socket.conn.once('close', () => caps.release(found.sessionId, found.user.id));
      // Join every room before the client hears "connected" and catches up, so nothing slips between.
      const channelIds = await memberships.load(found.user.id);
      ctx.realtime.flushWrites();
      socket.join([
        userRoom(found.user.id),
        sessionRoom(found.sessionId),
        ...channelIds.map(channelRoom),
        ...(found.user.role === 'guest' ? [GUESTS_ROOM] : []),
      ]);
      next();
    } catch (err) {
      ctx.log.warn({ err }, 'socket handshake failed');
      next(new Error('unavailable'));
    }
  });

  io.on('connection', (socket) => {
    const { user } = socket.data;
    forgetHandshakeRequest(socket);
    limitEvents(socket);
    dropSlowConsumer(socket);
    // Handlers first: anything the client emits while we are still joining rooms must not be lost.
    registerHandlers(socket, ctx);
    // Its rooms are still there while it disconnects: the people to tell if it was the user's last socket.
    socket.on('disconnecting', () =>
      ctx.realtime.socketClosed(user.id, socket.data.status, [...socket.rooms]),
    );
    ctx.realtime.socketOpened(user.id);
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

function registerHandlers(socket: ParleySocket, ctx: AppContext): void {
  socket.on('typing:start', (payload: unknown, ack?: Ack) => {
    const parsed = TypingStart.safeParse(payload);
    if (!parsed.success) return reply(ack, 'validation_failed', 'Expected { channelId }.');
    const { channelId, threadRootId } = parsed.data;
    if (!isInChannel(socket, channelId))
      return reply(ack, 'not_a_member', 'You are not a member of that channel.');
    const now = Date.now();
    const typedAt = (socket.data.typedAt ??= new Map());
    if (typedAt.size >= TYPING_KEYS) typedAt.clear();
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
  socket.on('presence:set', (payload: unknown, ack?: Ack) => {
    const parsed = PresenceSet.safeParse(payload);
    if (!parsed.success) return reply(ack, 'validation_failed', 'Expected { status: "online" | "away" }.');
    const from = socket.data.status;
    socket.data.status = parsed.data.status;
    ctx.realtime.socketStatusChanged(socket.data.user.id, from, parsed.data.status);
    reply(ack);
  });
}

function reply(ack: Ack | undefined, code?: string, message?: string): void {
  if (typeof ack !== 'function') return;
  ack(code ? { error: { code, message: message ?? code } } : { ok: true });
}
