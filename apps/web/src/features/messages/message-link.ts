import { createContext, useContext } from 'react';
import type { Message } from '@parley/protocol';

/** Given to rows by the channel view, so a row can copy its link without knowing routes. */
export const MessageLinkContext = createContext<((message: Message) => string) | undefined>(undefined);

export const useMessageLink = () => useContext(MessageLinkContext);
