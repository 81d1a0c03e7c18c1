import { createContext, useContext, useMemo } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import type { Channel, User } from '@parley/protocol';
import { conversationPath } from '../../lib/names';

/** Where a channel's threads open: given to rows by the channel view, so a row needs no route knowledge. */
export type ThreadLinks = {
  /** The thread (root or reply id) open in the panel, if any. */
  openId: string | undefined;
  href: (rootId: string) => string;
  closeHref: string;
};

export const ThreadLinkContext = createContext<ThreadLinks | undefined>(undefined);

export function useThreadLinks(): ThreadLinks | undefined {
  return useContext(ThreadLinkContext);
}

const isDm = (channel: Channel) => channel.kind === 'dm' || channel.kind === 'group';

/** The channel's own page: /c/name, or a DM's /dm/username (?e2e=1 for the encrypted one). */
export const channelPath = conversationPath;

/** Channels have a thread route; DMs carry the thread in the query string of their own page. */
export function threadPath(channel: Channel, me: User, rootId: string): string {
  const base = channelPath(channel, me);
  if (!isDm(channel)) return `${base}/t/${rootId}`;
  return `${base}${base.includes('?') ? '&' : '?'}thread=${rootId}`;
}

/** The open thread and the links of a channel view, from the current route. */
export function useThreadRoute(channel: Channel, me: User): ThreadLinks {
  const { messageId } = useParams();
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const openId = messageId ?? search.get('thread') ?? undefined;
  const base = isDm(channel) ? pathname : undefined;
  return useMemo(() => {
    // A DM stays on the address it was opened with, whichever participant's name is in it.
    const closeHref = base ? `${base}${channel.encrypted ? '?e2e=1' : ''}` : channelPath(channel, me);
    const href = (rootId: string) =>
      base ? `${closeHref}${channel.encrypted ? '&' : '?'}thread=${rootId}` : threadPath(channel, me, rootId);
    return { openId, href, closeHref };
  }, [openId, base, channel, me]);
}
