import type { QueryClient } from '@tanstack/react-query';
import type { SealedFileMeta } from '@parley/crypto';
import type { Channel, MessageResponse, User } from '@parley/protocol';
import { forgetKeyring } from '../crypto/channel-keys';
import { encryptText } from '../crypto/message-crypto';
import { api, ApiError, describeError } from '../lib/api';
import { connection } from './connection';
import { keys } from './keys';
import { noteMessage, placeSent, placeSentInThread, type MessagePage, type ThreadPage } from './merge';
import { enqueue, outbox, removeItem, updateItem, type OutboxItem } from './outbox';

let flushing = false;

export type SendOptions = { threadRootId?: string; alsoInChannel?: boolean };

export function sendMessage(
  qc: QueryClient,
  channelId: string,
  body: string,
  opts: SendOptions & { fileIds?: string[]; sealedFiles?: SealedFileMeta[] } = {},
): void {
  const files = opts.fileIds?.length
    ? { fileIds: opts.fileIds, ...(opts.sealedFiles?.length ? { sealedFiles: opts.sealedFiles } : {}) }
    : {};
  enqueue({ clientId: crypto.randomUUID(), channelId, body, ...threadFields(opts), ...files });
  void flushOutbox(qc);
}

export function retryMessage(qc: QueryClient, clientId: string): void {
  updateItem(clientId, { status: 'pending', error: undefined });
  void flushOutbox(qc);
}

/** Sends pending messages in order, once each (same clientId on every try); stops at a network failure. */
export async function flushOutbox(qc: QueryClient): Promise<void> {
  if (flushing || connection.get().state === 'offline') return;
  flushing = true;
  let blocked = false;
  try {
    for (;;) {
      const item = outbox.get().find((i) => i.status === 'pending');
      if (!item) break;
      try {
        const message = await post(qc, item);
        qc.setQueryData<MessagePage>(keys.messages(item.channelId), (p) => placeSent(p, message));
        if (message.threadRootId)
          qc.setQueryData<ThreadPage>(keys.thread(message.threadRootId), (p) =>
            placeSentInThread(p, message),
          );
        qc.setQueryData<Channel[]>(keys.channels, (c) =>
          noteMessage(c, message, { selfId: message.authorId, reading: true }),
        );
        removeItem(item.clientId);
      } catch (err) {
        if (err instanceof ApiError && err.isNetwork) {
          blocked = true;
          break;
        }
        updateItem(item.clientId, { status: 'failed', error: describeError(err) });
      }
    }
  } finally {
    flushing = false;
  }
  if (blocked && connection.get().state !== 'offline') setTimeout(() => void flushOutbox(qc), 2_000);
}

const KEY_RACE = new Set(['stale_key_version', 'key_rotation_required']);

/** Encrypted channels get a fresh envelope per try; a key that changed meanwhile is fetched once more. */
async function post(qc: QueryClient, item: OutboxItem) {
  const path = `/channels/${item.channelId}/messages`;
  const channel = qc.getQueryData<Channel[]>(keys.channels)?.find((c) => c.id === item.channelId);
  const thread = threadFields(item);
  if (!channel?.encrypted) {
    const content = {
      ...(item.body ? { body: item.body } : {}),
      ...(item.fileIds?.length ? { fileIds: item.fileIds } : {}),
    };
    return (await api<MessageResponse>('POST', path, { clientId: item.clientId, ...content, ...thread }))
      .message;
  }
  const selfId = qc.getQueryData<User | null>(keys.session)?.id ?? '';
  for (let attempt = 0; ; attempt++) {
    const encrypted = await encryptText(item.channelId, selfId, item.body, item.sealedFiles);
    const files = item.fileIds?.length ? { fileIds: item.fileIds } : {};
    try {
      return (
        await api<MessageResponse>('POST', path, { clientId: item.clientId, encrypted, ...files, ...thread })
      ).message;
    } catch (err) {
      if (attempt > 0 || !(err instanceof ApiError && KEY_RACE.has(err.code))) throw err;
      forgetKeyring(item.channelId);
    }
  }
}

function threadFields({ threadRootId, alsoInChannel }: SendOptions): SendOptions {
  if (!threadRootId) return {};
  return alsoInChannel ? { threadRootId, alsoInChannel } : { threadRootId };
}
