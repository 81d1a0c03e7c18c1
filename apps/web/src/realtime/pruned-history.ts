import type { QueryClient } from '@tanstack/react-query';
import type { Channel, HistoryPruned } from '@parley/protocol';
import { keys } from './keys';
import { pruneMessages, type MessagePage } from './merge';

/**
 * What retention deleted beyond the pages applyEvent trims: lists cheap to load again, unread counts
 * that may have held deleted messages, and a page with replies whose roots it cannot see.
 */
export function notePruned(qc: QueryClient, { channelId, before }: HistoryPruned): void {
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
  const page = qc.getQueryData<MessagePage>(keys.messages(channelId));
  if (page && pruneMessages(page, before).unsure.length > 0) again(keys.messages(channelId));
}
