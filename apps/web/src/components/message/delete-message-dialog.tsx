import type { Message, User } from '@parley/protocol';
import { ConfirmDialog } from '../confirm-dialog';

/** Asks before a delete, in the app's own dialog; names the author when it is someone else's message. */
export function DeleteMessageDialog({
  message,
  author,
  own,
  onDelete,
  onClose,
}: {
  message: Message | undefined;
  author: User | undefined;
  own: boolean;
  onDelete: (message: Message) => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={!!message}
      title="Delete message?"
      confirmLabel="Delete"
      danger
      onConfirm={() => {
        if (message) onDelete(message);
        onClose();
      }}
      onClose={onClose}
    >
      {own
        ? 'This message will be deleted for everyone. This cannot be undone.'
        : `This message by ${author?.displayName ?? 'someone else'} will be deleted for everyone. This cannot be undone.`}
    </ConfirmDialog>
  );
}
