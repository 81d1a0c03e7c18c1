import { Link } from 'react-router';
import type { Channel, Message, User } from '@parley/protocol';
import { Avatar } from '../../components/avatar';
import { sortThreads, type ThreadEntry } from '../../realtime/merge';
import { useChannels } from '../../realtime/use-channels';
import { OpenSidebarButton } from '../../components/open-sidebar-button';
import { useUserMap } from '../../realtime/use-users';
import { sinceLabel, useNow } from './last-reply';
import { MessageBody } from '../../components/message/markdown';
import { PreviewText } from './root-excerpt';
import { threadPath } from './thread-link';
import { repliesLabel } from './thread-summary';
import { useThread, useThreads } from './use-thread';
import './threads.css';
import '../../components/page-layout.css';

/** Cards that load their last replies: the rest show who replied, so a long list costs few requests. */
const CARDS_WITH_REPLIES = 20;
const LAST_REPLIES = 2;

/** Followed threads, unread first, then the newest reply first; a card opens its thread. */
export default function ThreadsPage({ me }: { me: User }) {
  const { data, isLoading } = useThreads();
  const { data: channels = [] } = useChannels();
  const users = useUserMap();
  const entries = sortThreads((data ?? []).filter((e) => e.thread.following));
  const byId = new Map(channels.map((c) => [c.id, c]));

  return (
    <section className="page threads-page">
      <header className="channel-header">
        <OpenSidebarButton />
        <div className="channel-title">
          <h1>Threads</h1>
        </div>
      </header>
      <div className="threads-scroll">
        {isLoading ? (
          <div className="list-loading" aria-busy="true">
            Loading threads…
          </div>
        ) : entries.length === 0 ? (
          <div className="threads-empty">
            <h2>No threads yet</h2>
            <p>Threads you start, reply to or follow show up here, with their new replies first.</p>
          </div>
        ) : (
          <ul className="threads-list" aria-label="Followed threads">
            {entries.map((entry, i) => {
              const channel = byId.get(entry.thread.channelId);
              return (
                channel && (
                  <li key={entry.thread.rootId}>
                    <ThreadCard
                      entry={entry}
                      channel={channel}
                      me={me}
                      users={users}
                      withReplies={i < CARDS_WITH_REPLIES}
                    />
                  </li>
                )
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}

type CardProps = {
  entry: ThreadEntry;
  channel: Channel;
  me: User;
  users: Map<string, User>;
  withReplies: boolean;
};

export function ThreadCard({ entry, channel, me, users, withReplies }: CardProps) {
  const { data: page } = useThread(entry.thread.rootId, withReplies);
  const now = useNow();
  // The loaded page is the fresher copy: socket events reach it first.
  const root = page?.root ?? entry.root;
  const last = page?.messages.filter((m) => !m.deletedAt).slice(-LAST_REPLIES) ?? [];
  const unread = entry.thread.unread;
  const where =
    channel.kind === 'dm' || channel.kind === 'group'
      ? (channel.dmUsers?.map((u) => u.displayName).join(', ') ?? me.displayName)
      : `#${channel.name}`;

  return (
    <Link
      to={threadPath(channel, me, root.id)}
      className={`thread-card ${unread > 0 ? 'thread-card-unread' : ''}`}
      data-testid="thread-card"
      data-unread={unread}
    >
      <span className="thread-card-where">
        {where}
        {unread > 0 && (
          <span className="unread-badge" aria-label={`${unread} unread`}>
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </span>
      <CardLine message={root} users={users} me={me} />
      {last.length > 0 && (
        <span className="thread-card-replies">
          {last.map((m) => (
            <CardLine key={m.id} message={m} users={users} me={me} />
          ))}
        </span>
      )}
      <span className="thread-card-meta">
        <strong>{repliesLabel(root.replyCount)}</strong>
        {root.lastReplyAt && ` · Last reply ${sinceLabel(root.lastReplyAt, now)}`}
      </span>
    </Link>
  );
}

function CardLine({ message, users, me }: { message: Message; users: Map<string, User>; me: User }) {
  const author = message.authorId === me.id ? me : users.get(message.authorId);
  const name = author?.displayName ?? 'Unknown user';
  return (
    <span className="thread-card-line">
      <Avatar name={name} username={author?.username ?? '?'} photo={author?.avatarId} size={28} />
      <span className="thread-card-text">
        <span className="thread-card-author">{name}</span>
        <span className="thread-card-excerpt">
          <CardBody message={message} authorName={name} />
        </span>
      </span>
    </span>
  );
}

/** The message with its formatting, as in the Mentions and Saved views; decrypted in the browser when sealed. */
function CardBody({ message, authorName }: { message: Message; authorName: string }) {
  return (
    <PreviewText message={message} authorName={authorName}>
      {(text) => <MessageBody text={text} inLink />}
    </PreviewText>
  );
}
