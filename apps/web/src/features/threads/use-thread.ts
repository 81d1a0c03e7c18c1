import { useCallback, useEffect } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ThreadResponse, ThreadState, ThreadStateResponse, ThreadsResponse } from '@parley/protocol';
import { LIMITS } from '@parley/protocol/client';
import { api } from '../../lib/api';
import { applyChange } from '../../realtime/events';
import { keys } from '../../realtime/keys';
import { mergeMessages, type MessagePage, type ThreadEntry, type ThreadPage } from '../../realtime/merge';

/** The first page: a panel's worth of the newest replies, so a long thread opens as fast as a short one. */
const FIRST_PAGE = 30;

const fetchThread = (id: string, opts: { before?: number; limit: number }) =>
  api<ThreadResponse>(
    'GET',
    `/messages/${id}/thread?${opts.before ? `before=${opts.before}&` : ''}limit=${opts.limit}`,
  );

const threadQuery = (rootId: string) => ({
  queryKey: keys.thread(rootId),
  queryFn: async (): Promise<ThreadPage> => fetchThread(rootId, { limit: FIRST_PAGE }),
  // Kept fresh by socket events and the sync feed, never by refetching over them.
  staleTime: Infinity,
});

export function useThread(rootId: string | undefined, enabled = true) {
  return useQuery({ ...threadQuery(rootId ?? ''), enabled: !!rootId && enabled });
}

/** Starts loading a thread when the pointer or focus reaches what opens it, so the panel opens filled. */
export function usePrefetchThread() {
  const qc = useQueryClient();
  return useCallback((rootId: string) => void qc.prefetchQuery(threadQuery(rootId)), [qc]);
}

/** Older replies come above the newest once those are shown, a page at a time until the first. */
export function useRestOfThread(page: ThreadPage | undefined): void {
  const qc = useQueryClient();
  const rootId = page?.root.id;
  const more = page?.hasMore;
  const before = page?.messages[0]?.seq;
  useEffect(() => {
    if (!rootId || !more || !before) return;
    void fetchThread(rootId, { before, limit: LIMITS.historyPageMax })
      .then((res) =>
        qc.setQueryData<ThreadPage>(
          keys.thread(rootId),
          (p) => p && { ...p, messages: mergeMessages(p.messages, res.messages), hasMore: res.hasMore },
        ),
      )
      .catch(() => {});
  }, [qc, rootId, more, before]);
}

/**
 * The root of the thread a route names: the id itself for a root, its root for a reply (a permalink).
 * Known from the cache when possible; otherwise the thread fetched by the reply's id seeds the root's page.
 */
export function useThreadRootId(channelId: string, id: string) {
  const qc = useQueryClient();
  const known = cachedRootOf(qc, channelId, id);
  const resolved = useQuery({
    queryKey: ['thread-of', id],
    queryFn: async () => {
      const res = await fetchThread(id, { limit: LIMITS.historyPageMax });
      if (!qc.getQueryData(keys.thread(res.root.id)))
        qc.setQueryData<ThreadPage>(keys.thread(res.root.id), res);
      return res.root.id;
    },
    enabled: !known,
    staleTime: Infinity,
    retry: false,
  });
  return { rootId: known ?? resolved.data, error: resolved.error };
}

function cachedRootOf(qc: QueryClient, channelId: string, id: string): string | undefined {
  if (qc.getQueryData(keys.thread(id))) return id;
  const inChannel = qc.getQueryData<MessagePage>(keys.messages(channelId))?.messages.find((m) => m.id === id);
  if (inChannel) return inChannel.threadRootId ?? inChannel.id;
  for (const [, page] of qc.getQueriesData<ThreadPage>({ queryKey: ['thread'] }))
    if (page?.messages.some((m) => m.id === id)) return page.root.id;
  return undefined;
}

/** Applies a thread state the server answered with, as if it came from the socket. */
function applyThreadState(qc: QueryClient, thread: ThreadState): void {
  applyChange(qc, { type: 'thread:updated', payload: { channelId: thread.channelId, thread, cursor: '' } });
}

export function useFollowThread() {
  const qc = useQueryClient();
  return useCallback(
    async (rootId: string, follow: boolean) => {
      const res = await api<ThreadStateResponse>(follow ? 'PUT' : 'DELETE', `/messages/${rootId}/follow`);
      applyThreadState(qc, res.thread);
    },
    [qc],
  );
}

export function useMarkThreadRead() {
  const qc = useQueryClient();
  return useCallback(
    async (rootId: string, seq: number) => {
      const res = await api<ThreadStateResponse>('POST', `/messages/${rootId}/thread/read`, { seq });
      applyThreadState(qc, res.thread);
    },
    [qc],
  );
}

/** Followed threads, unread first, then the newest reply first. */
export function useThreads() {
  return useQuery({
    queryKey: keys.threads,
    queryFn: async (): Promise<ThreadEntry[]> => (await api<ThreadsResponse>('GET', '/threads')).threads,
    staleTime: Infinity,
  });
}

/** Followed threads with replies not yet read: the sidebar's count. */
export function unreadThreadCount(entries: ThreadEntry[] | undefined): number {
  return (entries ?? []).filter((e) => e.thread.following && e.thread.unread > 0).length;
}

export function useUnreadThreadCount(): number {
  return unreadThreadCount(useThreads().data);
}
