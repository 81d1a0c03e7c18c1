import type { QueryClient } from '@tanstack/react-query';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents, User } from '@parley/protocol';
import { getConfig } from '../lib/config';
import { catchUp } from './catch-up';
import { connection } from './connection';
import { keys } from './keys';
import { flushOutbox } from './send';
import { handleServerEvents } from './events';

export type ParleySocket = Socket<ServerToClientEvents, ClientToServerEvents>;
let socket: ParleySocket | undefined;

export function currentSocket(): ParleySocket | undefined {
  return socket;
}

/** Opens the realtime connection; every (re)connect catches up by seq before going live. */
export function startRealtime(qc: QueryClient, me: User): () => void {
  const { socketBase, socketPath } = getConfig();
  const s: ParleySocket = io(socketBase || undefined, {
    path: socketPath,
    withCredentials: true,
    reconnectionDelayMax: 3_000,
  });
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
    if (!s.connected) return;
    connection.set((c) => ({ ...c, state: 'live' }));
    void flushOutbox(qc);
  });
  s.on('disconnect', () => connection.set((c) => ({ ...c, state: 'offline' })));
  s.on('connect_error', (err) => {
    connection.set((c) => ({ ...c, state: 'offline' }));
    if (err.message === 'unauthenticated') qc.setQueryData(keys.session, null);
  });
  handleServerEvents(s, qc, me);

  // The browser knows before the socket does: drop the transport at once and reconnect when back.
  const goOffline = () => s.io.engine?.close();
  const goOnline = () => !s.connected && s.connect();
  window.addEventListener('offline', goOffline);
  window.addEventListener('online', goOnline);
  const stopPresence = trackPresence(s);
  return () => {
    window.removeEventListener('offline', goOffline);
    window.removeEventListener('online', goOnline);
    stopPresence();
    s.close();
    socket = undefined;
  };
}

const AWAY_AFTER_MS = 5 * 60_000;

function trackPresence(s: ParleySocket): () => void {
  let lastActive = Date.now();
  let away = false;
  const active = () => {
    lastActive = Date.now();
    if (away && s.connected) {
      away = false;
      s.emit('presence:set', { status: 'online' });
    }
  };
  const timer = setInterval(() => {
    if (!away && s.connected && Date.now() - lastActive > AWAY_AFTER_MS) {
      away = true;
      s.emit('presence:set', { status: 'away' });
    }
  }, 30_000);
  const events = ['pointerdown', 'keydown', 'focus'] as const;
  events.forEach((e) => window.addEventListener(e, active));
  return () => {
    clearInterval(timer);
    events.forEach((e) => window.removeEventListener(e, active));
  };
}
