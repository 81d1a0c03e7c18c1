import { useEffect, useState } from 'react';
import { connection } from '../realtime/connection';
import { useStore } from '../lib/store';
import { outbox } from '../realtime/outbox';
import './shell.css';

const TEXT = {
  connecting: 'Connecting…',
  offline: 'You are offline. Messages you send will go out when the connection is back.',
  'catching-up': 'Back online: catching up on what you missed…',
  live: '',
};

/** A first connect says nothing this long: a banner that comes and goes pushes the whole screen down. */
const FIRST_CONNECT_QUIET_MS = 2_000;

function useElapsed(running: boolean, ms: number): boolean {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => setElapsed(true), ms);
    return () => clearTimeout(timer);
  }, [running, ms]);
  return elapsed;
}

export function ConnectionBanner() {
  const { state: current, beenLive } = useStore(connection);
  const state = current === 'catching-up' && !beenLive ? 'connecting' : current;
  const pending = useStore(outbox).filter((i) => i.status === 'pending').length;
  const slowFirstConnect = useElapsed(state === 'connecting', FIRST_CONNECT_QUIET_MS);
  if (state === 'live' || (state === 'connecting' && !slowFirstConnect)) return null;
  return (
    <div className={`connection-banner banner-${state}`} data-testid="connection-banner" role="status">
      {TEXT[state]}
      {pending > 0 && ` ${pending} waiting to send.`}
    </div>
  );
}
