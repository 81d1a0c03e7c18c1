import { createContext, useContext } from 'react';
import type { User, UserGroup } from '@parley/protocol';

/** A user group as a mention shows it. */
export type MentionGroup = { handle: string; name: string; memberCount: number };
export type MentionLookup = {
  byUsername: (username: string) => User | undefined;
  selfName: string;
  /** A user group by its handle, and whether the reader is in it. */
  byGroupHandle?: (handle: string) => (MentionGroup & { own: boolean }) | undefined;
  /** Whether the reader is in a channel of that name, so `#name` links to it. */
  hasChannel?: (name: string) => boolean;
};

/** Who an `@name` in a message is, given by the app so a message body needs no data of its own. */
export const MentionContext = createContext<MentionLookup | undefined>(undefined);
export const useMentionLookup = () => useContext(MentionContext);

/** The lookup for a reader, from the people and user groups the app has loaded. */
export function mentionLookup(
  users: User[] | undefined,
  groups: UserGroup[] | undefined,
  me: User,
): MentionLookup {
  const byName = new Map((users ?? []).map((u) => [u.username.toLowerCase(), u]));
  byName.set(me.username.toLowerCase(), me);
  const byHandle = new Map(
    (groups ?? []).map((g) => [g.handle.toLowerCase(), { ...g, own: g.memberIds.includes(me.id) }]),
  );
  return {
    byUsername: (name) => byName.get(name),
    selfName: me.username.toLowerCase(),
    byGroupHandle: (handle) => byHandle.get(handle),
  };
}
