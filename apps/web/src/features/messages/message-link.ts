import { createContext, useContext } from 'react';
import type { Channel, Message, User } from '@parley/protocol';

const isDm = (channel: Channel) => channel.kind === 'dm' || channel.kind === 'group';

/**
 * A message's permalink path: /c/name/m/id, a DM's /dm/username?m=id, and for a reply only in its
 * thread the thread's address with the reply's id, which the thread panel highlights.
 */
export function messagePath(channel: Channel, me: User, message: Message): string {
  const reply = !!message.threadRootId && !message.alsoInChannel;
  if (!isDm(channel)) return `/c/${encodeURIComponent(channel.name)}/${reply ? 't' : 'm'}/${message.id}`;
  const other = channel.dmUsers?.[0] ?? me;
  const query = new URLSearchParams(channel.encrypted ? { e2e: '1' } : {});
  query.set(reply ? 'thread' : 'm', message.id);
  return `/dm/${encodeURIComponent(other.username)}?${query}`;
}

/** Given to rows by the channel view, so a row can copy its link without knowing routes. */
export const MessageLinkContext = createContext<((message: Message) => string) | undefined>(undefined);

export const useMessageLink = () => useContext(MessageLinkContext);
