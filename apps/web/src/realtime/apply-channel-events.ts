import type { Channel, FeedChange, User } from '@parley/protocol';
import type { CacheState, ServerEvent } from './apply-event';
import { removeChannel, setRead, upsertChannel } from './merge';

/** Channels, members, read state, presence and users; undefined for events of other kinds. */
export function applyChannelEvent(
  state: CacheState,
  event: ServerEvent | FeedChange,
): CacheState | undefined {
  switch (event.type) {
    case 'channel:updated':
      return { ...state, channels: upsertChannel(state.channels, event.payload.channel) };
    case 'keys:changed': {
      const { channelId, keyVersion, rotationNeeded } = event.payload;
      const channels = state.channels?.map((c) =>
        c.id === channelId ? { ...c, keyVersion, keyRotationNeeded: rotationNeeded } : c,
      );
      return { ...state, channels };
    }
    case 'channel:removed': {
      const { channelId } = event.payload;
      return {
        ...state,
        channels: removeChannel(state.channels, channelId),
        messages: { ...state.messages, [channelId]: undefined },
        members: { ...state.members, [channelId]: undefined },
        threads: state.threads?.filter((e) => e.thread.channelId !== channelId),
      };
    }
    case 'member:joined': {
      const { channelId, member } = event.payload;
      const members = state.members[channelId];
      const known = members?.some((m) => m.user.id === member.user.id);
      // One's own join brought the channel with its count (the join's answer, or channel:updated before this).
      const self = member.user.id === state.session?.id;
      return {
        ...state,
        members: {
          ...state.members,
          [channelId]: members && [...members.filter((m) => m.user.id !== member.user.id), member],
        },
        // Without the member list we cannot tell a repeat, so the count is only raised for a new one.
        channels: (members && known) || self ? state.channels : addMembers(state.channels, channelId, 1),
        users: upsertUser(state.users, member.user),
      };
    }
    case 'member:left': {
      const { channelId, userId } = event.payload;
      const members = state.members[channelId];
      const known = !members || members.some((m) => m.user.id === userId);
      return {
        ...state,
        members: { ...state.members, [channelId]: members?.filter((m) => m.user.id !== userId) },
        channels: known ? addMembers(state.channels, channelId, -1) : state.channels,
      };
    }
    case 'presence:changed': {
      const { userId, status } = event.payload;
      // Not loaded yet: GET /presence will bring the whole map.
      return { ...state, presence: state.presence && { ...state.presence, [userId]: status } };
    }
    case 'read:updated': {
      // The state after the change, in feed order: taken as it is, so "Mark unread" in another tab shows here.
      const { channelId, seq, unread, mentions, lastSeq } = event.payload;
      return {
        ...state,
        channels: setRead(state.channels, channelId, seq, { unread, mentions, lastSeq }, true),
      };
    }
    case 'user:updated': {
      const { user } = event.payload;
      return {
        ...state,
        users: upsertUser(state.users, user),
        session: state.session?.id === user.id ? user : state.session,
        channels: state.channels?.map((c) =>
          c.dmUsers?.some((u) => u.id === user.id)
            ? { ...c, dmUsers: c.dmUsers.map((u) => (u.id === user.id ? user : u)) }
            : c,
        ),
      };
    }
    default:
      // typing:started and key events carry no cache state.
      return undefined;
  }
}

function addMembers(channels: Channel[] | undefined, channelId: string, delta: number) {
  return channels?.map((c) =>
    c.id === channelId ? { ...c, memberCount: Math.max(0, c.memberCount + delta) } : c,
  );
}

function upsertUser(users: User[] | undefined, user: User): User[] | undefined {
  return users && [...users.filter((u) => u.id !== user.id), user];
}
