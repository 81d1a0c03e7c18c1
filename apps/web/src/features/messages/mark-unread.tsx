import { createContext, useCallback, useContext, type MouseEvent } from 'react';
import type { Message } from '@parley/protocol';
import { Icon } from '../../components/dialog';

/** What "Mark unread" does in the conversation on screen; absent where a message cannot be marked. */
export const MarkUnreadContext = createContext<((message: Message) => void) | undefined>(undefined);

/** Alt+click on a message marks it unread, as in Slack; the button stays the way for the keyboard. */
export function useAltClickMarksUnread(messages: Message[]) {
  const markUnread = useContext(MarkUnreadContext);
  return useCallback(
    (e: MouseEvent) => {
      if (!e.altKey || !markUnread || !(e.target instanceof Element)) return;
      const seq = e.target.closest('[data-testid="message"]')?.getAttribute('data-seq');
      const message = seq ? messages.find((m) => m.seq === Number(seq)) : undefined;
      if (!message || message.system) return;
      e.preventDefault();
      markUnread(message);
    },
    [markUnread, messages],
  );
}

/** "Mark unread" among a message's actions: this message and the ones after it are unread again. */
export function MarkUnreadButton({ message }: { message: Message }) {
  const markUnread = useContext(MarkUnreadContext);
  // A reply only in its thread is not in the channel's reading order.
  if (!markUnread || (message.threadRootId && !message.alsoInChannel)) return null;
  return (
    <button
      type="button"
      className="icon-button"
      aria-label="Mark unread"
      title="Mark unread (Alt+click)"
      onClick={() => markUnread(message)}
    >
      <Icon name="markUnread" size={16} />
    </button>
  );
}
