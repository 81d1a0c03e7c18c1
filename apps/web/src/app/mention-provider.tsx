import { useMemo, type ReactNode } from 'react';
import type { User } from '@parley/protocol';
import { MentionContext } from '../components/mention/mention-context';
import { useGroups } from '../realtime/use-groups';
import { useUsers } from '../realtime/use-users';

/** Resolves `@name` in messages to people and user groups the app knows, and marks the reader's own name and groups. */
export function MentionProvider({ me, children }: { me: User; children: ReactNode }) {
  const { data: users } = useUsers();
  const { data: groups } = useGroups();
  const lookup = useMemo(() => {
    const byName = new Map((users ?? []).map((u) => [u.username.toLowerCase(), u]));
    byName.set(me.username.toLowerCase(), me);
    const byHandle = new Map(
      (groups ?? []).map((g) => [g.handle.toLowerCase(), { ...g, own: g.memberIds.includes(me.id) }]),
    );
    return {
      byUsername: (name: string) => byName.get(name),
      selfName: me.username.toLowerCase(),
      byGroupHandle: (handle: string) => byHandle.get(handle),
    };
  }, [users, groups, me]);
  return <MentionContext.Provider value={lookup}>{children}</MentionContext.Provider>;
}
