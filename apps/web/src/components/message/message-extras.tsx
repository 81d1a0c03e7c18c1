import { createContext, useContext, type ReactNode } from 'react';
import type { Message } from '@parley/protocol';

type Where = { inThread: boolean; preview: boolean };

/** What features add to every message row (reactions, thread summary, their hover actions), composed in app/. */
export type MessageExtras = {
  /** Above the text: e.g. "replied to a thread". */
  mark?: (message: Message, where: Where) => ReactNode;
  /** Under the text: e.g. the reaction bar and the thread summary. */
  below?: (message: Message, where: Where) => ReactNode;
  /** Hover actions before edit and delete. */
  actions?: (message: Message, where: Where) => ReactNode;
};

const Extras = createContext<MessageExtras>({});

export const MessageExtrasProvider = Extras.Provider;
export const useMessageExtras = () => useContext(Extras);
