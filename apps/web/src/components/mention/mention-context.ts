import { createContext, useContext } from 'react';
import type { User } from '@parley/protocol';

export type MentionLookup = { byUsername: (username: string) => User | undefined; selfName: string };

/** Who an `@name` in a message is, given by the app so a message body needs no data of its own. */
export const MentionContext = createContext<MentionLookup | undefined>(undefined);
export const useMentionLookup = () => useContext(MentionContext);
