import { Link } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { Channel, SavedResponse, User } from '@parley/protocol';
import { Avatar } from '../components/avatar';
import { MessageBody } from '../components/message/markdown';
import { EncryptedText } from '../components/message/encrypted-text';
import { OpenSidebarButton } from '../components/open-sidebar-button';
import { api } from '../lib/api';
import { dmName, isDirect } from '../lib/names';
import { keys } from '../realtime/keys';
import { useChannels } from '../realtime/use-channels';
import { useUserMap } from '../realtime/use-users';
import { messagePath } from '../lib/message-path';
import { SaveButton } from '../features/pins/pin-actions';
import { laterTime } from '../lib/later-choices';
import { sinceLabel, useNow } from '../features/threads/last-reply';
import './drafts-page.css';
import '../components/page-layout.css';

/** Messages saved for later, newest saved first, on every device; each opens where it was said. */
export default function SavedPage({ me }: { me: User }) {
  const { data: channels = [] } = useChannels();
  const byId = new Map(channels.map((c) => [c.id, c]));
  const users = useUserMap();
  const now = useNow();
  const pages = useInfiniteQuery({
    queryKey: [...keys.saved, 'all'],
    queryFn: ({ pageParam }) =>
      api<SavedResponse>('GET', `/saved${pageParam ? `?before=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: '',
    getNextPageParam: (last) => (last.more ? last.saved.at(-1)?.savedAt : undefined),
    staleTime: 0,
  });
  const saved = pages.data?.pages.flatMap((p) => p.saved) ?? [];

  return (
    <section className="page drafts-page">
      <header className="channel-header">
        <OpenSidebarButton />
        <div className="channel-title">
          <h1>Saved</h1>
        </div>
      </header>
      <div className="drafts-scroll">
        {pages.isLoading ? (
          <div className="list-loading" aria-busy="true">
            Loading saved messages…
          </div>
        ) : saved.length === 0 ? (
          <div className="drafts-empty">
            <h2>Nothing saved</h2>
            <p>Save a message from its actions to come back to it later. Only you see what you save.</p>
          </div>
        ) : (
          <ul className="drafts-list" aria-label="Saved messages">
            {saved.map(({ message, savedAt, remindAt }) => {
              const channel = byId.get(message.channelId);
              if (!channel) return null;
              const author = message.authorId === me.id ? me : users.get(message.authorId);
              const name = author?.displayName ?? 'Someone';
              return (
                <li key={message.id} className="draft-card">
                  <Link to={messagePath(channel, me, message)} className="draft-card-link mention-card">
                    <span className="draft-card-where">
                      {where(channel, me)}
                      <span className="draft-card-time">
                        Saved {sinceLabel(savedAt, now)}
                        {remindAt && ` · reminder ${laterTime(new Date(remindAt), new Date(now))}`}
                      </span>
                    </span>
                    <span className="mention-card-line">
                      <Avatar
                        name={name}
                        username={author?.username ?? '?'}
                        photo={author?.avatarId}
                        size={28}
                      />
                      <span className="mention-card-text">
                        <strong>{name}</strong>
                        {message.encrypted ? (
                          <EncryptedText
                            message={message}
                            authorName={name}
                            inLink
                            editing={false}
                            onSave={() => {}}
                            onCancel={() => {}}
                          />
                        ) : (
                          <MessageBody text={message.body ?? ''} inLink />
                        )}
                      </span>
                    </span>
                  </Link>
                  <SaveButton message={message} />
                </li>
              );
            })}
          </ul>
        )}
        {pages.hasNextPage && (
          <button
            type="button"
            className="button button-ghost mentions-more"
            disabled={pages.isFetchingNextPage}
            onClick={() => void pages.fetchNextPage()}
          >
            Show older
          </button>
        )}
      </div>
    </section>
  );
}

const where = (channel: Channel, me: User) => (isDirect(channel) ? dmName(channel, me) : `#${channel.name}`);
