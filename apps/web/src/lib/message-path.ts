import type { Channel, Message, User } from '@parley/protocol';
import { conversationPath, isDirect } from './names';

/**
 * A message's permalink path: /c/name/m/id, a DM's /dm/username?m=id, and for a reply only in its
 * thread the thread's address with the reply's id, which the thread panel highlights.
 */
export function messagePath(
  channel: Channel,
  me: User,
  message: Pick<Message, 'id' | 'threadRootId' | 'alsoInChannel'>,
): string {
  return messagePathFrom(conversationPath(channel, me), isDirect(channel), message);
}

/** The same from the conversation's own path, which stays put while the channel's counts change. */
export function messagePathFrom(
  base: string,
  dm: boolean,
  message: Pick<Message, 'id' | 'threadRootId' | 'alsoInChannel'>,
): string {
  const reply = !!message.threadRootId && !message.alsoInChannel;
  if (!dm) return `${base}/${reply ? 't' : 'm'}/${message.id}`;
  return `${base}${base.includes('?') ? '&' : '?'}${reply ? 'thread' : 'm'}=${message.id}`;
}
