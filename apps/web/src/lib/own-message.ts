import type { Message } from '@parley/protocol';

/** Sent by the reader: a webhook's message counts as others' (unread, notified) though its adder is its author. */
export const isOwnMessage = (
  message: Pick<Message, 'authorId' | 'via'>,
  selfId: string | undefined,
): boolean => message.authorId === selfId && !message.via;
