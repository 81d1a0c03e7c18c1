import { createContext, useContext } from 'react';
import type { User } from '@parley/protocol';

/** A user group as a mention shows it. */
export type MentionGroup = { handle: string; name: string; memberCount: number };
export type MentionLookup = {
  byUsername: (username: string) => User | undefined;
  selfName: string;
  /** A user group by its handle, and whether the reader is in it. */
  byGroupHandle?: (handle: string) => (MentionGroup & { own: boolean }) | undefined;
};

/** Who an `@name` in a message is, given by the app so a message body needs no data of its own. */
export const MentionContext = createContext<MentionLookup | undefined>(undefined);
export const useMentionLookup = () => useContext(MentionContext);
