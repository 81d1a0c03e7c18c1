import { createContext, useContext } from 'react';
import type { Message } from '@parley/protocol';
import { Icon } from '../../components/dialog';

/** What "Mark unread" does in the conversation on screen; absent where a message cannot be marked. */
export const MarkUnreadContext = createContext<((message: Message) => void) | undefined>(undefined);

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
      title="Mark unread"
      onClick={() => markUnread(message)}
    >
      <Icon name="markUnread" size={16} />
    </button>
  );
}
