import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  Channel,
  Message,
  MessageResponse,
  MessagesResponse,
  ReadAllResponse,
  User,
} from '@parley/protocol';
import { decryptText, encryptText } from '../crypto/message-crypto';
import { api } from '../lib/api';
import { keys } from './keys';
import {
  applyMessage,
  applyToThread,
  mergeMessages,
  setRead,
  type MessagePage,
  type ThreadPage,
} from './merge';

/** The newest page, once the view knows it is not opening at a link or the first unread instead. */
export function useMessages(channelId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: keys.messages(channelId ?? ''),
    queryFn: async (): Promise<MessagePage> => {
      const res = await api<MessagesResponse>('GET', `/channels/${channelId}/messages?limit=50`);
      return { messages: res.messages, hasMoreBefore: res.hasMore };
    },
    enabled: !!channelId && enabled,
    // Kept fresh by socket events and catch-up, never by refetching over them.
    staleTime: Infinity,
  });
}

export function useLoadOlder(channelId: string) {
  const qc = useQueryClient();
  return useCallback(async () => {
    const page = qc.getQueryData<MessagePage>(keys.messages(channelId));
    const first = page?.messages[0]?.seq;
    if (!page?.hasMoreBefore || first === undefined) return;
    const res = await api<MessagesResponse>(
      'GET',
      `/channels/${channelId}/messages?before=${first}&limit=50`,
    );
    qc.setQueryData<MessagePage>(
      keys.messages(channelId),
      (p) => p && { ...p, messages: mergeMessages(p.messages, res.messages), hasMoreBefore: res.hasMore },
    );
  }, [qc, channelId]);
}

export function useEditMessage() {
  const qc = useQueryClient();
  return useMutation({
    // An edit in an encrypted channel is a new envelope under the current key, keeping the files' keys.
    mutationFn: async ({ message, body }: { message: Message; body: string }) =>
      api<MessageResponse>(
        'PATCH',
        `/messages/${message.id}`,
        message.encrypted
          ? {
              encrypted: await encryptText(message.channelId, selfId(qc), body, await sealedFilesOf(message)),
            }
          : { body },
      ),
    onSuccess: ({ message }) => showMessage(qc, message),
  });
}

export function useDeleteMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<MessageResponse>('DELETE', `/messages/${id}`),
    onSuccess: ({ message }) => showMessage(qc, message),
  });
}

export const useMarkRead = () => useMoveRead('read');

/** "Mark all as read": every channel read to its newest message here at once, and in the other tabs by their events. */
export function useMarkAllRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<ReadAllResponse>('POST', '/channels/read'),
    onSuccess: ({ reads }) =>
      qc.setQueryData<Channel[]>(keys.channels, (list) =>
        reads.reduce((c, r) => setRead(c, r.channelId, r.seq, r, true), list),
      ),
  });
}

/** "Mark unread": the message at `seq` and those after it become unread again, in every tab. */
export const useMarkUnread = () => useMoveRead('unread');

/** Posts a read (the point only moves forward) or "Mark unread" (it moves back) and keeps the answer. */
function useMoveRead(action: 'read' | 'unread') {
  const qc = useQueryClient();
  return useCallback(
    async (channelId: string, seq: number) => {
      const res = await api<{ read: { seq: number; unread: number; mentions: number; lastSeq: number } }>(
        'POST',
        `/channels/${channelId}/${action}`,
        { seq },
      );
      const exact = action === 'unread';
      qc.setQueryData<Channel[]>(keys.channels, (c) => setRead(c, channelId, res.read.seq, res.read, exact));
      return res.read;
    },
    [qc, action],
  );
}

const selfId = (qc: QueryClient) => qc.getQueryData<User | null>(keys.session)?.id ?? '';

/** An edit or delete shows at once in the channel and in the thread the message is in or roots. */
function showMessage(qc: QueryClient, message: Message): void {
  qc.setQueryData<MessagePage>(keys.messages(message.channelId), (p) => applyMessage(p, message));
  for (const rootId of [message.threadRootId, message.id])
    if (rootId) qc.setQueryData<ThreadPage>(keys.thread(rootId), (p) => applyToThread(p, message));
}

/** The files an encrypted message carries, to seal again with its edited text. */
async function sealedFilesOf(message: Message) {
  if (message.files.length === 0) return [];
  const plain = await decryptText(message, 'You');
  if (!plain.ok) throw new Error(plain.reason);
  return plain.files;
}
