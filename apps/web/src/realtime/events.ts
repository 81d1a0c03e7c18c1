import type { QueryClient } from '@tanstack/react-query';
import type { Channel, Member, Presence, User } from '@parley/protocol';
import { keys } from './keys';
import {
  applyMessage,
  lastSeqOf,
  noteMessage,
  removeChannel,
  setRead,
  upsertChannel,
  type MessagePage,
} from './merge';
import { clearTyping, noteTyping } from './typing';
import { fetchAfter } from './catch-up';
import type { ParleySocket } from './sync';
import { isReading } from './reading';

/** Applies each server event to the query cache, the one store of server state. */
export function handleServerEvents(s: ParleySocket, qc: QueryClient, me: User): void {
  const setChannels = (fn: (c: Channel[] | undefined) => Channel[] | undefined) =>
    qc.setQueryData<Channel[]>(keys.channels, fn);

  s.on('message:created', ({ channelId, message }) => {
    const page = qc.getQueryData<MessagePage>(keys.messages(channelId));
    // A gap means an event was missed: fetch it rather than trust the socket.
    if (page && message.seq > lastSeqOf(page) + 1) void fetchAfter(qc, channelId, lastSeqOf(page));
    qc.setQueryData<MessagePage>(keys.messages(channelId), (p) => applyMessage(p, message));
    setChannels((c) => noteMessage(c, message, { selfId: me.id, reading: isReading(channelId) }));
    clearTyping(channelId, message.authorId);
  });
  for (const event of ['message:updated', 'message:deleted'] as const) {
    s.on(event, ({ channelId, message }) =>
      qc.setQueryData<MessagePage>(keys.messages(channelId), (p) => applyMessage(p, message)),
    );
  }
  s.on('channel:updated', ({ channel }) => setChannels((c) => upsertChannel(c, channel)));
  s.on('channel:removed', ({ channelId }) => {
    setChannels((c) => removeChannel(c, channelId));
    qc.removeQueries({ queryKey: keys.messages(channelId) });
  });
  s.on('member:joined', ({ channelId, member }) => {
    qc.setQueryData<Member[]>(
      keys.members(channelId),
      (m) => m && [...m.filter((x) => x.user.id !== member.user.id), member],
    );
    setChannels((c) => c?.map((x) => (x.id === channelId ? { ...x, memberCount: x.memberCount + 1 } : x)));
    qc.setQueryData<User[]>(
      keys.users,
      (u) => u && [...u.filter((x) => x.id !== member.user.id), member.user],
    );
  });
  s.on('member:left', ({ channelId, userId }) => {
    qc.setQueryData<Member[]>(keys.members(channelId), (m) => m?.filter((x) => x.user.id !== userId));
    setChannels((c) =>
      c?.map((x) => (x.id === channelId ? { ...x, memberCount: Math.max(0, x.memberCount - 1) } : x)),
    );
  });
  s.on('typing:started', ({ channelId, userId }) => userId !== me.id && noteTyping(channelId, userId));
  s.on('presence:changed', ({ userId, status }) =>
    qc.setQueryData<Record<string, Presence>>(keys.presence, (p) => ({ ...p, [userId]: status })),
  );
  s.on('read:updated', ({ channelId, seq, unread }) =>
    setChannels((c) => setRead(c, channelId, seq, unread)),
  );
  s.on('user:updated', ({ user }) => {
    qc.setQueryData<User[]>(keys.users, (u) => u && [...u.filter((x) => x.id !== user.id), user]);
    if (user.id === me.id) qc.setQueryData(keys.session, user);
  });
}
