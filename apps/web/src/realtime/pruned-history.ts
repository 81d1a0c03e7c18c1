import type { QueryClient } from '@tanstack/react-query';
import type { Channel, HistoryPruned } from '@parley/protocol';
import { keys } from './keys';

/** What retention deleted beyond the pages applyEvent trims: lists cheap to load again, and unread counts that may have held it. */
export function notePruned(qc: QueryClient, { channelId }: HistoryPruned): void {
  const again = (queryKey: readonly unknown[]) => void qc.invalidateQueries({ queryKey });
  // Lists that may hold what went; only those on screen load again.
  for (const key of [
    keys.pins(channelId),
    keys.saved,
    ['mentions'],
    ['channel-files', channelId],
    ['search'],
    ['search-encrypted'],
  ])
    again(key);
  // The setting may be new: the channel's start says how long messages are kept.
  again(['instance']);
  const membership = qc.getQueryData<Channel[]>(keys.channels)?.find((c) => c.id === channelId)?.membership;
  if (membership && (membership.unread > 0 || membership.mentions > 0)) again(keys.channels);
}
