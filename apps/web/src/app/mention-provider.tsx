import { useMemo, type ReactNode } from 'react';
import type { User } from '@parley/protocol';
import { MentionContext, mentionLookup } from '../components/mention/mention-context';
import { isDirect } from '../lib/names';
import { useChannels } from '../realtime/use-channels';
import { useGroups } from '../realtime/use-groups';
import { useUsers } from '../realtime/use-users';

/** Resolves `@name` in messages to people and user groups the app knows (marking the reader's own), and `#name` to the reader's channels. */
export function MentionProvider({ me, children }: { me: User; children: ReactNode }) {
  const { data: users } = useUsers();
  const { data: groups } = useGroups();
  // The names alone: the channel list changes with every message's counts, and each change would redraw every message.
  const rooms = (useChannels().data ?? [])
    .filter((c) => !isDirect(c))
    .map((c) => c.name)
    .join('\n');
  const lookup = useMemo(() => {
    const names = new Set(rooms.split('\n'));
    return { ...mentionLookup(users, groups, me), hasChannel: (name: string) => names.has(name) };
  }, [users, groups, me, rooms]);
  return <MentionContext.Provider value={lookup}>{children}</MentionContext.Provider>;
}
