import type { QueryClient } from '@tanstack/react-query';
import type { SyncResponse } from '@parley/protocol';
import { api, ApiError } from '../lib/api';
import { dropAnswers } from '../lib/boot';
import { applyChange } from './events';
import { currentCursor, resetCursor } from './feed-cursor';
import { keys } from './keys';

const notSession = (q: { queryKey: readonly unknown[] }) => q.queryKey[0] !== keys.session[0];

/**
 * After a (re)connect, with the socket already in its rooms: one request replays every change since
 * this tab's cursor. The first connect, or a cursor the server no longer keeps, reloads what is shown.
 */
export async function catchUp(qc: QueryClient): Promise<void> {
  dropAnswers();
  const since = currentCursor();
  if (!since) return startFresh(qc, false);
  let cursor = since;
  try {
    for (;;) {
      const res = await api<SyncResponse>('GET', `/sync?since=${cursor}`);
      for (const change of res.changes) applyChange(qc, change);
      cursor = res.cursor;
      resetCursor(cursor);
      if (!res.more) break;
    }
  } catch (err) {
    if (err instanceof ApiError && err.code === 'cursor_expired') return startFresh(qc, true);
    throw err;
  }
  // Presence is not in the feed: who is online now is one small request.
  await qc.invalidateQueries({ queryKey: keys.presence });
}

/** Takes the current cursor first, then loads again, so nothing falls between the load and the cursor. */
async function startFresh(qc: QueryClient, expired: boolean): Promise<void> {
  resetCursor((await api<SyncResponse>('GET', '/sync')).cursor);
  if (expired) await qc.resetQueries({ predicate: notSession });
  else await qc.invalidateQueries({ predicate: notSession });
}
