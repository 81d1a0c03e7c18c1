import type { QueryClient } from '@tanstack/react-query';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@parley/protocol';
import { afterPaint } from '../lib/after-paint';
import { dropAnswers } from '../lib/boot';
import { getConfig } from '../lib/config';
import { catchUp } from './catch-up';
import { resetCursor } from './feed-cursor';
import { connection } from './connection';
import { keys } from './keys';
import { flushOutbox } from './send';
import { handleServerEvents, type RealtimeHooks } from './events';

export type ParleySocket = Socket<ServerToClientEvents, ClientToServerEvents>;
let socket: ParleySocket | undefined;

export function currentSocket(): ParleySocket | undefined {
  return socket;
}

/** Opens the realtime connection; every (re)connect catches up by seq before going live. */
export function startRealtime(qc: QueryClient, selfId: string, hooks: RealtimeHooks = {}): () => void {
  const { socketBase, socketPath } = getConfig();
  const s: ParleySocket = io(socketBase || undefined, {
    path: socketPath,
    withCredentials: true,
    reconnectionDelayMax: 3_000,
    // Connected once the screen is drawn: the page's answers and cursor already show it, the feed replays the rest.
    autoConnect: false,
  });
  const cancelConnect = afterPaint(() => s.connect());
  socket = s;
  connection.set({ state: 'connecting', transport: 'polling' });
  s.io.on('open', () => {
    connection.set((c) => ({ ...c, transport: s.io.engine.transport.name }));
    s.io.engine.on('upgrade', (t: { name: string }) => connection.set((c) => ({ ...c, transport: t.name })));
  });
  s.on('connect', async () => {
    connection.set((c) => ({ ...c, state: 'catching-up' }));
    try {
      await catchUp(qc);
    } catch {
      // A failed catch-up is retried on the next connect; the socket still delivers live.
    }
    if (s.connected) connection.set((c) => ({ ...c, state: 'live', beenLive: true }));
    // Queued sends go out after what was missed is merged, so they land in order after it; a slow one holds no banner.
    void flushOutbox(qc);
  });
  s.on('disconnect', (reason) => {
    console.info(`Parley: realtime disconnected (${reason})`);
    connection.set((c) => ({ ...c, state: 'offline' }));
    // The server drops a revoked session's socket: reconnecting finds out (unauthenticated signs out) or resumes.
    if (reason === 'io server disconnect') s.connect();
  });
  s.on('connect_error', (err) => {
    console.info(`Parley: realtime connect error (${err.message})`);
    connection.set((c) => ({ ...c, state: 'offline' }));
    if (err.message === 'unauthenticated') qc.setQueryData(keys.session, null);
  });
  handleServerEvents(s, qc, selfId, hooks);

  // The browser knows before the socket does: drop the transport at once and reconnect when back.
  const goOffline = () => s.io.engine?.close();
  const goOnline = () => !s.connected && s.connect();
  window.addEventListener('offline', goOffline);
  window.addEventListener('online', goOnline);
  const stopPresence = trackPresence(s);
  return () => {
    cancelConnect();
    window.removeEventListener('offline', goOffline);
    window.removeEventListener('online', goOnline);
    stopPresence();
    s.close();
    socket = undefined;
    // Another user may sign in next in this tab: their cursor starts afresh, the page's answers are not theirs.
    resetCursor(undefined);
    dropAnswers();
  };
}

const AWAY_AFTER_MS = 5 * 60_000;
const HIDDEN_AWAY_MS = 2 * 60_000;

/** Away after 5 minutes without input or 2 minutes in a hidden tab; online again on the next input. */
function trackPresence(s: ParleySocket): () => void {
  let lastActive = Date.now();
  let hiddenSince: number | undefined;
  let away = false;
  const report = (next: boolean) => {
    if (next === away || !s.connected) return;
    away = next;
    s.emit('presence:set', { status: away ? 'away' : 'online' });
  };
  const active = () => {
    lastActive = Date.now();
    report(false);
  };
  const visibility = () => {
    hiddenSince = document.visibilityState === 'hidden' ? Date.now() : undefined;
    if (!hiddenSince) active();
  };
  const timer = setInterval(() => {
    const now = Date.now();
    if (now - lastActive > AWAY_AFTER_MS || (hiddenSince && now - hiddenSince > HIDDEN_AWAY_MS)) report(true);
  }, 15_000);
  // A reconnect starts as online on the server: say so again if we are away.
  s.on('connect', () => away && s.emit('presence:set', { status: 'away' }));
  const events = ['pointerdown', 'keydown', 'focus'] as const;
  events.forEach((e) => window.addEventListener(e, active));
  document.addEventListener('visibilitychange', visibility);
  return () => {
    clearInterval(timer);
    events.forEach((e) => window.removeEventListener(e, active));
    document.removeEventListener('visibilitychange', visibility);
  };
}
