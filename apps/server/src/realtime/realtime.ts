import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, Presence, ServerToClientEvents, User } from '@parley/protocol';
import type { Resolved } from '../features/feed/resolve.js';

/** Between nodes: a write happened, read the feed. */
export type InterServerEvents = { 'feed:wake': () => void };

export type SocketData = {
  user: User;
  sessionId: string;
  status: 'online' | 'away';
  /** When this socket last relayed typing per channel; made on the first typing, so idle sockets carry none. */
  typedAt?: Map<string, number>;
};
export type ParleyServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type ParleySocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

export const userRoom = (id: string) => `user:${id}`;
// One string per channel room, shared by every socket's room set: a socket in 30 channels keeps ~2 KB less.
const channelRooms = new Map<string, string>();
export function channelRoom(id: string): string {
  let room = channelRooms.get(id);
  if (room === undefined) channelRooms.set(id, (room = `channel:${id}`));
  return room;
}
export const sessionRoom = (id: string) => `session:${id}`;

/** The only module that emits; feed changes come through deliver(), in feed order, after commit. */
export class Realtime {
  private io: ParleyServer | undefined;

  attach(io: ParleyServer): void {
    this.io = io;
  }

  /** Stops emitting, before shutdown closes the sockets and Redis under us. */
  detach(): void {
    this.io = undefined;
  }

  /** One feed change to this node's sockets: a user's own, a channel's members, or everyone. */
  deliver({ row, change }: Resolved): void {
    const local = this.io?.local;
    if (!local) return;
    // The change's type and payload are matched by FeedChange; emit's overloads cannot see it through the union.
    const emit = (target: { emit: unknown }) =>
      (target.emit as (event: string, payload: unknown) => boolean).call(target, change.type, change.payload);
    if (row.userId) {
      const room = userRoom(row.userId);
      // Rooms follow membership in feed order: nothing of a channel reaches a socket before its join or after its removal.
      if (change.type === 'channel:updated' && row.data?.joined)
        local.in(room).socketsJoin(channelRoom(row.channelId!));
      if (change.type === 'channel:removed') local.in(room).socketsLeave(channelRoom(row.channelId!));
      emit(local.to(room));
    } else if (row.channelId) emit(local.to(channelRoom(row.channelId)));
    else emit(local);
  }

  /** Asks every other node to read the feed now (a write happened here); their poll covers a lost one. */
  wakeOtherNodes(): void {
    if (this.multiNode) this.io?.serverSideEmit('feed:wake');
  }

  /** With Redis, several nodes share the database: each wakes the others after a write. */
  multiNode = false;

  presenceChanged(userId: string, status: Presence): void {
    this.io?.emit('presence:changed', { userId, status });
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
}
