import { createStore } from './store';

export type ConnectionState = 'connecting' | 'live' | 'offline' | 'catching-up';

export const connection = createStore<{ state: ConnectionState; transport: string }>({
  state: 'connecting',
  transport: 'polling',
});
