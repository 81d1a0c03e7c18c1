import { useMemo, type ReactNode } from 'react';
import type { User } from '@parley/protocol';
import { MentionContext } from '../components/mention/mention-context';
import { useUsers } from '../realtime/use-users';

/** Resolves `@name` in messages to people the app knows, and marks the reader's own name. */
export function MentionProvider({ me, children }: { me: User; children: ReactNode }) {
  const { data: users } = useUsers();
  const lookup = useMemo(() => {
    const byName = new Map((users ?? []).map((u) => [u.username.toLowerCase(), u]));
    byName.set(me.username.toLowerCase(), me);
    return { byUsername: (name: string) => byName.get(name), selfName: me.username.toLowerCase() };
  }, [users, me]);
  return <MentionContext.Provider value={lookup}>{children}</MentionContext.Provider>;
}
