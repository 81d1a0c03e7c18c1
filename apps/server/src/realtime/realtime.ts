import type { Redis } from 'ioredis';
import type { Server, Socket } from 'socket.io';
import type {
  ClientToServerEvents,
  CommandInvoked,
  EphemeralMessage,
  Presence,
  ServerToClientEvents,
  User,
} from '@parley/protocol';
import type { Resolved } from '../features/feed/resolve.js';
import { groupAsSeenBy } from '../features/groups/group-visibility.js';
import { PresenceRegistry } from './presence-registry.js';
import { WriteBatch } from './write-batch.js';

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
// Only ids read from the database come here; a client's ids are checked with isInChannel().
const channelRooms = new Map<string, string>();
export function channelRoom(id: string): string {
  let room = channelRooms.get(id);
  if (room === undefined) channelRooms.set(id, (room = `channel:${id}`));
  return room;
}
/** Whether the socket is in that channel's room; keeps nothing for an id a client made up. */
export const isInChannel = (socket: ParleySocket, channelId: string) =>
  socket.rooms.has(`channel:${channelId}`);
/** Sockets on this node above which a channel carries no live presence (its members fetch it instead). */
export const PRESENCE_ROOM_MAX = 1_000;
const isPresenceRoom = (room: string) => room.startsWith('channel:') || room.startsWith('user:');
export const sessionRoom = (id: string) => `session:${id}`;
/** Every guest's sockets: what goes to everyone reaches them trimmed to what guests may see. */
export const GUESTS_ROOM = 'guests';

/** The one room a change goes to when it may share a write; joins, leaves and changes for everyone go alone. */
function batchRoom({ row, change }: Resolved): string | undefined {
  if (change.type === 'channel:removed' || (change.type === 'channel:updated' && row.data?.joined))
    return undefined;
  if (row.userId) return userRoom(row.userId);
  return row.channelId ? channelRoom(row.channelId) : undefined;
}

/** The only module that emits; feed changes come through deliver(), in feed order, after commit. */
export class Realtime {
  private io: ParleyServer | undefined;
  private registry: PresenceRegistry | undefined;
  private readonly batch = new WriteBatch(
    () => this.io,
    (resolved) => this.emit(resolved),
  );

  /** With Redis, presence is shared between nodes through it. */
  attach(io: ParleyServer, redis?: Redis): void {
    this.io = io;
    this.registry = new PresenceRegistry(
      (userId, status, rooms) => this.announcePresence(userId, status, rooms),
      (userId) => this.roomsOf(userId),
      redis,
    );
  }

  /** Stops emitting, before shutdown closes the sockets and Redis under us. */
  detach(): void {
    this.batch.flush();
    this.io = undefined;
    this.registry?.stop();
  }

  /**
   * To the user's own sockets and the channels they are in, except channels with more than
   * PRESENCE_ROOM_MAX sockets here: there every change would cost a frame per member; their members
   * read presence with GET /presence when they load or reconnect.
   */
  private announcePresence(userId: string, status: Presence, rooms: string[]): void {
    const local = this.io?.of('/').adapter.rooms;
    const to = rooms.filter((room) => (local?.get(room)?.size ?? 0) <= PRESENCE_ROOM_MAX);
    if (to.length > 0) this.io?.to(to).emit('presence:changed', { userId, status });
  }

  /** A socket opened, online; presence changes are announced to who shares a channel with the user. */
  socketOpened(userId: string): void {
    this.registry?.add(userId, 'online');
  }

  socketStatusChanged(userId: string, from: 'online' | 'away', to: 'online' | 'away'): void {
    this.registry?.change(userId, from, to);
  }

  /** `rooms`: where the closing socket listened, taken before it left them. */
  socketClosed(userId: string, status: 'online' | 'away', rooms: string[]): void {
    this.registry?.remove(userId, status, rooms.filter(isPresenceRoom));
  }

  /** The channel rooms (and own room) of one of the user's sockets on this node: who hears their presence. */
  roomsOf(userId: string): string[] {
    const adapter = this.io?.of('/').adapter;
    const sid = adapter?.rooms.get(userRoom(userId))?.values().next().value;
    const rooms = sid ? adapter!.sids.get(sid) : undefined;
    return rooms ? [...rooms].filter(isPresenceRoom) : [userRoom(userId)];
  }

  /** One feed change to this node's sockets, in feed order; changes for one room each may share a write. */
  deliver(resolved: Resolved): void {
    this.batch.deliver(resolved, batchRoom(resolved));
  }

  /** Batches of several changes written together, and the changes in them. */
  get batchesWritten(): Readonly<{ batches: number; changes: number }> {
    return this.batch.written;
  }

  /** Writes the changes held for a shared write; a socket joining rooms next must not hear what came before. */
  flushWrites(): void {
    this.batch.flush();
  }

  /** One feed change to this node's sockets now: a user's own, a channel's members, or everyone. */
  private emit({ row, change }: Resolved): void {
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
    else if (change.type === 'group:updated') {
      emit(local.except(GUESTS_ROOM));
      for (const id of this.io!.of('/').adapter.rooms.get(GUESTS_ROOM) ?? []) {
        const socket = this.io!.of('/').sockets.get(id);
        const group = socket && groupAsSeenBy(change.payload.group, socket.data.user);
        if (group) socket.emit('group:updated', { ...change.payload, group });
      }
    } else emit(local);
  }

  /** Asks every other node to read the feed now (a write happened here); their poll covers a lost one. */
  wakeOtherNodes(): void {
    if (this.multiNode) this.io?.serverSideEmit('feed:wake');
  }

  /** With Redis, several nodes share the database: each wakes the others after a write. */
  multiNode = false;

  userKeysChanged(userId: string): void {
    this.io?.emit('userKeys:changed', { userId });
  }

  /** Hands a slash command to the bot's sockets on any node; how many acked within `ms` (0: none connected). */
  async invokeCommand(botId: string, invoked: CommandInvoked, ms: number): Promise<number> {
    if (!this.io) return 0;
    try {
      const acks: unknown = await this.io
        .to(userRoom(botId))
        .timeout(ms)
        .emitWithAck('command:invoked', invoked);
      return Array.isArray(acks) ? acks.length : 0;
    } catch {
      return 0;
    }
  }

  /** To one user's sockets on any node, and nowhere else: nothing is kept to replay. */
  sendEphemeral(userId: string, message: EphemeralMessage): void {
    this.io?.to(userRoom(userId)).emit('message:ephemeral', message);
  }

  sessionRevoked(sessionId: string): void {
    this.io?.in(sessionRoom(sessionId)).disconnectSockets(true);
  }

  /** Each connected user's status, across every node. */
  async presence(): Promise<Record<string, Presence>> {
    return (await this.registry?.snapshot()) ?? {};
  }
}
