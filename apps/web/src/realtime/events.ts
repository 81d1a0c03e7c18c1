import type { QueryClient } from '@tanstack/react-query';
import type {
  Channel,
  CustomEmoji,
  FeedChange,
  FeedEventName,
  Message,
  ReminderDue,
  ScheduledMessage,
  UserGroup,
} from '@parley/protocol';
import { applyEvent, channelOf, type CacheState, type ServerEvent } from './apply-event';
import { noteDraftChanged } from './drafts';
import { noteEphemeral } from './ephemeral';
import { applyEmojiChanged } from './apply-emoji-events';
import { applyGroupEvent, ownGroupHandles } from './apply-group-events';
import { applyScheduledChanged, newlyFailed } from './apply-scheduled-events';
import { advanceCursor } from './feed-cursor';
import { keys } from './keys';
import { noteChange } from './local-search';
import type { ThreadPage } from './merge';
import { notify } from './notices';
import { notePruned } from './pruned-history';
import { isReading } from './reading';
import type { ParleySocket } from './sync';
import { clearTyping, newReactors, noteTyping } from './typing';
import { forgetKeyring, maintainChannels } from '../crypto/channel-keys';
import { bumpPeers } from '../crypto/epoch';
import { forgetPeerKeys } from '../crypto/user-keys';
import { openVault } from '../crypto/vault';

const FEED_EVENTS = [
  'message:created',
  'message:updated',
  'message:deleted',
  'reaction:changed',
  'thread:updated',
  'channel:updated',
  'channel:removed',
  'history:pruned',
  'member:joined',
  'member:left',
  'read:updated',
  'user:updated',
  'keys:changed',
  'draft:updated',
  'saved:changed',
  'reminder:due',
  'scheduled:changed',
  'emoji:changed',
  'group:updated',
  'group:deleted',
] as const satisfies FeedEventName[];

export type RealtimeHooks = {
  onChannelRemoved?: (channel: Channel) => void;
  /** A message that arrived live (not replayed by a catch-up): for desktop notifications. */
  onLiveMessage?: (message: Message) => void;
  /** A reminder went off, live or while this tab was away. */
  onReminderDue?: (due: ReminderDue) => void;
  /** One of the user's scheduled messages could not be sent when it was due. */
  onScheduledFailed?: (scheduled: ScheduledMessage) => void;
};
let context: { selfId: string; hooks: RealtimeHooks } = { selfId: '', hooks: {} };

/** Applies each server event to the query cache, the one store of server state, then runs its side effects. */
export function handleServerEvents(
  s: ParleySocket,
  qc: QueryClient,
  selfId: string,
  hooks: RealtimeHooks,
): void {
  context = { selfId, hooks };
  const on = s.on.bind(s) as (type: string, listener: (payload: unknown) => void) => void;
  for (const type of FEED_EVENTS) on(type, (payload) => applyChange(qc, { type, payload } as FeedChange));
  s.on('message:created', ({ message }) => hooks.onLiveMessage?.(message));
  s.on('presence:changed', (payload) => apply(qc, { type: 'presence:changed', payload }));
  s.on('userKeys:changed', ({ userId }) => {
    forgetPeerKeys(userId);
    // Keys set up or reset in another browser of this user.
    if (userId === selfId) void openVault(selfId).catch(() => {});
    bumpPeers();
    if (userId !== selfId) maintainChannels(qc.getQueryData<Channel[]>(keys.channels), selfId);
  });
  s.on('message:ephemeral', noteEphemeral);
  s.on(
    'typing:started',
    ({ channelId, userId, threadRootId }) =>
      userId !== selfId && noteTyping(threadRootId ?? channelId, userId),
  );
}

/** One change, from the socket, the sync feed or a REST answer: applied to the cache, the cursor moved. */
export function applyChange(qc: QueryClient, change: FeedChange): void {
  apply(qc, change);
  noteChange(change);
  advanceCursor(change.payload.cursor);
}

function apply(qc: QueryClient, event: ServerEvent | FeedChange): void {
  const channelId = channelOf(event);
  before(qc, event);
  const state = readState(qc, channelId);
  writeState(
    qc,
    state,
    applyEvent(state, event, {
      selfId: context.selfId,
      selfName: state.session?.username,
      selfGroups: ownGroupHandles(qc.getQueryData<UserGroup[]>(keys.groups), context.selfId),
      reading: !!channelId && isReading(channelId),
    }),
  );
}

/** Effects that need the state before the event: leaving an open channel, a new membership, keys. */
function before(qc: QueryClient, event: ServerEvent | FeedChange): void {
  const { selfId, hooks } = context;
  const channels = () => qc.getQueryData<Channel[]>(keys.channels);
  if (event.type === 'emoji:changed') {
    // The instance's emoji list is its own cache entry, outside the per-channel state below.
    qc.setQueryData(keys.emoji, (list: CustomEmoji[] | undefined) => applyEmojiChanged(list, event.payload));
  } else if (event.type === 'group:updated' || event.type === 'group:deleted') {
    qc.setQueryData(keys.groups, (list: UserGroup[] | undefined) => applyGroupEvent(list, event));
  } else if (event.type === 'saved:changed') {
    void qc.invalidateQueries({ queryKey: keys.saved });
  } else if (event.type === 'reminder:due') {
    void qc.invalidateQueries({ queryKey: keys.saved });
    hooks.onReminderDue?.(event.payload);
  } else if (event.type === 'scheduled:changed') {
    const list = qc.getQueryData<ScheduledMessage[]>(keys.scheduled);
    if (newlyFailed(list, event.payload)) hooks.onScheduledFailed?.(event.payload.scheduled!);
    qc.setQueryData(keys.scheduled, applyScheduledChanged(list, event.payload));
  } else if (event.type === 'message:updated' && qc.getQueryData(keys.pins(event.payload.channelId))) {
    void qc.invalidateQueries({ queryKey: keys.pins(event.payload.channelId) });
  } else if (event.type === 'draft:updated') {
    noteDraftChanged(event.payload.channelId, event.payload.threadRootId);
  } else if (event.type === 'message:created') {
    const { message } = event.payload;
    clearTyping(message.threadRootId ?? message.channelId, message.authorId);
  } else if (event.type === 'reaction:changed') {
    const { channelId, messageId, reactions } = event.payload;
    const shown = shownMessage(qc, channelId, messageId);
    // `+:emoji:` sent from a composer reacts instead of posting: no message clears its author's typing.
    const where = shown ? [channelId, shown.threadRootId ?? shown.id] : [];
    for (const userId of shown ? newReactors(shown.reactions, reactions) : [])
      for (const key of where) clearTyping(key, userId);
  } else if (event.type === 'history:pruned') {
    notePruned(qc, event.payload);
  } else if (event.type === 'keys:changed') {
    forgetKeyring(event.payload.channelId);
  } else if (event.type === 'channel:removed') {
    const channel = channels()?.find((c) => c.id === event.payload.channelId);
    if (!channel) return;
    if (event.payload.reason === 'removed') notify(`You were removed from ${label(channel)}.`);
    hooks.onChannelRemoved?.(channel);
  } else if (event.type === 'member:joined' && event.payload.member.user.id !== selfId) {
    const channel = channels()?.find((c) => c.id === event.payload.channelId);
    if (channel) maintainChannels([channel], selfId);
    // A bot brings its slash commands to the composer.
    if (event.payload.member.user.bot)
      void qc.invalidateQueries({ queryKey: keys.channelCommands(event.payload.channelId) });
  } else if (event.type === 'member:joined' && event.payload.member.user.id === selfId) {
    if (!channels()?.some((c) => c.id === event.payload.channelId))
      void qc.invalidateQueries({ queryKey: keys.channels, exact: true });
  } else if (event.type === 'thread:updated') {
    const listed = qc.getQueryData<{ thread: { rootId: string } }[]>(keys.threads);
    const { thread } = event.payload;
    // A newly followed thread whose root this tab has not loaded: the list fetches it.
    if (listed && thread.following && !listed.some((e) => e.thread.rootId === thread.rootId))
      if (!qc.getQueryData(keys.thread(thread.rootId)))
        void qc.invalidateQueries({ queryKey: keys.threads, exact: true });
  }
}

/** The message as this tab shows it, in its channel's page or an open thread. */
function shownMessage(qc: QueryClient, channelId: string, messageId: string): Message | undefined {
  const page = qc.getQueryData<{ messages: Message[] }>(keys.messages(channelId));
  const listed = page?.messages.find((m) => m.id === messageId);
  if (listed) return listed;
  for (const [, thread] of qc.getQueriesData<ThreadPage>({ queryKey: ['thread'] })) {
    if (thread?.root.id === messageId) return thread.root;
    const reply = thread?.messages.find((m) => m.id === messageId);
    if (reply) return reply;
  }
  return undefined;
}

const label = (c: Channel) => (c.kind === 'dm' || c.kind === 'group' ? 'a conversation' : `#${c.name}`);

function readState(qc: QueryClient, channelId: string | undefined): CacheState {
  return {
    channels: qc.getQueryData(keys.channels),
    messages: channelId ? { [channelId]: qc.getQueryData(keys.messages(channelId)) } : {},
    members: channelId ? { [channelId]: qc.getQueryData(keys.members(channelId)) } : {},
    threadPages: Object.fromEntries(
      qc.getQueriesData<ThreadPage>({ queryKey: ['thread'] }).map(([key, page]) => [String(key[1]), page]),
    ),
    threads: qc.getQueryData(keys.threads),
    presence: qc.getQueryData(keys.presence),
    users: qc.getQueryData(keys.users),
    session: qc.getQueryData(keys.session),
    drafts: qc.getQueryData(keys.drafts),
  };
}

function writeState(qc: QueryClient, old: CacheState, next: CacheState): void {
  const put = (key: readonly unknown[], a: unknown, b: unknown) => {
    if (a === b) return;
    if (b === undefined) qc.removeQueries({ queryKey: key, exact: true });
    else qc.setQueryData(key, b);
  };
  put(keys.channels, old.channels, next.channels);
  put(keys.presence, old.presence, next.presence);
  put(keys.users, old.users, next.users);
  put(keys.session, old.session, next.session);
  put(keys.threads, old.threads, next.threads);
  put(keys.drafts, old.drafts, next.drafts);
  for (const id of Object.keys(next.messages)) put(keys.messages(id), old.messages[id], next.messages[id]);
  for (const id of Object.keys(next.members)) put(keys.members(id), old.members[id], next.members[id]);
  for (const id of Object.keys(next.threadPages ?? {}))
    put(keys.thread(id), old.threadPages?.[id], next.threadPages?.[id]);
}
