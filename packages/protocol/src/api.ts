import { z } from 'zod';
import { LIMITS } from './constants.js';
import {
  Channel,
  ChannelName,
  CustomEmoji,
  DisplayName,
  EmojiAdders,
  EmojiName,
  EncryptedBody,
  FileInfo,
  GroupHandle,
  GroupManagers,
  Id,
  InstanceSettings,
  Invite,
  Member,
  Message,
  MessageBody,
  NotifyLevel,
  Password,
  Presence,
  Reaction,
  Role,
  SafeString,
  ScheduledMessage,
  ThreadState,
  Topic,
  User,
  UserGroup,
  Username,
  OutgoingWebhook,
  Webhook,
  type Bot,
} from './entities.js';
import type { FeedChange } from './events.js';
import type { AdminUser } from './accounts.js';

// Request bodies are strict: an unknown field is a validation error, not silently dropped.
export const RegisterBody = z.strictObject({
  username: Username,
  displayName: DisplayName,
  password: Password,
  inviteCode: SafeString.max(64).optional(),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

export const LoginBody = z.strictObject({
  username: SafeString.trim().toLowerCase().min(1).max(LIMITS.usernameMax),
  password: z.string().min(1).max(LIMITS.passwordMax),
});
export type LoginBody = z.infer<typeof LoginBody>;

/** Do not disturb for at most a year; null turns notifications back on. */
export const DND_MAX_MS = 366 * 24 * 60 * 60 * 1000;
export const UpdateProfileBody = z
  .strictObject({
    displayName: DisplayName.optional(),
    dndUntil: z.iso.datetime({ offset: true }).nullable().optional(),
    status: z
      .strictObject({
        text: SafeString.trim().max(100),
        emoji: SafeString.max(16),
        until: z.iso.datetime({ offset: true }).nullable(),
      })
      .nullable()
      .optional(),
    timeZone: z
      .string()
      .max(64)
      .regex(/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+){0,2}$|^UTC$/, 'An IANA time zone, such as Europe/Paris')
      .optional(),
  })
  .refine((b) => Object.keys(b).length > 0, 'Give a change to make');
export type UpdateProfileBody = z.infer<typeof UpdateProfileBody>;

export const CreateChannelBody = z.strictObject({
  name: ChannelName,
  kind: z.enum(['public', 'private']),
  topic: Topic.optional(),
  encrypted: z.boolean().optional(),
});
export type CreateChannelBody = z.infer<typeof CreateChannelBody>;

export const UpdateChannelBody = z
  .strictObject({
    name: ChannelName.optional(),
    topic: Topic.optional(),
    archived: z.boolean().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, 'Nothing to change');
export type UpdateChannelBody = z.infer<typeof UpdateChannelBody>;

export const AddMemberBody = z.strictObject({ userId: Id });
export type AddMemberBody = z.infer<typeof AddMemberBody>;

/** A DM with one person (or oneself), or a group DM of up to 8 people in all: 2 to 7 others. */
export const OpenDmBody = z.union([
  z.strictObject({ userId: Id, encrypted: z.boolean().optional() }),
  z.strictObject({
    userIds: z
      .array(Id)
      .min(2)
      .max(LIMITS.groupDmMax - 1)
      .refine((ids) => new Set(ids).size === ids.length, 'Each person once'),
    encrypted: z.boolean().optional(),
  }),
]);
export type OpenDmBody = z.infer<typeof OpenDmBody>;

export const ClientId = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Use a UUID or another URL-safe id');

const ThreadFields = { threadRootId: Id.optional(), alsoInChannel: z.boolean().optional() };
/** Files uploaded by the sender (POST /files) and not sent yet; a message of files alone needs no text. */
const FileIds = z
  .array(Id)
  .min(1)
  .max(LIMITS.attachmentsPerMessage)
  .refine((ids) => new Set(ids).size === ids.length, 'Each file once');
export const SendMessageBody = z
  .union([
    z.strictObject({ clientId: ClientId, body: MessageBody, fileIds: FileIds.optional(), ...ThreadFields }),
    z.strictObject({ clientId: ClientId, fileIds: FileIds, ...ThreadFields }),
    // Files of an encrypted channel were sealed in the browser (POST /files?sealed=1); their keys ride in the envelope.
    z.strictObject({
      clientId: ClientId,
      encrypted: EncryptedBody,
      fileIds: FileIds.optional(),
      ...ThreadFields,
    }),
  ])
  .refine((b) => !b.alsoInChannel || b.threadRootId, 'alsoInChannel is for thread replies');
export type SendMessageBody = z.infer<typeof SendMessageBody>;
/** `sealed=1`: the bytes were encrypted in the browser for an encrypted channel; the server never looks inside. */
export const UploadQuery = z
  .strictObject({ channelId: Id.optional(), sealed: z.literal('1').optional() })
  .refine((q) => !q.sealed || q.channelId, 'A sealed upload names its channel');
export type FileResponse = { file: FileInfo };
export const ChannelFilesQuery = z.strictObject({
  before: z.iso.datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type ChannelFilesQuery = z.infer<typeof ChannelFilesQuery>;
/** A channel's files, newest first, each with the message that carries it. */
export type ChannelFilesResponse = {
  files: { file: FileInfo; messageId: string; authorId: string; sentAt: string }[];
  more: boolean;
};

/** A draft keeps the text as typed (spaces and line breaks included); an empty draft is deleted instead. */
const DraftText = SafeString.min(1).max(LIMITS.bodyMax);
export const SaveDraftBody = z.union([
  z.strictObject({ threadRootId: Id.nullable().optional(), body: DraftText }),
  z.strictObject({ threadRootId: Id.nullable().optional(), encrypted: EncryptedBody }),
]);
export type SaveDraftBody = z.infer<typeof SaveDraftBody>;
export const DraftQuery = z.strictObject({ threadRootId: Id.optional() });
export type DraftQuery = z.infer<typeof DraftQuery>;

/** An earlier version of a message: its text (or sealed text) and when that version was written. */
export type MessageVersion = { body: string | null; encrypted: EncryptedBody | null; writtenAt: string };
export type MessageEditsResponse = { versions: MessageVersion[] };

export const EditMessageBody = z.union([
  z.strictObject({ body: MessageBody }),
  z.strictObject({ encrypted: EncryptedBody }),
]);
export type EditMessageBody = z.infer<typeof EditMessageBody>;

// Seqs are 32-bit columns: anything larger is a validation error, not a database error.
const SEQ_MAX = 2_147_483_647;
const Seq = z.coerce.number().int().min(0).max(SEQ_MAX);
export const HistoryQuery = z
  .strictObject({
    before: Seq.optional(),
    after: Seq.optional(),
    /** A page centred on this seq (it and newer on one side, older on the other), for links and unread. */
    around: Seq.optional(),
    limit: z.coerce.number().int().min(1).max(LIMITS.historyPageMax).default(LIMITS.historyPage),
  })
  .refine(
    (q) => [q.before, q.after, q.around].filter((v) => v !== undefined).length <= 1,
    'Use one of before, after or around',
  );
export type HistoryQuery = z.infer<typeof HistoryQuery>;

export const MarkReadBody = z.strictObject({ seq: z.number().int().min(0).max(SEQ_MAX) });
export type MarkReadBody = z.infer<typeof MarkReadBody>;

/** "Mark unread": the message with this seq, and what follows it, become unread again. */
export const MarkUnreadBody = z.strictObject({ seq: z.number().int().min(1).max(SEQ_MAX) });
export type MarkUnreadBody = z.infer<typeof MarkUnreadBody>;

/** Without a cursor: the newest replies; `before` pages older, `after` newer. */
export const ThreadQuery = z
  .strictObject({
    before: Seq.optional(),
    after: Seq.optional(),
    limit: z.coerce.number().int().min(1).max(LIMITS.historyPageMax).default(LIMITS.historyPageMax),
  })
  .refine((q) => q.before === undefined || q.after === undefined, 'Use one of before or after');
export type ThreadQuery = z.infer<typeof ThreadQuery>;

/** A sync position: opaque to clients. */
// Both parts fit their columns (xid8, bigint), so no cursor can make the query fail.
export const Cursor = z.string().regex(/^\d{1,19}\.\d{1,18}$/, 'Not a sync cursor');
export const SyncQuery = z.strictObject({ since: Cursor.optional() });
export type SyncQuery = z.infer<typeof SyncQuery>;

/** An emoji as the URL carries it: one emoji, or a :shortcode: the server knows. */
export const ReactionParams = z.strictObject({ id: Id, emoji: SafeString.min(1).max(64) });
export type ReactionParams = z.infer<typeof ReactionParams>;

/** A search: the language of parseSearch in `q`; `cursor` is the previous page's. */
export const SearchQuery = z.strictObject({
  q: SafeString.trim().min(1).max(500),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  cursor: z
    .string()
    .regex(/^\d{1,4}$/, 'Not a cursor from this search')
    .optional(),
});
export type SearchQuery = z.infer<typeof SearchQuery>;
/** `highlights`: the words and phrases searched for, lower-cased, for the client to mark where they occur. */
export type SearchResult = {
  message: Message;
  channelId: string;
  /** The channel's name, '' for DMs: a result may be in a public channel the reader has not joined. */
  channelName: string;
  highlights: string[];
};
export type SearchResponse = { results: SearchResult[]; cursor: string | null };

/** A link preview's picture through the server: its address, and the server's signature of it. */
export const PreviewImageQuery = z.strictObject({
  u: SafeString.min(1).max(2048),
  s: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'is not a signature'),
});
export type PreviewImageQuery = z.infer<typeof PreviewImageQuery>;

export const SavedQuery = z.strictObject({
  before: z.iso.datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(30),
});
export type SavedQuery = z.infer<typeof SavedQuery>;
/** `remindAt`: when its reminder is due; null when it has none (or it went off). */
export type SavedResponse = {
  saved: { message: Message; savedAt: string; remindAt: string | null }[];
  more: boolean;
};

/** A reminder about a message, at a time ahead (within a year); it saves the message too. */
export const SetReminderBody = z.strictObject({ at: z.iso.datetime({ offset: true }) });
export type SetReminderBody = z.infer<typeof SetReminderBody>;

/** When a scheduled message goes out: ahead, within a year. */
const SendAt = z.iso.datetime({ offset: true });
/** A message to send later: text, or sealed text in an encrypted channel; `clientId` makes a retry schedule it once. */
export const ScheduleMessageBody = z
  .union([
    z.strictObject({ clientId: ClientId, sendAt: SendAt, body: MessageBody, ...ThreadFields }),
    z.strictObject({ clientId: ClientId, sendAt: SendAt, encrypted: EncryptedBody, ...ThreadFields }),
  ])
  .refine((b) => !b.alsoInChannel || b.threadRootId, 'alsoInChannel is for thread replies');
export type ScheduleMessageBody = z.infer<typeof ScheduleMessageBody>;
/** A new time, new text, or both. */
export const UpdateScheduledBody = z.union([
  z.strictObject({ sendAt: SendAt }),
  z.strictObject({ sendAt: SendAt.optional(), body: MessageBody }),
  z.strictObject({ sendAt: SendAt.optional(), encrypted: EncryptedBody }),
]);
export type UpdateScheduledBody = z.infer<typeof UpdateScheduledBody>;
export type ScheduledResponse = { scheduled: ScheduledMessage };
/** The caller's scheduled messages, soonest first (at most 100, so one page). */
export type ScheduledListResponse = { scheduled: ScheduledMessage[] };

export const CreateBotBody = z.strictObject({ username: Username, displayName: DisplayName });
export type CreateBotBody = z.infer<typeof CreateBotBody>;
/** `token` is shown this once; Parley keeps only its hash. */
export type BotTokenResponse = { bot: Bot; token: string };
export type BotsResponse = { bots: Bot[] };

export const CreateWebhookBody = z.strictObject({ name: DisplayName });
export type CreateWebhookBody = z.infer<typeof CreateWebhookBody>;
/** `url` holds the secret and is shown this once; Parley keeps only its hash. */
export type CreatedWebhookResponse = { webhook: Webhook; url: string };
export type WebhooksResponse = { webhooks: Webhook[] };
/** Admin → Integrations: every webhook with its channel's name. */
export type AdminWebhooksResponse = { webhooks: (Webhook & { channelName: string })[] };
const TriggerWord = SafeString.trim().min(1).max(32).regex(/^\S+$/, 'is one word, with no spaces');
export const CreateOutgoingWebhookBody = z.strictObject({
  name: DisplayName,
  url: SafeString.max(2048).regex(/^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i, 'is not an http or https address'),
  triggerWords: z.array(TriggerWord).max(10).default([]),
});
export type CreateOutgoingWebhookBody = z.infer<typeof CreateOutgoingWebhookBody>;
/** `secret` signs every call (see docs/api.md): shown this once. */
export type CreatedOutgoingWebhookResponse = { webhook: OutgoingWebhook; secret: string };
export type OutgoingWebhooksResponse = { webhooks: OutgoingWebhook[] };
/** What an outgoing webhook POSTs, as JSON. */
export type OutgoingWebhookCall = {
  webhookId: string;
  channelId: string;
  channelName: string;
  messageId: string;
  userId: string;
  userName: string;
  text: string;
  triggerWord: string | null;
  createdAt: string;
};
/** What its answer may say back: `text` posted in the channel under the webhook's name (or `username`). */
export const OutgoingWebhookAnswer = z.object({
  text: SafeString.min(1).max(LIMITS.bodyMax),
  username: DisplayName.optional(),
});

/** What a webhook's URL takes: Slack's `text` (and `username` to post under another name this once). */
export const IncomingWebhookBody = z.strictObject({
  text: MessageBody,
  username: DisplayName.optional(),
});
export type IncomingWebhookBody = z.infer<typeof IncomingWebhookBody>;
export const WebhookTokenParams = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Not a webhook URL'),
});

/** What a Slack import brought in: channels under their Parley names (`from` Slack's), and what it left out. */
export type SlackImportSummary = {
  channelsTotal: number;
  peopleCreated: number;
  peopleMatched: number;
  channels: { name: string; from: string; messages: number; private: boolean }[];
  skipped: { name: string; reason: string }[];
  messages: number;
  messagesSkipped: number;
};

/** An import running in the background: `interrupted` when its server stopped mid-way (importing again resumes it). */
export type ImportJob = {
  id: string;
  state: 'running' | 'done' | 'failed' | 'interrupted';
  summary: SlackImportSummary;
  error: string | null;
  startedAt: string;
  finishedAt: string | null;
};
export type ImportJobResponse = { import: ImportJob };
/** A sign-in link (a password reset link) for each imported person who has set no password yet. */
export type ImportedLinksResponse = {
  links: { userId: string; username: string; displayName: string; path: string; expiresAt: string }[];
};

/** Messages that mention the caller, newest first; `cursor` is the previous page's nextCursor. */
export const MentionsQuery = z.strictObject({
  cursor: z
    .string()
    .regex(/^\d{1,15}\.[0-9a-fA-F-]{36}$/, 'Not a cursor from this list')
    .optional(),
  limit: z.coerce.number().int().min(1).max(50).default(30),
});
export type MentionsQuery = z.infer<typeof MentionsQuery>;
export type MentionsResponse = { messages: Message[]; nextCursor: string | null };

export const ListUsersQuery = z.strictObject({
  q: SafeString.trim().max(64).optional(),
  ids: z
    .string()
    .transform((v) => v.split(',').filter(Boolean))
    .pipe(z.array(Id).min(1).max(200))
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type ListUsersQuery = z.infer<typeof ListUsersQuery>;

export const BrowseChannelsQuery = z.strictObject({ scope: z.enum(['joined', 'browse']).default('joined') });
export type BrowseChannelsQuery = z.infer<typeof BrowseChannelsQuery>;

export const CreateInviteBody = z.strictObject({
  maxUses: z.number().int().min(1).max(10_000).optional(),
  expiresInHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .optional(),
});
export type CreateInviteBody = z.infer<typeof CreateInviteBody>;

/** A day at the least, as Slack and Mattermost allow; a hundred years at the most. */
export const RetentionDays = z.number().int().min(1).max(36_500);
/** `GET /admin/retention?days=N[&channelId=]`: what keeping messages N days would delete now, in one channel or where the instance's setting applies. */
export const RetentionPreviewQuery = z.strictObject({
  days: z.coerce.number().int().min(1).max(36_500),
  channelId: Id.optional(),
});
export type RetentionPreviewResponse = { messages: number; files: number; before: string };
/** A channel's own retention: `{ days }` (null for forever), or null to follow the instance's. */
export const ChannelRetentionBody = z.strictObject({
  retention: z.strictObject({ days: RetentionDays.nullable() }).nullable(),
});
export type ChannelRetentionBody = z.infer<typeof ChannelRetentionBody>;
/** `GET /admin/channels?q=`: channels (not DMs) whose name starts with q, public or private, for settings such as retention. */
export const AdminChannelsQuery = z.strictObject({ q: SafeString.trim().max(64).optional() });
export type AdminChannelsQuery = z.infer<typeof AdminChannelsQuery>;
export type AdminChannelsResponse = {
  channels: {
    id: string;
    name: string;
    kind: 'public' | 'private';
    archived: boolean;
    retention: { days: number | null } | null;
  }[];
};
/** Channels with a retention of their own, for the admin. */
export type RetentionChannelsResponse = {
  channels: { id: string; name: string; kind: 'public' | 'private'; days: number | null }[];
};

export const UpdateSettingsBody = z
  .strictObject({
    inviteOnly: z.boolean().optional(),
    name: SafeString.trim().min(1).max(64).optional(),
    groupManagers: GroupManagers.optional(),
    emojiAdders: EmojiAdders.optional(),
    requireTwoFactor: z.boolean().optional(),
    messageRetentionDays: RetentionDays.nullable().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, 'Nothing to change');
export type UpdateSettingsBody = z.infer<typeof UpdateSettingsBody>;

const GroupDescription = SafeString.trim().max(LIMITS.groupDescriptionMax);
const GroupMemberIds = z
  .array(Id)
  .max(LIMITS.groupMembersPerRequest)
  .refine((ids) => new Set(ids).size === ids.length, 'Each person once');
export const CreateGroupBody = z.strictObject({
  handle: GroupHandle,
  name: DisplayName,
  description: GroupDescription.optional(),
  userIds: GroupMemberIds.optional(),
});
export type CreateGroupBody = z.infer<typeof CreateGroupBody>;
export const UpdateGroupBody = z
  .strictObject({
    handle: GroupHandle.optional(),
    name: DisplayName.optional(),
    description: GroupDescription.optional(),
  })
  .refine((b) => Object.keys(b).length > 0, 'Nothing to change');
export type UpdateGroupBody = z.infer<typeof UpdateGroupBody>;
/** The whole member list, replacing the old one. */
export const SetGroupMembersBody = z.strictObject({ userIds: GroupMemberIds });
export type SetGroupMembersBody = z.infer<typeof SetGroupMembersBody>;
export type GroupResponse = { group: UserGroup };
export type GroupsResponse = { groups: UserGroup[] };

export const UpdateRoleBody = z.strictObject({ role: Role.exclude(['owner']) });
export type UpdateRoleBody = z.infer<typeof UpdateRoleBody>;

export const UpdateMembershipBody = z
  .strictObject({
    notify: NotifyLevel.optional(),
    muted: z.boolean().optional(),
    starred: z.boolean().optional(),
  })
  .refine(
    (b) => b.notify !== undefined || b.muted !== undefined || b.starred !== undefined,
    'Give notify, muted or starred',
  );
export type UpdateMembershipBody = z.infer<typeof UpdateMembershipBody>;

/** Members in display-name order, then id; `cursor` is the previous page's nextCursor; `q` a name prefix. */
export const MembersQuery = z.strictObject({
  q: SafeString.trim().max(64).optional(),
  cursor: Id.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type MembersQuery = z.infer<typeof MembersQuery>;

/** The admin's people list: a page in username order after `cursor`, narrowed by a word of the name, a role or a status. */
export const AdminUsersQuery = z.strictObject({
  q: SafeString.trim().max(64).optional(),
  role: Role.optional(),
  status: z.enum(['active', 'deactivated']).optional(),
  cursor: Id.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AdminUsersQuery = z.infer<typeof AdminUsersQuery>;

/** Named people, or groups by handle, whose members are not in the channel: whom a message mentioned but could not reach. */
export const NonMembersQuery = z.strictObject({
  usernames: z
    .string()
    .max(700)
    .transform((v) => v.split(',').filter(Boolean))
    .pipe(z.array(Username).min(1).max(20)),
});
export type NonMembersQuery = z.infer<typeof NonMembersQuery>;

/** People to offer after `@` in a channel: its members first, then anyone else who matches `q`. */
export const MentionableQuery = z.strictObject({
  q: SafeString.trim().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(20).default(8),
});
export type MentionableQuery = z.infer<typeof MentionableQuery>;

export const IdParams = z.strictObject({ id: Id });
export const MemberParams = z.strictObject({ id: Id, userId: Id });

// Responses: each resource under its own name.
export type HealthResponse = { status: 'ok'; version: string; mode: string; uptimeSeconds: number };
export type SessionResponse = { user: User };
export type UserResponse = { user: User };
export type UsersResponse = { users: User[] };
/** `notInChannel`: the ids of those listed who are not members, whom a mention would not reach. */
export type MentionableResponse = { users: User[]; notInChannel: string[] };
/** Up to 50 of the people a mention did not reach, and how many there are in all. */
export type NonMembersResponse = { users: User[]; total: number };
export type ChannelResponse = { channel: Channel };
export type ChannelsResponse = { channels: Channel[] };
/** nextCursor: pass it as `cursor` for the next page; null on the last page. */
export type MembersResponse = { members: Member[]; nextCursor: string | null };
/** `total`: how many people match the query in all pages. */
export type AdminUsersResponse = { users: AdminUser[]; nextCursor: string | null; total: number };
export type MessageResponse = { message: Message };
/** hasMore: older messages exist; hasMoreAfter (around= only): newer ones exist beyond the page. */
export type MessagesResponse = { messages: Message[]; hasMore: boolean; hasMoreAfter?: boolean };
export type ReactionsResponse = { reactions: Reaction[] };
/** hasMore: replies exist beyond the page in the direction asked (older, unless `after=`). */
export type ThreadResponse = { root: Message; messages: Message[]; hasMore: boolean; thread: ThreadState };
export type ThreadStateResponse = { thread: ThreadState };
/** A channel's read point and what is unread after it, up to `lastSeq`. */
export type ReadState = { channelId: string; seq: number; unread: number; mentions: number; lastSeq: number };
export type ReadAllResponse = { reads: ReadState[] };
export type ThreadsResponse = { threads: { thread: ThreadState; root: Message }[] };
export type SyncResponse = { changes: FeedChange[]; cursor: string; more: boolean };
export type InviteResponse = { invite: Invite };
export type InvitesResponse = { invites: Invite[] };
export const EmojiParams = z.strictObject({ name: EmojiName });
export type EmojiParams = z.infer<typeof EmojiParams>;
/** POST /emoji is multipart: this field beside the picture in a field named file. */
export const AddEmojiFields = z.strictObject({ name: EmojiName });
export type AddEmojiFields = z.infer<typeof AddEmojiFields>;
export type EmojiListResponse = { emoji: CustomEmoji[] };
export type EmojiResponse = { emoji: CustomEmoji };
export type SettingsResponse = { settings: InstanceSettings };
export type PresenceResponse = { presence: Record<string, Presence> };
export type InviteInfoResponse = { invite: { code: string; valid: boolean; instanceName: string } };

export const ClientConfig = z.object({
  apiBase: z.string(),
  socketBase: z.string(),
  socketPath: z.string(),
  cipherAlgorithm: z.literal('aes-256-ctr'),
  version: z.string(),
  /** Single sign-on, when the server has an OpenID Connect provider: the name its button shows. */
  sso: z.object({ name: z.string() }).optional(),
});
export type ClientConfig = z.infer<typeof ClientConfig>;

/** GET /auth/sso/start: where to land after, an invite to sign up with, or link to the signed-in account. */
export const SsoStartQuery = z.strictObject({
  next: SafeString.max(2000).optional(),
  invite: SafeString.max(64).optional(),
  link: z.literal('1').optional(),
});
export type SsoStartQuery = z.infer<typeof SsoStartQuery>;
/** GET /auth/sso/callback: what the provider sends back; other keys it adds are ignored. */
export const SsoCallbackQuery = z.object({
  code: SafeString.max(4096).optional(),
  state: SafeString.max(512).optional(),
  error: SafeString.max(200).optional(),
  iss: SafeString.max(2000).optional(),
});
export type SsoCallbackQuery = z.infer<typeof SsoCallbackQuery>;
/** GET /auth/sso: whether single sign-on is set up, the caller's connected account there, and whether they have a password. */
export type SsoStatusResponse = {
  sso: { name: string } | null;
  identity: { email: string | null; linkedAt: string } | null;
  /** False for an account made by single sign-on that has no password of its own yet. */
  password: boolean;
};

/**
 * What the server writes into each page it serves (`<script id="parley-boot" type="application/json">`),
 * so the app starts without asking for its config, session and sync cursor first.
 */
export type BootData = {
  config: ClientConfig;
  user: User | null;
  cursor: string | null;
  /** Answers to the chat screen's first GETs, by path under the API base, taken after the cursor. */
  answers?: Record<string, unknown>;
  /** The newest page of the channel the address names, when the reader is in it. */
  history?: { channelId: string; page: MessagesResponse };
};

/** The GETs a signed-in first screen makes before it shows anything: the page carries their answers. */
export const FIRST_SCREEN_GETS = [
  '/channels',
  '/users?limit=200',
  '/presence',
  '/threads',
  '/drafts',
  '/emoji',
  '/groups',
  '/keys/me',
] as const;
