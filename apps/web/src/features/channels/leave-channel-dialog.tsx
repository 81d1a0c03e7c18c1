import { useNavigate } from 'react-router';
import type { Channel } from '@parley/protocol';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useLeaveChannel } from '../../realtime/use-channels';

/** "Leave #name?", from the header's menu or `/leave`; once left, the app goes to its start. */
export function LeaveChannelDialog({
  channel,
  open,
  onClose,
}: {
  channel: Channel;
  open: boolean;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const leave = useLeaveChannel();
  return (
    <ConfirmDialog
      open={open}
      title={`Leave #${channel.name}?`}
      confirmLabel="Leave channel"
      busy={leave.isPending}
      onClose={onClose}
      onConfirm={() => leave.mutate(channel.id, { onSuccess: () => navigate('/') })}
    >
      <p>
        {channel.kind === 'private'
          ? 'This channel is private: you will need someone in it to add you again.'
          : 'You can join it again at any time from Browse channels.'}
      </p>
    </ConfirmDialog>
  );
}
