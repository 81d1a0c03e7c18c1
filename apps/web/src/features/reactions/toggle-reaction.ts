import type { QueryClient } from '@tanstack/react-query';
import type { Message, Reaction, ReactionsResponse, User } from '@parley/protocol';
import { api, describeError } from '../../lib/api';
import { applyChange } from '../../realtime/events';
import { keys } from '../../realtime/keys';
import type { MessagePage, ThreadPage } from '../../realtime/merge';
import { notify } from '../../realtime/notices';
import { hasReacted, withReaction } from './reaction-list';

type Target = Pick<Message, 'id' | 'channelId' | 'threadRootId'>;

// One request at a time per message and emoji: a double click must reach the server in order.
const queues = new Map<string, Promise<void>>();

/** Adds the caller's reaction, or removes it if `add` is false; shown at once, then as the server answers. */
export function setOwnReaction(qc: QueryClient, message: Target, emoji: string, add: boolean): Promise<void> {
  const selfId = qc.getQueryData<User | null>(keys.session)?.id;
  if (!selfId) return Promise.resolve();
  const key = `${message.id} ${emoji}`;
  const run = async () => {
    const show = (reactions: Reaction[]) =>
      applyChange(qc, {
        type: 'reaction:changed',
        payload: { channelId: message.channelId, messageId: message.id, reactions, cursor: '' },
      });
    const before = cachedReactions(qc, message);
    if (before && hasReacted(before, emoji, selfId) === add) return;
    if (before) show(withReaction(before, emoji, selfId, add));
    try {
      const path = `/messages/${message.id}/reactions/${encodeURIComponent(emoji)}`;
      show((await api<ReactionsResponse>(add ? 'PUT' : 'DELETE', path)).reactions);
    } catch (err) {
      const now = cachedReactions(qc, message);
      if (now) show(withReaction(now, emoji, selfId, !add));
      notify(`Could not ${add ? 'add' : 'remove'} the ${emoji} reaction: ${describeError(err)}`);
    }
  };
  const next = (queues.get(key) ?? Promise.resolve()).then(run);
  queues.set(key, next);
  void next.finally(() => queues.get(key) === next && queues.delete(key));
  return next;
}

/** Clicking a reaction: on if the caller has not reacted with it, off if they have. */
export function toggleOwnReaction(qc: QueryClient, message: Target, emoji: string): Promise<void> {
  const selfId = qc.getQueryData<User | null>(keys.session)?.id ?? '';
  const reactions = cachedReactions(qc, message) ?? [];
  return setOwnReaction(qc, message, emoji, !hasReacted(reactions, emoji, selfId));
}

/** The message's reactions as the cache holds them now, in its channel or its thread. */
function cachedReactions(qc: QueryClient, message: Target): Reaction[] | undefined {
  const page = qc.getQueryData<MessagePage>(keys.messages(message.channelId));
  const inChannel = page?.messages.find((m) => m.id === message.id);
  if (inChannel) return inChannel.reactions;
  const thread = qc.getQueryData<ThreadPage>(keys.thread(message.threadRootId ?? message.id));
  if (thread?.root.id === message.id) return thread.root.reactions;
  return thread?.messages.find((m) => m.id === message.id)?.reactions;
}
