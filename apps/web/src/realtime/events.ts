import type { QueryClient } from '@tanstack/react-query';
import type { Channel, ServerToClientEvents } from '@parley/protocol';
import { applyEvent, channelOf, type CacheState, type ServerEvent } from './apply-event';
import { fetchAfter } from './catch-up';
import { keys } from './keys';
import { lastSeqOf, type MessagePage } from './merge';
import { isReading } from './reading';
import type { ParleySocket } from './sync';
import { clearTyping, noteTyping } from './typing';
import { forgetKeyring, maintainChannels } from '../features/encryption/channel-keys';
import { bumpPeers } from '../features/encryption/epoch';
import { forgetPeerKeys } from '../features/encryption/user-keys';
import { openVault } from '../features/encryption/vault';

const CACHE_EVENTS = [
  'message:created',
  'message:updated',
  'message:deleted',
  'channel:updated',
  'channel:removed',
  'member:joined',
  'member:left',
  'presence:changed',
  'read:updated',
  'user:updated',
  'keys:changed',
] as const satisfies (keyof ServerToClientEvents)[];

export type RealtimeHooks = { onChannelRemoved?: (channel: Channel) => void };

/** Applies each server event to the query cache, the one store of server state, then runs its side effects. */
export function handleServerEvents(
  s: ParleySocket,
  qc: QueryClient,
  selfId: string,
  hooks: RealtimeHooks,
): void {
  const on = s.on.bind(s) as (type: string, listener: (payload: unknown) => void) => void;
  for (const type of CACHE_EVENTS) {
    on(type, (payload) => {
      const event = { type, payload } as ServerEvent;
      const channelId = channelOf(event);
      before(qc, event, selfId, hooks);
      const state = readState(qc, channelId);
      writeState(
        qc,
        state,
        applyEvent(state, event, { selfId, reading: !!channelId && isReading(channelId) }),
      );
    });
  }
  s.on('userKeys:changed', ({ userId }) => {
    forgetPeerKeys(userId);
    // Keys set up or reset in another browser of this user.
    if (userId === selfId) void openVault(selfId).catch(() => {});
    bumpPeers();
    if (userId !== selfId) maintainChannels(qc.getQueryData<Channel[]>(keys.channels), selfId);
  });
  s.on('typing:started', ({ channelId, userId }) => userId !== selfId && noteTyping(channelId, userId));
}

/** Effects that need the state before the event: gap detection, leaving an open channel, a new membership. */
function before(qc: QueryClient, event: ServerEvent, selfId: string, hooks: RealtimeHooks): void {
  if (event.type === 'message:created') {
    const { channelId, message } = event.payload;
    const page = qc.getQueryData<MessagePage>(keys.messages(channelId));
    // A gap means an event was missed: fetch it rather than trust the socket.
    if (page && message.seq > lastSeqOf(page) + 1) void fetchAfter(qc, channelId, lastSeqOf(page));
    clearTyping(channelId, message.authorId);
  } else if (event.type === 'keys:changed') {
    forgetKeyring(event.payload.channelId);
  } else if (event.type === 'channel:removed') {
    const channel = qc.getQueryData<Channel[]>(keys.channels)?.find((c) => c.id === event.payload.channelId);
    if (channel) hooks.onChannelRemoved?.(channel);
  } else if (event.type === 'member:joined' && event.payload.member.user.id !== selfId) {
    const channel = qc.getQueryData<Channel[]>(keys.channels)?.find((c) => c.id === event.payload.channelId);
    if (channel) maintainChannels([channel], selfId);
  } else if (event.type === 'member:joined' && event.payload.member.user.id === selfId) {
    const known = qc.getQueryData<Channel[]>(keys.channels)?.some((c) => c.id === event.payload.channelId);
    if (!known) void qc.invalidateQueries({ queryKey: keys.channels, exact: true });
  }
}

function readState(qc: QueryClient, channelId: string | undefined): CacheState {
  return {
    channels: qc.getQueryData(keys.channels),
    messages: channelId ? { [channelId]: qc.getQueryData(keys.messages(channelId)) } : {},
    members: channelId ? { [channelId]: qc.getQueryData(keys.members(channelId)) } : {},
    presence: qc.getQueryData(keys.presence),
    users: qc.getQueryData(keys.users),
    session: qc.getQueryData(keys.session),
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
  for (const id of Object.keys(next.messages)) put(keys.messages(id), old.messages[id], next.messages[id]);
  for (const id of Object.keys(next.members)) put(keys.members(id), old.members[id], next.members[id]);
}
