import type { QueryClient } from '@tanstack/react-query';
import type { Channel, MessageResponse } from '@parley/protocol';
import { api, ApiError, describeError } from '../lib/api';
import { connection } from './connection';
import { keys } from './keys';
import { applyMessage, noteMessage, type MessagePage } from './merge';
import { enqueue, outbox, removeItem, updateItem } from './outbox';

let flushing = false;

export function sendMessage(qc: QueryClient, channelId: string, body: string): void {
  enqueue({ clientId: crypto.randomUUID(), channelId, body });
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
        const { message } = await api<MessageResponse>('POST', `/channels/${item.channelId}/messages`, {
          clientId: item.clientId,
          body: item.body,
        });
        qc.setQueryData<MessagePage>(keys.messages(item.channelId), (p) => applyMessage(p, message));
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
