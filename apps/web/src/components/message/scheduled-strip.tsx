import { Link } from 'react-router';
import { useScheduled } from '../../realtime/scheduled';
import { Icon } from '../dialog';

/** Above a conversation's composer, as in Slack: how many messages wait to go out here. */
export function ScheduledStrip({ channelId }: { channelId: string }) {
  const { data } = useScheduled();
  const count = data?.filter((s) => s.channelId === channelId && !s.threadRootId).length ?? 0;
  if (!count) return null;
  return (
    <div className="scheduled-strip">
      <Icon name="clock" size={14} />
      <span>{count === 1 ? '1 scheduled message' : `${count} scheduled messages`} in this conversation.</span>
      <Link to="/scheduled">See all</Link>
    </div>
  );
}
