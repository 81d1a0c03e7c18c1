import { z } from 'zod';
import { Channel, Id, Member, Message, Presence, User } from './entities.js';

// Server to client. Every event about a channel carries channelId; message events carry seq.
export type MessageCreated = { channelId: string; seq: number; message: Message };
export type MessageUpdated = { channelId: string; seq: number; message: Message };
export type MessageDeleted = { channelId: string; seq: number; message: Message };
export type ChannelUpdated = { channelId: string; channel: Channel };
export type ChannelRemoved = { channelId: string; reason: 'left' | 'removed' };
export type MemberJoined = { channelId: string; member: Member };
export type MemberLeft = { channelId: string; userId: string };
export type TypingStarted = { channelId: string; userId: string };
export type PresenceChanged = { userId: string; status: Presence };
export type ReadUpdated = { channelId: string; seq: number; unread: number };
export type UserUpdated = { user: User };
export type KeysChanged = { channelId: string; keyVersion: number; rotationNeeded: boolean };
export type UserKeysChanged = { userId: string };

export interface ServerToClientEvents {
  'message:created': (e: MessageCreated) => void;
  'message:updated': (e: MessageUpdated) => void;
  'message:deleted': (e: MessageDeleted) => void;
  'channel:updated': (e: ChannelUpdated) => void;
  'channel:removed': (e: ChannelRemoved) => void;
  'member:joined': (e: MemberJoined) => void;
  'member:left': (e: MemberLeft) => void;
  'typing:started': (e: TypingStarted) => void;
  'presence:changed': (e: PresenceChanged) => void;
  'read:updated': (e: ReadUpdated) => void;
  'user:updated': (e: UserUpdated) => void;
  'keys:changed': (e: KeysChanged) => void;
  'userKeys:changed': (e: UserKeysChanged) => void;
}

// Client to server. Payloads are parsed on arrival; acks use the error envelope.
export const TypingStart = z.strictObject({ channelId: Id });
export type TypingStart = z.infer<typeof TypingStart>;
export const PresenceSet = z.strictObject({ status: Presence.exclude(['offline']) });
export type PresenceSet = z.infer<typeof PresenceSet>;

export type Ack = (reply: { ok: true } | { error: { code: string; message: string } }) => void;

export interface ClientToServerEvents {
  'typing:start': (payload: TypingStart, ack?: Ack) => void;
  'presence:set': (payload: PresenceSet, ack?: Ack) => void;
}
