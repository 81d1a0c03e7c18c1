import type { Channel } from '@parley/protocol';
import { ConfirmDialog } from '../components/confirm-dialog';
import { Icon } from '../components/dialog';
import { FailureNote } from '../components/field';
import { createStore, useStore } from '../lib/store';
import { unreadState } from '../realtime/merge';
import { useMarkAllRead } from '../realtime/use-messages';

/** Asked from the sidebar; answered in one dialog. */
export const markAllReadAsked = createStore(false);

const unreadOf = (channels: Channel[]) => channels.filter((c) => unreadState(c).bold);

/** The sidebar's "Mark all as read", there only while something is unread. */
export function MarkAllReadButton({ channels }: { channels: Channel[] }) {
  if (unreadOf(channels).length === 0) return null;
  return (
    <button type="button" className="sidebar-link sidebar-action" onClick={() => markAllReadAsked.set(true)}>
      <Icon name="check" size={14} /> Mark all as read
    </button>
  );
}

export function MarkAllReadDialog({ channels }: { channels: Channel[] }) {
  const open = useStore(markAllReadAsked);
  const markAll = useMarkAllRead();
  const count = unreadOf(channels).length;
  const close = () => {
    markAll.reset();
    markAllReadAsked.set(false);
  };
  return (
    <ConfirmDialog
      open={open}
      title="Mark everything as read?"
      confirmLabel="Mark as read"
      busy={markAll.isPending}
      onConfirm={() => markAll.mutate(undefined, { onSuccess: close })}
      onClose={close}
    >
      <p>
        {count === 0
          ? 'Nothing is unread.'
          : `${count} ${count === 1 ? 'conversation has' : 'conversations have'} unread messages. They will all be marked as read, here and on your other devices. Threads keep their own unread replies.`}
      </p>
      <FailureNote error={markAll.error} />
    </ConfirmDialog>
  );
}
