import type { QueryClient } from '@tanstack/react-query';
import type { MessagesResponse } from '@parley/protocol';
import { api, ApiError } from '../lib/api';
import { keys } from './keys';
import { lastSeqOf, mergeMessages, type MessagePage } from './merge';

/** After a (re)connect: refresh the channel list and presence, and fetch every loaded channel past its last seq. */
export async function catchUp(qc: QueryClient): Promise<void> {
  await Promise.all([
    qc.invalidateQueries({ queryKey: keys.channels }),
    qc.invalidateQueries({ queryKey: keys.presence }),
  ]);
  const pages = qc.getQueriesData<MessagePage>({ queryKey: ['messages'] });
  await Promise.all(pages.map(([key, page]) => page && fetchAfter(qc, String(key[1]), lastSeqOf(page))));
}

/** Fetches everything after a seq, page by page, and merges it by id. */
export async function fetchAfter(qc: QueryClient, channelId: string, after: number): Promise<void> {
  let cursor = after;
  for (;;) {
    let res: MessagesResponse;
    try {
      res = await api<MessagesResponse>('GET', `/channels/${channelId}/messages?after=${cursor}&limit=200`);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404)
        qc.removeQueries({ queryKey: keys.messages(channelId) });
      return;
    }
    qc.setQueryData<MessagePage>(
      keys.messages(channelId),
      (p) => p && { ...p, messages: mergeMessages(p.messages, res.messages) },
    );
    cursor = res.messages.at(-1)?.seq ?? cursor;
    if (!res.hasMore) return;
  }
}
