import { z } from 'zod';
import { CONTROL_CHARS as CONTROL, LIMITS, USERNAME_CHARS } from './constants.js';
import { BROADCAST_MENTIONS } from './mentions.js';

// Lower-cased as parsed: an upper-case id in a URL names the same row and the same socket room.
export const Id = z.uuid().toLowerCase();
export type Id = z.infer<typeof Id>;

/** Text PostgreSQL can store as sent: no NUL character, no lone surrogate. */
export const wellFormed = (s: string) => !s.includes('\u0000') && s.isWellFormed();
const WELL_FORMED = 'Contains a NUL character or a lone surrogate';
export const SafeString = z.string().refine(wellFormed, WELL_FORMED);

export const Username = z
  .string()
  .trim()
  .toLowerCase()
  .min(LIMITS.usernameMin)
  .max(LIMITS.usernameMax)
  .regex(USERNAME_CHARS, 'Use a-z, 0-9, dot, underscore or dash');

/** A user group's handle: a username's characters, never a broadcast's name. */
export const GroupHandle = Username.refine(
  (h) => !(BROADCAST_MENTIONS as readonly string[]).includes(h),
  'channel, here and everyone are reserved',
);

export const DisplayName = z
  .string()
  .trim()
  .min(1)
  .max(LIMITS.displayNameMax)
  .refine((s) => !CONTROL.test(s), 'No control characters')
  .refine(wellFormed, WELL_FORMED);

export const Password = z
  .string()
  .min(LIMITS.passwordMin)
  .max(LIMITS.passwordMax)
  .refine(wellFormed, WELL_FORMED);

export const ChannelName = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(LIMITS.channelNameMax)
  .regex(/^[a-z0-9_-]+$/, 'Use a-z, 0-9, dash or underscore');

export const Topic = SafeString.trim().max(LIMITS.topicMax);
export const MessageBody = z.string().trim().min(1).max(LIMITS.bodyMax).refine(wellFormed, WELL_FORMED);

export const Role = z.enum(['owner', 'admin', 'member', 'guest']);
export type Role = z.infer<typeof Role>;
export const Presence = z.enum(['online', 'away', 'offline']);
export type Presence = z.infer<typeof Presence>;
export const ChannelKind = z.enum(['public', 'private', 'dm', 'group']);
export type ChannelKind = z.infer<typeof ChannelKind>;
export const MemberRole = z.enum(['admin', 'member']);
export type MemberRole = z.infer<typeof MemberRole>;
export const NotifyLevel = z.enum(['all', 'mentions', 'none']);
export type NotifyLevel = z.infer<typeof NotifyLevel>;

export const User = z.object({
  id: Id,
  username: z.string(),
  displayName: z.string(),
  role: Role,
  status: z.enum(['active', 'deactivated']),
  /** Do not disturb until then (shown to others); null or past when notifications are on. */
  dndUntil: z.string().nullable(),
  /** A custom status, or null when none is set or it has run out. */
  customStatus: z.object({ text: z.string(), emoji: z.string(), until: z.string().nullable() }).nullable(),
  /** IANA time zone, as the user's browser reports it. */
  timeZone: z.string().nullable(),
  /** The profile photo, at GET /avatars/:id; null shows initials. */
  avatarId: Id.nullable(),
  createdAt: z.string(),
  /** A bot: an account that a script drives with a token, shown with a BOT tag. Absent for people. */
  bot: z.literal(true).optional(),
});
export type User = z.infer<typeof User>;

/** A bot as admins manage it: its account, who added it, and when its token was last used. */
export const Bot = z.object({
  id: Id,
  username: z.string(),
  displayName: z.string(),
  status: z.enum(['active', 'deactivated']),
  createdBy: Id.nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** False once removed: reactivated in People, it needs a new token. */
  hasToken: z.boolean(),
});
export type Bot = z.infer<typeof Bot>;

/** A channel as its member (or a browser of public channels) sees it. */
export const Channel = z.object({
  id: Id,
  name: z.string(),
  topic: z.string(),
  kind: ChannelKind,
  encrypted: z.boolean(),
  archivedAt: z.string().nullable(),
  createdBy: Id.nullable(),
  createdAt: z.string(),
  /** #general: everyone is in it, and it cannot be left, archived or renamed. */
  isDefault: z.boolean(),
  lastSeq: z.number().int(),
  /** Encrypted channels: the current key version (0 until the first key is made). */
  keyVersion: z.number().int(),
  keyRotationNeeded: z.boolean(),
  memberCount: z.number().int(),
  /** The channel's own message retention (days, null for forever), set by an admin; null follows the instance's. */
  retention: z.object({ days: z.number().int().nullable() }).nullable(),
  /** Present when the caller is a member. */
  membership: z
    .object({
      role: MemberRole,
      lastReadSeq: z.number().int(),
      notify: NotifyLevel,
      muted: z.boolean(),
      /** Shown in the sidebar's Starred section. */
      starred: z.boolean(),
      unread: z.number().int(),
      /** Unread messages that mention the member by name or as @channel, @here or @everyone. */
      mentions: z.number().int(),
    })
    .nullable(),
  /** For DMs: the other participants. */
  dmUsers: z.array(User).optional(),
});
export type Channel = z.infer<typeof Channel>;

export const Member = z.object({ user: User, role: MemberRole });
export type Member = z.infer<typeof Member>;

/** Envelope of an end-to-end encrypted body, opaque to the server (base64url fields). */
const B64URL = /^[A-Za-z0-9_-]*$/;
const base64url = (max: number) => z.string().max(max).regex(B64URL, 'Not base64url');
export const EncryptedBody = z.object({
  v: z.literal(1),
  keyVersion: z.number().int().min(1).max(2_147_483_647),
  nonce: base64url(64),
  ciphertext: base64url(LIMITS.bodyMax * 4),
  tag: base64url(128),
  signature: base64url(256),
});
export type EncryptedBody = z.infer<typeof EncryptedBody>;

/** Who reacted with one emoji to a message, in the order they reacted. */
export const Reaction = z.object({ emoji: z.string(), count: z.number().int(), userIds: z.array(Id) });
export type Reaction = z.infer<typeof Reaction>;

/** A file as a message carries it: its bytes at GET /files/:id. */
export const FileInfo = z.object({
  id: Id,
  name: z.string(),
  size: z.number().int(),
  type: z.string(),
  sha256: z.string(),
  /** A picture's size in pixels, so its place is kept before it loads. */
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  /** A smaller picture at GET /files/:id/thumbnail. */
  thumbnail: z.boolean().optional(),
});
export type FileInfo = z.infer<typeof FileInfo>;

/**
 * A link's preview, as the server read it from the page's title and Open Graph tags. The picture
 * and the site's icon, if any, are fetched through the server (`imageUrl`, `iconUrl`: paths under
 * the API base), never by the reader.
 */
export const LinkPreview = z.object({
  url: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  siteName: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** Absent when the page names no icon (and on previews made before icons were read). */
  iconUrl: z.string().optional(),
});
export type LinkPreview = z.infer<typeof LinkPreview>;

/**
 * What a system line in a channel's history says: who joined, left, was added or removed, or what
 * changed (topic, name, archived). The message's author is who did it.
 */
export const SystemEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('joined') }),
  z.object({ type: z.literal('left') }),
  z.object({ type: z.literal('added'), userId: Id }),
  z.object({ type: z.literal('removed'), userId: Id }),
  z.object({ type: z.literal('topic'), topic: z.string() }),
  z.object({ type: z.literal('renamed'), from: z.string(), to: z.string() }),
  z.object({ type: z.literal('archived') }),
  z.object({ type: z.literal('unarchived') }),
]);
export type SystemEvent = z.infer<typeof SystemEvent>;

export const Message = z.object({
  id: Id,
  channelId: Id,
  seq: z.number().int(),
  authorId: Id,
  clientId: z.string(),
  body: z.string().nullable(),
  encrypted: EncryptedBody.nullable(),
  threadRootId: Id.nullable(),
  /** A thread reply that was also sent to the channel, where it shows marked as a reply. */
  alsoInChannel: z.boolean(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  deletedAt: z.string().nullable(),
  /** Thread roots: replies not deleted, the newest reply's time, the latest distinct repliers (newest first). */
  replyCount: z.number().int(),
  lastReplyAt: z.string().nullable(),
  replyUserIds: z.array(Id),
  reactions: z.array(Reaction),
  files: z.array(FileInfo),
  /** Pinned to the channel: when and by whom; null when not. */
  pinnedAt: z.string().nullable(),
  pinnedBy: Id.nullable(),
  /** A system line ("Alice joined"): no body, never unread, edited, reacted to or replied to. Null for messages. */
  system: SystemEvent.nullable(),
  /** Posted by a tool, shown under its name: an incoming webhook (its id), or a bot in imported history. Absent for people's messages. */
  via: z.object({ webhookId: Id.optional(), name: z.string() }).optional(),
  /** Previews of the links in the text, added by the server shortly after it; absent when none. */
  previews: z.array(LinkPreview).optional(),
});
export type Message = z.infer<typeof Message>;

/** An incoming webhook: a secret URL that posts into one channel under its own name. */
export const Webhook = z.object({
  id: Id,
  channelId: Id,
  name: z.string(),
  createdBy: Id,
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Webhook = z.infer<typeof Webhook>;

/**
 * An outgoing webhook: each channel message (or each whose first word is a trigger word) is POSTed
 * to `url`; a JSON answer with `text` is posted back under the webhook's name. `lastResult` says how
 * the last call went ('ok', 'HTTP 500', 'timeout', 'refused: private address', ...).
 */
export const OutgoingWebhook = z.object({
  id: Id,
  channelId: Id,
  name: z.string(),
  url: z.string(),
  triggerWords: z.array(z.string()),
  createdBy: Id,
  createdAt: z.string(),
  lastCalledAt: z.string().nullable(),
  lastResult: z.string().nullable(),
});
export type OutgoingWebhook = z.infer<typeof OutgoingWebhook>;

/** A thread as one user follows it: unread counts replies by others after lastReadSeq. */
export const ThreadState = z.object({
  rootId: Id,
  channelId: Id,
  following: z.boolean(),
  lastReadSeq: z.number().int(),
  unread: z.number().int(),
});
export type ThreadState = z.infer<typeof ThreadState>;

/** What a user was typing in a channel or thread, kept on the server so their other devices show it. */
export const Draft = z.object({
  channelId: Id,
  threadRootId: Id.nullable(),
  body: z.string().nullable(),
  encrypted: EncryptedBody.nullable(),
  updatedAt: z.string(),
});
export type Draft = z.infer<typeof Draft>;

/** A message set to go out later; `failedCode` says why it could not be sent when it was due. */
export const ScheduledMessage = z.object({
  id: Id,
  channelId: Id,
  threadRootId: Id.nullable(),
  alsoInChannel: z.boolean(),
  body: z.string().nullable(),
  encrypted: EncryptedBody.nullable(),
  sendAt: z.string(),
  createdAt: z.string(),
  failedCode: z.string().nullable(),
});
export type ScheduledMessage = z.infer<typeof ScheduledMessage>;

export const Invite = z.object({
  code: z.string(),
  createdBy: Id,
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  uses: z.number().int(),
});
export type Invite = z.infer<typeof Invite>;

/** Who may create and manage user groups: owners and admins only, or every member (never guests). */
export const GroupManagers = z.enum(['admins', 'members']);
export type GroupManagers = z.infer<typeof GroupManagers>;
/** Who may add custom emoji: owners and admins only, or every member (never guests). */
export const EmojiAdders = z.enum(['admins', 'members']);
export type EmojiAdders = z.infer<typeof EmojiAdders>;
export const InstanceSettings = z.object({
  inviteOnly: z.boolean(),
  name: z.string(),
  groupManagers: GroupManagers,
  emojiAdders: EmojiAdders,
  /** Everyone signs in with a second factor; those without one set it up at sign-in. */
  requireTwoFactor: z.boolean(),
  /** Messages (with their threads and files) are deleted this many days after the last activity; null keeps them. */
  messageRetentionDays: z.number().int().nullable(),
});
export type InstanceSettings = z.infer<typeof InstanceSettings>;

/**
 * A user group (`@design`): mentioning its handle mentions each member who is in the channel.
 * Guests see a group's handle, name and member count, and among the members only themselves.
 */
export const UserGroup = z.object({
  id: Id,
  handle: z.string(),
  name: z.string(),
  description: z.string(),
  memberIds: z.array(Id),
  memberCount: z.number().int(),
  createdBy: Id.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserGroup = z.infer<typeof UserGroup>;

/** A custom emoji's name, as typed between colons: `:partyparrot:` is `partyparrot`. */
export const EmojiName = z
  .string()
  .min(1)
  .max(LIMITS.emojiNameMax)
  .regex(/^[a-z0-9_+-]+$/, 'Use a-z, 0-9, underscore, dash or plus');

/** A custom emoji: its picture is GET /emoji/images/:id, which never changes for that id. */
export const CustomEmoji = z.object({
  id: Id,
  name: z.string(),
  type: z.string(),
  addedBy: Id.nullable(),
  createdAt: z.string(),
});
export type CustomEmoji = z.infer<typeof CustomEmoji>;
