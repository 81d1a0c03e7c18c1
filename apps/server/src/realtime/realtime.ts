import type { Server, Socket } from 'socket.io';
import type {
  Channel,
  ClientToServerEvents,
  KeysChanged,
  Member,
  Message,
  Presence,
  ReadUpdated,
  ServerToClientEvents,
  User,
} from '@parley/protocol';

export type SocketData = {
  user: User;
  sessionId: string;
  status: 'online' | 'away';
  /** When this socket last relayed typing per channel; made on the first typing, so idle sockets carry none. */
  typedAt?: Map<string, number>;
};
export type ParleyServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;
export type ParleySocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

export const userRoom = (id: string) => `user:${id}`;
// One string per channel room, shared by every socket's room set: a socket in 30 channels keeps ~2 KB less.
const channelRooms = new Map<string, string>();
export function channelRoom(id: string): string {
  let room = channelRooms.get(id);
  if (room === undefined) channelRooms.set(id, (room = `channel:${id}`));
  return room;
}
export const sessionRoom = (id: string) => `session:${id}`;

/** The only module that emits; services call it after their transaction commits. */
export class Realtime {
  private io: ParleyServer | undefined;

  attach(io: ParleyServer): void {
    this.io = io;
  }

  /** Stops emitting, before shutdown closes the sockets and Redis under us. */
  detach(): void {
    this.io = undefined;
  }

  messageCreated(message: Message): void {
    this.io?.to(channelRoom(message.channelId)).emit('message:created', this.messageEvent(message));
  }

  messageUpdated(message: Message): void {
    this.io?.to(channelRoom(message.channelId)).emit('message:updated', this.messageEvent(message));
  }

  messageDeleted(message: Message): void {
    this.io?.to(channelRoom(message.channelId)).emit('message:deleted', this.messageEvent(message));
  }

  /** Everyone in the channel gets the shared fields; membership stays each client's own. */
  channelUpdated(channel: Channel): void {
    this.io
      ?.to(channelRoom(channel.id))
      .emit('channel:updated', { channelId: channel.id, channel: { ...channel, membership: null } });
  }

  /** The user's sockets join the room first, so no event of the channel slips past them. */
  joinedChannel(userId: string, channel: Channel): void {
    if (!this.io) return;
    this.io.in(userRoom(userId)).socketsJoin(channelRoom(channel.id));
    this.io.to(userRoom(userId)).emit('channel:updated', { channelId: channel.id, channel });
  }

  leftChannel(userId: string, channelId: string, reason: 'left' | 'removed'): void {
    if (!this.io) return;
    this.io.in(userRoom(userId)).socketsLeave(channelRoom(channelId));
    this.io.to(userRoom(userId)).emit('channel:removed', { channelId, reason });
    this.io.to(channelRoom(channelId)).emit('member:left', { channelId, userId });
  }

  memberJoined(channelId: string, member: Member): void {
    this.io?.to(channelRoom(channelId)).emit('member:joined', { channelId, member });
  }

  readUpdated(userId: string, event: ReadUpdated): void {
    this.io?.to(userRoom(userId)).emit('read:updated', event);
  }

  userUpdated(user: User): void {
    this.io?.emit('user:updated', { user });
  }

  presenceChanged(userId: string, status: Presence): void {
    this.io?.emit('presence:changed', { userId, status });
  }

  keysChanged(event: KeysChanged): void {
    this.io?.to(channelRoom(event.channelId)).emit('keys:changed', event);
  }

  userKeysChanged(userId: string): void {
    this.io?.emit('userKeys:changed', { userId });
  }

  sessionRevoked(sessionId: string): void {
    this.io?.in(sessionRoom(sessionId)).disconnectSockets(true);
  }

  /** Each connected user's status, across every node. */
  async presence(): Promise<Record<string, Presence>> {
    if (!this.io) return {};
    const sockets = await this.io.fetchSockets();
    const result: Record<string, Presence> = {};
    for (const s of sockets) {
      const id = s.data.user.id;
      result[id] = result[id] === 'online' || s.data.status === 'online' ? 'online' : 'away';
    }
    return result;
  }

  private messageEvent(message: Message) {
    return { channelId: message.channelId, seq: message.seq, message };
  }
}
