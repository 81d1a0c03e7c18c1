import type { User } from '@parley/protocol';
import { clockTime } from '../../lib/date-format';
import { useStore } from '../../lib/store';
import { dismissEphemeral, ephemeral, ephemeralIn } from '../../realtime/ephemeral';
import { Avatar } from '../avatar';
import { BotBadge } from '../bot-badge';
import { Icon } from '../dialog';
import { MessageBody } from './markdown';
import './ephemeral-notes.css';

/** A bot's answers that only this person sees, above the composer, as Slack's "Only visible to you". */
export function EphemeralNotes({
  channelId,
  threadRootId,
  users,
}: {
  channelId: string;
  threadRootId?: string;
  users: Map<string, User>;
}) {
  const notes = ephemeralIn(useStore(ephemeral), channelId, threadRootId);
  if (notes.length === 0) return null;
  return (
    <ul className="ephemeral-notes" aria-label="Only visible to you">
      {notes.map((note) => {
        const author = users.get(note.authorId);
        const name = author?.displayName ?? 'A bot';
        return (
          <li key={note.id} className="ephemeral-note" data-testid="ephemeral-note">
            <Avatar name={name} username={author?.username ?? '?'} photo={author?.avatarId} size={28} />
            <div className="ephemeral-note-main">
              <p className="ephemeral-note-meta">
                <strong>{name}</strong>
                <BotBadge user={author} />
                <time dateTime={note.createdAt}>{clockTime.format(new Date(note.createdAt))}</time>
                <span className="ephemeral-note-only">Only visible to you</span>
              </p>
              <MessageBody text={note.body} />
            </div>
            <button
              type="button"
              className="icon-button"
              aria-label={`Dismiss the message from ${name}`}
              title="Dismiss"
              onClick={() => dismissEphemeral(note.id)}
            >
              <Icon name="close" size={16} />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
