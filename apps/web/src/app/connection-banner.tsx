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

export function ConnectionBanner() {
  const { state: current, beenLive } = useStore(connection);
  const state = current === 'catching-up' && !beenLive ? 'connecting' : current;
  const pending = useStore(outbox).filter((i) => i.status === 'pending').length;
  if (state === 'live') return null;
  return (
    <div className={`connection-banner banner-${state}`} data-testid="connection-banner" role="status">
      {TEXT[state]}
      {pending > 0 && ` ${pending} waiting to send.`}
    </div>
  );
}
