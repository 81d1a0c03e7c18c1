import { Link } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { Channel, MentionsResponse, Message, User } from '@parley/protocol';
import { Avatar } from '../components/avatar';
import { MessageBody } from '../components/message/markdown';
import { OpenSidebarButton } from '../components/open-sidebar-button';
import { api } from '../lib/api';
import { useChannels } from '../realtime/use-channels';
import { useUserMap } from '../realtime/use-users';
import { messagePath } from '../lib/message-path';
import { sinceLabel, useNow } from '../features/threads/last-reply';
import './drafts-page.css';
import '../components/page-layout.css';

/** Messages that name me or broadcast, newest first; each opens where it was said. */
export default function MentionsPage({ me }: { me: User }) {
  const { data: channels = [] } = useChannels();
  const byId = new Map(channels.map((c) => [c.id, c]));
  const users = useUserMap();
  const pages = useInfiniteQuery({
    queryKey: ['mentions'],
    queryFn: ({ pageParam }) =>
      api<MentionsResponse>('GET', `/mentions${pageParam ? `?cursor=${pageParam}` : ''}`),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });
  const messages = pages.data?.pages.flatMap((p) => p.messages).filter((m) => byId.has(m.channelId)) ?? [];

  return (
    <section className="page drafts-page">
      <header className="channel-header">
        <OpenSidebarButton />
        <div className="channel-title">
          <h1>Mentions</h1>
        </div>
      </header>
      <div className="drafts-scroll">
        {pages.isLoading ? (
          <div className="list-loading" aria-busy="true">
            Loading mentions…
          </div>
        ) : messages.length === 0 ? (
          <div className="drafts-empty">
            <h2>No mentions yet</h2>
            <p>Messages that name you, or @channel and @here where you are, show up here.</p>
          </div>
        ) : (
          <ul className="drafts-list" aria-label="Mentions">
            {messages.map((m) => (
              <li key={m.id}>
                <MentionCard
                  message={m}
                  channel={byId.get(m.channelId)!}
                  me={me}
                  author={users.get(m.authorId)}
                />
              </li>
            ))}
          </ul>
        )}
        {pages.hasNextPage && (
          <button
            type="button"
            className="button button-ghost mentions-more"
            disabled={pages.isFetchingNextPage}
            onClick={() => void pages.fetchNextPage()}
          >
            Show older mentions
          </button>
        )}
        <p className="mentions-note muted small">
          Mentions in end-to-end encrypted channels are found by your browser and show in those channels.
        </p>
      </div>
    </section>
  );
}

function MentionCard({
  message,
  channel,
  me,
  author,
}: {
  message: Message;
  channel: Channel;
  me: User;
  author: User | undefined;
}) {
  const now = useNow();
  const dm = channel.kind === 'dm' || channel.kind === 'group';
  const where = dm ? 'Direct message' : `#${channel.name}`;
  const reply = !!message.threadRootId && !message.alsoInChannel;
  const name = author?.displayName ?? 'Someone';
  return (
    <Link to={messagePath(channel, me, message)} className="draft-card draft-card-link mention-card">
      <span className="draft-card-where">
        {reply ? `Thread in ${where}` : where}
        <span className="draft-card-time">{sinceLabel(message.createdAt, now)}</span>
      </span>
      <span className="mention-card-line">
        <Avatar name={name} username={author?.username ?? '?'} photo={author?.avatarId} size={28} />
        <span className="mention-card-text">
          <strong>{name}</strong>
          <MessageBody text={message.body ?? ''} inLink />
        </span>
      </span>
    </Link>
  );
}
