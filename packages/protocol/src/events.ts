import { z } from 'zod';
import {
  Channel,
  CustomEmoji,
  Draft,
  Id,
  Member,
  Message,
  Presence,
  Reaction,
  ScheduledMessage,
  ThreadState,
  User,
  UserGroup,
} from './entities.js';
import type { CommandInvoked, EphemeralMessage } from './bot-commands.js';

// Server to client. Every event about a channel carries channelId; message events carry seq.
// Events recorded in the sync feed carry the cursor they move the client to.
type Fed = { cursor: string };
export type MessageCreated = Fed & { channelId: string; seq: number; message: Message };
export type MessageUpdated = Fed & { channelId: string; seq: number; message: Message };
export type MessageDeleted = Fed & { channelId: string; seq: number; message: Message };
export type ReactionChanged = Fed & { channelId: string; messageId: string; reactions: Reaction[] };
export type ThreadUpdated = Fed & { channelId: string; thread: ThreadState };
export type ChannelUpdated = Fed & { channelId: string; channel: Channel };
/** Retention deleted these channel messages and thread roots, each with all its replies. */
export type HistoryPruned = Fed & { channelId: string; rootIds: string[] };
export type ChannelRemoved = Fed & { channelId: string; reason: 'left' | 'removed' };
export type MemberJoined = Fed & { channelId: string; member: Member };
export type MemberLeft = Fed & { channelId: string; userId: string };
/** `lastSeq`: the channel's newest message the counts cover; later messages' events add to them. */
export type ReadUpdated = Fed & {
  channelId: string;
  seq: number;
  unread: number;
  mentions: number;
  lastSeq: number;
};
export type UserUpdated = Fed & { user: User };
/** The user's draft in a channel or thread; null when it was sent or cleared. */
export type DraftUpdated = Fed & { channelId: string; threadRootId: string | null; draft: Draft | null };
/** One of the user's saved messages, saved or no longer: to their other tabs and devices. */
export type SavedChanged = Fed & { channelId: string; messageId: string; saved: boolean };
/** A reminder the user set went off: to their tabs and devices, with the message when they may still read it. */
export type ReminderDue = Fed & { channelId: string; messageId: string; message: Message | null };
/** One of the user's scheduled messages, changed (or failed), or null when it was sent or deleted: to their tabs. */
export type ScheduledChanged = Fed & {
  channelId: string;
  scheduledId: string;
  scheduled: ScheduledMessage | null;
};
export type KeysChanged = Fed & { channelId: string; keyVersion: number; rotationNeeded: boolean };
/** A user group made or changed (handle, name, members); to everyone, guests seeing only themselves among members. */
export type GroupUpdated = Fed & { group: UserGroup };
export type GroupDeleted = Fed & { groupId: string };
/** A custom emoji added (emoji) or removed (null), to everyone. */
export type EmojiChanged = Fed & { name: string; emoji: CustomEmoji | null };
export type TypingStarted = { channelId: string; userId: string; threadRootId?: string };
export type PresenceChanged = { userId: string; status: Presence };
export type UserKeysChanged = { userId: string };

/** The events the sync feed records and replays: GET /sync answers them in this shape. */
export interface FeedEvents {
  'message:created': MessageCreated;
  'message:updated': MessageUpdated;
  'message:deleted': MessageDeleted;
  'reaction:changed': ReactionChanged;
  'thread:updated': ThreadUpdated;
  'channel:updated': ChannelUpdated;
  'channel:removed': ChannelRemoved;
  'history:pruned': HistoryPruned;
  'member:joined': MemberJoined;
  'member:left': MemberLeft;
  'read:updated': ReadUpdated;
  'user:updated': UserUpdated;
  'keys:changed': KeysChanged;
  'draft:updated': DraftUpdated;
  'saved:changed': SavedChanged;
  'reminder:due': ReminderDue;
  'scheduled:changed': ScheduledChanged;
  'emoji:changed': EmojiChanged;
  'group:updated': GroupUpdated;
  'group:deleted': GroupDeleted;
}
export type FeedEventName = keyof FeedEvents;
export type FeedChange = { [K in FeedEventName]: { type: K; payload: FeedEvents[K] } }[FeedEventName];

type Listeners<T> = { [K in keyof T]: (e: T[K]) => void };
export interface ServerToClientEvents extends Listeners<FeedEvents> {
  'typing:started': (e: TypingStarted) => void;
  'presence:changed': (e: PresenceChanged) => void;
  'userKeys:changed': (e: UserKeysChanged) => void;
  /** To a bot's sockets only: someone ran one of its slash commands. */
  'command:invoked': (e: CommandInvoked, ack: () => void) => void;
  /** To one member's tabs only: a bot's answer no one else sees. */
  'message:ephemeral': (e: EphemeralMessage) => void;
}

// Client to server. Payloads are parsed on arrival; acks use the error envelope.
export const TypingStart = z.strictObject({ channelId: Id, threadRootId: Id.optional() });
export type TypingStart = z.infer<typeof TypingStart>;
export const PresenceSet = z.strictObject({ status: Presence.exclude(['offline']) });
export type PresenceSet = z.infer<typeof PresenceSet>;

export type Ack = (reply: { ok: true } | { error: { code: string; message: string } }) => void;

export interface ClientToServerEvents {
  'typing:start': (payload: TypingStart, ack?: Ack) => void;
  'presence:set': (payload: PresenceSet, ack?: Ack) => void;
}
