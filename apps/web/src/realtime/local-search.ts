import type { QueryClient } from '@tanstack/react-query';
import type { FeedChange } from '@parley/protocol';
import { loadChunk } from '../lib/load-chunk';

// The chat screen's first load carries only this; the index's code comes a moment after start.
type Coordinator = typeof import('./local-search-coordinator');
const START_AFTER_MS = 1_500;
const QUEUE_MAX = 5_000;
let coordinator: Coordinator | undefined;
let early: FeedChange[] = [];

/** Starts the local search of encrypted channels shortly after the shell, in a chunk of its own. */
export function startLocalSearch(qc: QueryClient, selfId: string): () => void {
  let stop: (() => void) | undefined;
  let cancelled = false;
  const timer = setTimeout(() => {
    loadChunk(() => import('./local-search-coordinator')).then(
      (m) => {
        if (cancelled) return;
        stop = m.startLocalSearch(qc, selfId);
        coordinator = m;
        for (const change of early.splice(0)) m.noteChange(change);
      },
      // The app works without it: only the search of encrypted channels is missing until the next load.
      (err: unknown) => console.info('Local search of encrypted channels did not start:', err),
    );
  }, START_AFTER_MS);
  return () => {
    cancelled = true;
    clearTimeout(timer);
    stop?.();
    coordinator = undefined;
    early = [];
  };
}

/** Every change the data layer applies, for the index to follow edits and deletes. */
export function noteChange(change: FeedChange): void {
  if (coordinator) coordinator.noteChange(change);
  else if (change.type.startsWith('message:') && early.length < QUEUE_MAX) early.push(change);
}
