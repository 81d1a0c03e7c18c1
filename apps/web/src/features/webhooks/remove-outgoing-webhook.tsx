import type { OutgoingWebhook } from '@parley/protocol';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FailureNote } from '../../components/field';
import { hostOf } from './outgoing-webhooks';
import { useRemoveOutgoingWebhook } from './use-webhooks';

/** Asks before removing an outgoing webhook; open while `webhook` is set. */
export function RemoveOutgoingWebhook({
  channelId,
  webhook,
  onClose,
}: {
  channelId: string;
  webhook: OutgoingWebhook | undefined;
  onClose: () => void;
}) {
  const remove = useRemoveOutgoingWebhook(channelId);
  return (
    <ConfirmDialog
      open={!!webhook}
      title="Remove outgoing webhook?"
      confirmLabel="Remove webhook"
      danger
      busy={remove.isPending}
      onClose={() => {
        remove.reset();
        onClose();
      }}
      onConfirm={() => remove.mutate(webhook!.id, { onSuccess: onClose })}
    >
      Parley stops sending messages to {webhook && hostOf(webhook.url)}. Messages it posted stay.
      <FailureNote error={remove.error} />
    </ConfirmDialog>
  );
}
