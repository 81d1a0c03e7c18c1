import { createStore } from '../lib/store';

export type ConnectionState = 'connecting' | 'live' | 'offline' | 'catching-up';

export const connection = createStore<{
  state: ConnectionState;
  transport: string;
  /** Whether this page has been live before: the first catch-up is part of connecting, not a return. */
  beenLive?: boolean;
}>({
  state: 'connecting',
  transport: 'polling',
});
