import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Channel, Message, MessageResponse } from '@parley/protocol';
import { LIMITS } from '@parley/protocol/client';
import { Avatar } from '../../components/avatar';
import { Icon } from '../../components/dialog';
import { api } from '../../lib/api';
import { keys } from '../../realtime/keys';
import type { MessagePage, ThreadPage } from '../../realtime/merge';
import { useUserMap } from '../../realtime/use-users';
import { sinceLabel, useNow } from './last-reply';
import { Excerpt } from './root-excerpt';
import { useThreadLinks } from './thread-link';
import { usePrefetchThread } from './use-thread';
import './threads.css';

export const repliesLabel = (n: number) => (n === 1 ? '1 reply' : `${n.toLocaleString()} replies`);

/** Under a root in the channel: the last repliers, "N replies" and when the last one came, like Slack. */
export function ThreadSummary({ message }: { message: Message }) {
  const links = useThreadLinks();
  const users = useUserMap();
  const now = useNow();
  const prefetch = usePrefetchThread();
  if (!links || message.replyCount < 1) return null;
  return (
    <Link
      className="thread-summary"
      to={links.href(message.id)}
      data-testid="thread-summary"
      onPointerEnter={() => prefetch(message.id)}
      onFocus={() => prefetch(message.id)}
      onClick={() => prefetch(message.id)}
    >
      <span className="thread-summary-avatars">
        {message.replyUserIds.slice(0, LIMITS.replyAvatars).map((id) => {
          const user = users.get(id);
          return (
            <Avatar
              key={id}
              name={user?.displayName ?? '?'}
              username={user?.username ?? id}
              photo={user?.avatarId}
              size={22}
            />
          );
        })}
      </span>
      <span className="thread-summary-count">{repliesLabel(message.replyCount)}</span>
      {message.lastReplyAt && (
        <time className="thread-summary-time" dateTime={message.lastReplyAt}>
          Last reply {sinceLabel(message.lastReplyAt, now)}
        </time>
      )}
      <span className="thread-summary-view" aria-hidden="true">
        View thread
      </span>
    </Link>
  );
}

/** The hover action that opens a message's thread (a reply's own root when it is one). */
export function ReplyInThreadButton({ message }: { message: Message }) {
  const links = useThreadLinks();
  const prefetch = usePrefetchThread();
  const rootId = message.threadRootId ?? message.id;
  if (!links) return null;
  return (
    <button
      type="button"
      className="icon-button"
      aria-label="Reply in thread"
      title="Reply in thread"
      onPointerEnter={() => prefetch(rootId)}
      onFocus={() => prefetch(rootId)}
      onClick={() => {
        prefetch(rootId);
        links.open(rootId);
      }}
    >
      <Icon name="message" size={16} />
    </button>
  );
}

/** Above a reply: in the channel, which thread it answers; in the panel, that it also went to the channel. */
export function ThreadMark({ message, inThread }: { message: Message; inThread?: boolean }) {
  if (!message.threadRootId || !message.alsoInChannel) return null;
  if (inThread) return <AlsoSent channelId={message.channelId} />;
  return <RepliedTo rootId={message.threadRootId} channelId={message.channelId} />;
}

function AlsoSent({ channelId }: { channelId: string }) {
  const channel = useQueryClient()
    .getQueryData<Channel[]>(keys.channels)
    ?.find((c) => c.id === channelId);
  const label = !channel
    ? 'Also sent to the channel'
    : channel.kind === 'dm' || channel.kind === 'group'
      ? 'Also sent as direct message'
      : `Also sent to #${channel.name}`;
  return <p className="thread-mark">{label}</p>;
}

function RepliedTo({ rootId, channelId }: { rootId: string; channelId: string }) {
  const links = useThreadLinks();
  const root = useRoot(rootId, channelId);
  const users = useUserMap();
  if (!links) return null;
  return (
    <Link className="thread-mark thread-replied-to" to={links.href(rootId)}>
      replied to a thread:{' '}
      <span className="thread-mark-excerpt">
        {root ? <Excerpt message={root} authorName={users.get(root.authorId)?.displayName ?? ''} /> : '…'}
      </span>
    </Link>
  );
}

/** A root from whichever cache holds it, else fetched once. */
function useRoot(rootId: string, channelId: string): Message | undefined {
  const qc = useQueryClient();
  const { data } = useQuery({
    queryKey: ['message', rootId],
    queryFn: async () => (await api<MessageResponse>('GET', `/messages/${rootId}`)).message,
    initialData: () =>
      qc.getQueryData<ThreadPage>(keys.thread(rootId))?.root ??
      qc.getQueryData<MessagePage>(keys.messages(channelId))?.messages.find((m) => m.id === rootId),
    staleTime: Infinity,
  });
  return data;
}
