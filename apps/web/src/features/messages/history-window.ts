import { useCallback } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MessagesResponse } from '@parley/protocol';
import { api } from '../../lib/api';
import { keys } from '../../realtime/keys';
import { appendNewer, lastSeqOf, type MessagePage } from '../../realtime/merge';

const PAGE = 50;

/** Whether a loaded page already shows the message with this seq, or where it would be. */
export function coversSeq(page: MessagePage | undefined, seq: number): boolean {
  const first = page?.messages[0]?.seq;
  if (!page || first === undefined) return false;
  return (first <= seq || !page.hasMoreBefore) && (lastSeqOf(page) >= seq || !page.hasMoreAfter);
}

/** Replaces the channel's page by the one around a seq (a link, the first unread), newer pages to follow. */
export async function loadAround(qc: QueryClient, channelId: string, seq: number): Promise<void> {
  const res = await api<MessagesResponse>(
    'GET',
    `/channels/${channelId}/messages?around=${seq}&limit=${PAGE}`,
  );
  const hasMoreAfter = res.hasMoreAfter ?? false;
  qc.setQueryData<MessagePage>(keys.messages(channelId), {
    messages: res.messages,
    hasMoreBefore: res.hasMore,
    hasMoreAfter,
  });
  if (!hasMoreAfter) await fetchTail(qc, channelId);
}

/** Replaces a window by the newest page: "Jump to latest", or a send from a window. */
export async function loadLatest(qc: QueryClient, channelId: string): Promise<void> {
  const res = await api<MessagesResponse>('GET', `/channels/${channelId}/messages?limit=${PAGE}`);
  qc.setQueryData<MessagePage>(keys.messages(channelId), {
    messages: res.messages,
    hasMoreBefore: res.hasMore,
  });
  await fetchTail(qc, channelId);
}

export function useLoadNewer(channelId: string) {
  const qc = useQueryClient();
  return useCallback(async () => {
    const page = qc.getQueryData<MessagePage>(keys.messages(channelId));
    if (!page?.hasMoreAfter) return;
    const after = lastSeqOf(page);
    const res = await api<MessagesResponse>(
      'GET',
      `/channels/${channelId}/messages?after=${after}&limit=${PAGE}`,
    );
    qc.setQueryData<MessagePage>(keys.messages(channelId), (p) => appendNewer(p, res.messages, res.hasMore));
    if (!res.hasMore) await fetchTail(qc, channelId);
  }, [qc, channelId]);
}

// Messages whose events came while the page was still a window were dropped: ask once more from its end.
async function fetchTail(qc: QueryClient, channelId: string): Promise<void> {
  const after = lastSeqOf(qc.getQueryData<MessagePage>(keys.messages(channelId)));
  const res = await api<MessagesResponse>('GET', `/channels/${channelId}/messages?after=${after}&limit=200`);
  if (res.messages.length === 0) return;
  qc.setQueryData<MessagePage>(keys.messages(channelId), (p) => appendNewer(p, res.messages, res.hasMore));
}
