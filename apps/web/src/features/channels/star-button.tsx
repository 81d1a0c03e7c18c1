import type { Channel } from '@parley/protocol';
import { Icon } from '../../components/dialog';
import { describeError } from '../../lib/api';
import { notify } from '../../realtime/notices';
import { useUpdateMembership } from '../../realtime/use-channels';

/** Whether the conversation shows as starred: a change waiting for the server shows as made. */
export function useStarred(channel: Channel) {
  const write = useUpdateMembership();
  const asked = write.isPending && write.variables?.id === channel.id ? write.variables.starred : undefined;
  const starred = asked ?? !!channel.membership?.starred;
  const toggle = () =>
    write.mutate(
      { id: channel.id, starred: !starred },
      { onError: (err) => notify(`Could not change the star: ${describeError(err)}`) },
    );
  return { starred, toggle };
}

/** The star beside a conversation's name, as in Slack: a starred one sits at the top of the sidebar. */
export function StarButton({ starred, onToggle }: { starred: boolean; onToggle: () => void }) {
  const label = starred ? 'Remove from Starred' : 'Add to Starred';
  return (
    <button
      type="button"
      className={`icon-button star-button${starred ? ' starred' : ''}`}
      aria-label="Starred"
      aria-pressed={starred}
      title={label}
      onClick={onToggle}
    >
      <Icon name="star" size={16} />
    </button>
  );
}
