import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message } from '@parley/protocol';
import { Icon } from '../../components/dialog';
import { LaterMenu } from '../../components/later-menu';
import { api, describeError } from '../../lib/api';
import { laterTime } from '../../lib/later-choices';
import { keys } from '../../realtime/keys';
import { notify } from '../../realtime/notices';
import { useSaved } from './use-pins';

/** "Remind me about this", as in Slack: a time from a short list or picked by hand; the message is saved with it. */
export function RemindButton({ message }: { message: Message }) {
  const qc = useQueryClient();
  const { data } = useSaved();
  const remindAt = data?.saved.find((s) => s.message.id === message.id)?.remindAt ?? null;
  const write = useMutation({
    mutationFn: (at: Date | null) =>
      at
        ? api('PUT', `/messages/${message.id}/reminder`, { at: at.toISOString() })
        : api('DELETE', `/messages/${message.id}/reminder`),
    onSuccess: (_, at) =>
      notify(
        at ? `I will remind you about this message ${laterTime(at, new Date())}.` : 'Reminder cancelled.',
      ),
    onError: (err) => notify(`Could not set the reminder: ${describeError(err)}`),
    onSettled: () => qc.invalidateQueries({ queryKey: keys.saved }),
  });
  const set = remindAt ? laterTime(new Date(remindAt), new Date()) : undefined;
  return (
    <LaterMenu
      label={set ? `Reminder ${set}` : 'Remind me about this'}
      menuLabel="Remind me about this"
      className={`icon-button ${remindAt ? 'icon-button-on' : ''}`}
      note={set && `Reminder set for ${set}`}
      pickLabel="Remind me"
      onPick={(at) => write.mutate(at)}
      extra={remindAt ? [{ label: 'Cancel reminder', onSelect: () => write.mutate(null) }] : undefined}
    >
      <Icon name="clock" size={16} />
    </LaterMenu>
  );
}
