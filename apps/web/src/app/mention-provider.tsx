import { useMemo, type ReactNode } from 'react';
import type { User } from '@parley/protocol';
import { MentionContext, mentionLookup } from '../components/mention/mention-context';
import { useGroups } from '../realtime/use-groups';
import { useUsers } from '../realtime/use-users';

/** Resolves `@name` in messages to people and user groups the app knows, and marks the reader's own name and groups. */
export function MentionProvider({ me, children }: { me: User; children: ReactNode }) {
  const { data: users } = useUsers();
  const { data: groups } = useGroups();
  const lookup = useMemo(() => mentionLookup(users, groups, me), [users, groups, me]);
  return <MentionContext.Provider value={lookup}>{children}</MentionContext.Provider>;
}
