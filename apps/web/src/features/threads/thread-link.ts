import { createContext, useCallback, useContext, useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { Channel, User } from '@parley/protocol';
import { conversationPath, isDirect } from '../../lib/names';

/**
 * Where a channel's threads open: given to rows by the channel view, so a row needs no route knowledge.
 * The same for the whole channel: opening a thread does not draw every row again.
 */
export type ThreadLinks = {
  href: (rootId: string) => string;
  open: (rootId: string) => void;
  closeHref: string;
};

export const ThreadLinkContext = createContext<ThreadLinks | undefined>(undefined);

export function useThreadLinks(): ThreadLinks | undefined {
  return useContext(ThreadLinkContext);
}

/** The channel's own page: /c/name, or a DM's /dm/username (?e2e=1 for the encrypted one). */
export const channelPath = conversationPath;

/** Channels have a thread route; DMs carry the thread in the query string of their own page. */
export function threadPath(channel: Channel, me: User, rootId: string): string {
  const base = channelPath(channel, me);
  if (!isDirect(channel)) return `${base}/t/${rootId}`;
  return `${base}${base.includes('?') ? '&' : '?'}thread=${rootId}`;
}

/** The open thread (root or reply id, if any) and the links of a channel view, from the current route. */
export function useThreadRoute(
  channel: Channel,
  me: User,
): { openId: string | undefined; links: ThreadLinks } {
  const { messageId } = useParams();
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const openId = messageId ?? search.get('thread') ?? undefined;
  const base = isDirect(channel) ? pathname : undefined;
  // The router's navigate changes with every address; rows keep one that does not.
  const navigate = useNavigate();
  const latestNavigate = useRef(navigate);
  useEffect(() => {
    latestNavigate.current = navigate;
  }, [navigate]);
  const go = useCallback((to: string) => latestNavigate.current(to), []);
  // Keyed by the paths, not the channel object, which changes with every message's counts.
  const home = channelPath(channel, me);
  const { encrypted } = channel;
  const links = useMemo(() => {
    // A DM stays on the address it was opened with, whichever participant's name is in it.
    const closeHref = base ? `${base}${encrypted ? '?e2e=1' : ''}` : home;
    const href = (rootId: string) =>
      base ? `${closeHref}${encrypted ? '&' : '?'}thread=${rootId}` : `${home}/t/${rootId}`;
    return { href, open: (rootId: string) => go(href(rootId)), closeHref };
  }, [base, home, encrypted, go]);
  return { openId, links };
}
