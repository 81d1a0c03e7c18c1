import { memo, type MouseEvent, type ReactNode } from 'react';
import { MessageFiles } from './message-files';
import { ProfileTrigger } from '../profile/profile-trigger';
import { EditedMark } from './edited-mark';
import type { Message, User } from '@parley/protocol';
import { Avatar } from '../avatar';
import { Icon } from '../dialog';
import type { OutboxItem } from '../../realtime/outbox';
import { EditBox } from './composer';
import { EncryptedText } from './encrypted-text';
import { MessageBody } from './markdown';
import { useMessageExtras } from './message-extras';
import type { Row } from './group-messages';
import { clockTime, titleWithFullDate } from '../../lib/date-format';
import { TOUCH_SCREEN } from '../../lib/touch-screen';
import { senderName } from '../../lib/names';
import { BotBadge } from '../bot-badge';
import './message.css';

// One formatter for every row: toLocaleTimeString builds a new one per call, a millisecond each.
const time = (iso: string) => clockTime.format(new Date(iso));
const shortTime = (iso: string) => time(iso).replace(/\s?[AP]M$/i, '');

/**
 * On a touch screen a tap selects a message (focus), which opens its actions as a sheet (message.css).
 * After an action the sheet closes, unless the action opens more of its own (`data-keeps-sheet`).
 */
function closeSheetAfterAction(e: MouseEvent<HTMLElement>) {
  if (TOUCH_SCREEN && !(e.target as Element).closest('[data-keeps-sheet]')) blurWithin(e.currentTarget);
}

/** A tap on the dimmed page around the sheet lands on the message (its ::after) outside its box: it closes. */
function closeSheetOnScrim(e: MouseEvent<HTMLElement>) {
  if (!TOUCH_SCREEN || e.target !== e.currentTarget) return;
  const box = e.currentTarget.getBoundingClientRect();
  const inside =
    e.clientY >= box.top && e.clientY <= box.bottom && e.clientX >= box.left && e.clientX <= box.right;
  if (!inside) blurWithin(e.currentTarget);
}

/** Takes focus from inside `el` (the message or its sheet), which is what closes the sheet. */
function blurWithin(el: HTMLElement) {
  const active = document.activeElement;
  if (active instanceof HTMLElement && el.contains(active)) active.blur();
}

type Props = {
  row: Row;
  intro?: ReactNode;
  author: User | undefined;
  own: boolean;
  /** Delete shows for the author and for those who may delete others' messages. */
  canDelete?: boolean;
  editing: boolean;
  onStartEdit: (m: Message) => void;
  onSaveEdit: (m: Message, text: string) => void;
  onCancelEdit: () => void;
  onDelete: (m: Message) => void;
  /** Drawn in the list's first-frame preview: another test id and no actions. */
  preview?: boolean;
  /** Drawn in the thread panel: no thread summary and no "Reply in thread". */
  inThread?: boolean;
};

export const MessageRow = memo(function MessageRow({
  row,
  intro,
  author,
  own,
  canDelete = own,
  editing,
  onStartEdit,
  onSaveEdit,
  onCancelEdit,
  onDelete,
  preview,
  inThread,
}: Props) {
  const { message, head, day, firstUnread } = row;
  const { via } = message;
  const name = senderName(message, author, 'Unknown user');
  const extras = useMessageExtras();
  const where = { inThread: !!inThread, preview: !!preview };
  // Saving an edit with no text asks to delete, as in Slack; a message with files keeps them instead.
  const deleteInstead =
    canDelete && !message.files?.length
      ? () => {
          onCancelEdit();
          onDelete(message);
        }
      : undefined;
  return (
    <>
      {intro}
      {day && <DaySeparator label={day} />}
      {firstUnread && (
        <div className="new-line" role="separator">
          New messages
        </div>
      )}
      <article
        className={`message ${head ? 'message-head' : ''} ${own ? 'message-own' : ''}`}
        data-testid={preview ? 'message-preview' : 'message'}
        data-seq={message.seq}
        data-client-id={message.clientId}
        data-status="sent"
        aria-label={`${name} at ${time(message.createdAt)}`}
        tabIndex={TOUCH_SCREEN && !preview ? -1 : undefined}
        onClick={TOUCH_SCREEN && !preview ? closeSheetOnScrim : undefined}
      >
        <div className="message-gutter">
          {head ? (
            via ? (
              <Avatar name={name} username={`app:${via.webhookId ?? via.name}`} />
            ) : (
              <Avatar name={name} username={author?.username ?? '?'} photo={author?.avatarId} />
            )
          ) : (
            <time
              className="message-hover-time"
              dateTime={message.createdAt}
              onMouseEnter={titleWithFullDate}
            >
              {shortTime(message.createdAt)}
            </time>
          )}
        </div>
        <div className="message-main">
          {head && (
            <header className="message-meta">
              {via ? (
                <>
                  <span className="message-author">{name}</span>
                  <span
                    className="badge badge-app"
                    title={
                      via.webhookId
                        ? `Posted by a webhook ${author?.displayName ?? 'someone'} added`
                        : 'Posted by an app, imported'
                    }
                  >
                    App
                  </span>
                </>
              ) : (
                <>
                  <ProfileTrigger user={author}>
                    <span className="message-author">{name}</span>
                  </ProfileTrigger>
                  <BotBadge user={author} />
                </>
              )}
              {!via && author?.customStatus?.emoji && (
                <span className="message-status" title={author.customStatus.text}>
                  {author.customStatus.emoji}
                </span>
              )}
              <time dateTime={message.createdAt} onMouseEnter={titleWithFullDate}>
                {time(message.createdAt)}
              </time>
            </header>
          )}
          {extras.mark?.(message, where)}
          {message.deletedAt ? (
            <p className="message-deleted">This message was deleted.</p>
          ) : message.encrypted ? (
            <EncryptedText
              message={message}
              authorName={name}
              editing={editing}
              onSave={(text) => onSaveEdit(message, text)}
              onCancel={onCancelEdit}
              onEmpty={deleteInstead}
            />
          ) : editing ? (
            <EditBox
              initial={message.body ?? ''}
              onSave={(text) => onSaveEdit(message, text)}
              onCancel={onCancelEdit}
              onEmpty={deleteInstead}
            />
          ) : (
            <div className="message-text">
              <MessageBody text={message.body ?? ''} />
              <EditedMark message={message} authorName={name} />
            </div>
          )}
          {/* An encrypted message's files are named only inside its envelope: EncryptedText shows them. */}
          {!message.deletedAt && !message.encrypted && <MessageFiles files={message.files} />}
          {extras.below?.(message, where)}
        </div>
        {!message.deletedAt && !editing && !preview && (
          <div className="message-actions" onClick={closeSheetAfterAction}>
            {extras.actions?.(message, where)}
            {own && !via && (
              <button
                type="button"
                className="icon-button"
                aria-label="Edit message"
                onClick={() => onStartEdit(message)}
              >
                <Icon name="edit" size={16} />
              </button>
            )}
            {canDelete && (
              <button
                type="button"
                className="icon-button"
                aria-label="Delete message"
                onClick={() => onDelete(message)}
              >
                <Icon name="trash" size={16} />
              </button>
            )}
          </div>
        )}
      </article>
    </>
  );
});

export function PendingRow({
  item,
  self,
  onRetry,
  onDiscard,
  preview,
}: {
  item: OutboxItem;
  self: User;
  onRetry: () => void;
  onDiscard: () => void;
  preview?: boolean;
}) {
  return (
    <article
      className={`message message-head message-own message-${item.status}`}
      data-testid={preview ? 'message-preview' : 'message'}
      data-client-id={item.clientId}
      data-status={item.status}
    >
      <div className="message-gutter">
        <Avatar name={self.displayName} username={self.username} photo={self.avatarId} />
      </div>
      <div className="message-main">
        <header className="message-meta">
          <span className="message-author">{self.displayName}</span>
          {item.status === 'pending' ? (
            <span className="message-state">
              <Icon name="clock" size={13} /> Sending…
            </span>
          ) : (
            <span className="message-state message-state-failed">
              <Icon name="alert" size={13} /> Not sent{item.error ? `: ${item.error}` : ''}
            </span>
          )}
        </header>
        <div className="message-text">
          <MessageBody text={item.body} />
        </div>
        {item.status === 'failed' && (
          <div className="message-retry">
            <button type="button" className="link-button" onClick={onRetry}>
              Retry
            </button>
            <button type="button" className="link-button" onClick={onDiscard}>
              Discard
            </button>
          </div>
        )}
      </div>
    </article>
  );
}

export function DaySeparator({ label }: { label: string }) {
  return (
    <div className="day-separator" role="separator" aria-label={label}>
      <span>{label}</span>
    </div>
  );
}
