import { Icon } from '../../components/dialog';
import './jump-controls.css';

/** Floats over the list's bottom while scrolled up from the newest, with the count of new messages below. */
export function JumpToLatest({ newBelow, onJump }: { newBelow: number; onJump: () => void }) {
  return (
    <button type="button" className="jump-latest" onClick={onJump}>
      <Icon name="arrowDown" size={16} />
      <span>Jump to latest</span>
      {newBelow > 0 && <span className="jump-count">{newBelow > 99 ? '99+' : newBelow} new</span>}
    </button>
  );
}

/** A bar over the list's top while the "New messages" line is above the view, as in Slack. */
export function JumpToUnread({
  count,
  since,
  onJump,
  onDismiss,
}: {
  count: number;
  since: string | undefined;
  onJump: () => void;
  onDismiss: () => void;
}) {
  return (
    <div className="jump-unread" role="region" aria-label="Unread messages">
      <button type="button" className="jump-unread-main" onClick={onJump}>
        <Icon name="arrowUp" size={16} />
        <span>Jump to first unread</span>
        <span className="jump-unread-count">
          {count} new {count === 1 ? 'message' : 'messages'}
          {since && <span className="jump-unread-since"> since {since}</span>}
        </span>
      </button>
      <button type="button" className="icon-button" aria-label="Dismiss" title="Dismiss" onClick={onDismiss}>
        <Icon name="close" size={16} />
      </button>
    </div>
  );
}
