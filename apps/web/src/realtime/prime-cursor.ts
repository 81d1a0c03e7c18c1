import type { SyncResponse } from '@parley/protocol';
import { api, ApiError } from '../lib/api';
import { currentCursor, resetCursor } from './feed-cursor';

/**
 * Takes the starting cursor before the app loads anything it shows: every later load is at least as
 * new, so replaying from it is exact. Signed out, there is nothing to take. Apart from catch-up.ts so
 * the sign-in page, which asks for it beside the session, does not load every event reducer.
 */
export async function primeCursor(): Promise<void> {
  if (currentCursor()) return;
  try {
    resetCursor((await api<SyncResponse>('GET', '/sync')).cursor);
  } catch (err) {
    if (!(err instanceof ApiError && err.code === 'unauthenticated')) throw err;
  }
}
