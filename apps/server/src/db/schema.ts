import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// A transaction id: the sync feed orders changes by it and reads only below the oldest running one.
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    username: text('username').notNull(),
    displayName: text('display_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['owner', 'admin', 'member', 'guest'] }).notNull(),
    status: text('status', { enum: ['active', 'deactivated'] })
      .notNull()
      .default('active'),
    /** Do not disturb: no notifications until then. */
    dndUntil: timestamp('dnd_until', { withTimezone: true }),
    /** A custom status: an emoji and a few words, until a time or until cleared. */
    statusText: text('status_text'),
    statusEmoji: text('status_emoji'),
    statusUntil: timestamp('status_until', { withTimezone: true }),
    /** The IANA zone the user's browser reports, for their local time on their profile card. */
    timeZone: text('time_zone'),
    /** The profile photo (a row of avatars); null shows initials. */
    avatarId: uuid('avatar_id'),
    /** Driven by a script with a token (bot_tokens); never signs in with a password. */
    bot: boolean('bot').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(t.username),
    // Word starts of the username and name (`startsAWord`) use users_name_words_idx, a trigram index made in 0023.
    // Members in name order: the first page of a big channel reads a few index entries, not every membership.
    index('users_display_name_sort_idx').on(sql`lower(${t.displayName})`, t.id),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    revokedAt: at('revoked_at'),
    // Moved forward at most every few minutes; a session idle past SESSION_IDLE_DAYS is refused.
    lastActiveAt: at('last_active_at').notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const channels = pgTable('channels', {
  id: uuid('id').primaryKey(),
  name: text('name').unique(),
  topic: text('topic').notNull().default(''),
  kind: text('kind', { enum: ['public', 'private', 'dm', 'group'] }).notNull(),
  encrypted: boolean('encrypted').notNull().default(false),
  archivedAt: at('archived_at'),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  lastSeq: integer('last_seq').notNull().default(0),
  keyVersion: integer('key_version').notNull().default(0),
  keyRotationNeeded: boolean('key_rotation_needed').notNull().default(false),
  dmKey: text('dm_key').unique(),
  /** The channel's own retention ({ days }, days null for forever); null follows the instance's. */
  retention: jsonb('retention').$type<{ days: number | null }>(),
});

export const memberships = pgTable(
  'memberships',
  {
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['admin', 'member'] })
      .notNull()
      .default('member'),
    lastReadSeq: integer('last_read_seq').notNull().default(0),
    notify: text('notify', { enum: ['all', 'mentions', 'none'] })
      .notNull()
      .default('all'),
    /** Muted: out of unread bold and notifications; mentions still count. */
    muted: boolean('muted').notNull().default(false),
    /** Starred: kept in the sidebar's Starred section, above channels and DMs. */
    starred: boolean('starred').notNull().default(false),
    joinedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.userId] }), index('memberships_user_idx').on(t.userId)],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    clientId: text('client_id').notNull(),
    body: text('body'),
    encrypted: jsonb('encrypted'),
    threadRootId: uuid('thread_root_id'),
    alsoInChannel: boolean('also_in_channel').notNull().default(false),
    createdAt: createdAt(),
    editedAt: at('edited_at'),
    deletedAt: at('deleted_at'),
    // Thread roots keep their summary, so history reads no replies.
    replyCount: integer('reply_count').notNull().default(0),
    lastReplyAt: at('last_reply_at'),
    replyUserIds: uuid('reply_user_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    pinnedAt: at('pinned_at'),
    pinnedBy: uuid('pinned_by'),
    /** A system line's event ({ type: 'joined' }, ...); null for people's messages. */
    system: jsonb('system'),
    /** Posted through an integration ({ webhookId, name }); the author is who added it. */
    via: jsonb('via'),
    /** Link previews added after the send; [] when the author removed them, null when there are none yet. */
    previews: jsonb('previews'),
  },
  (t) => [
    uniqueIndex('messages_channel_seq_key').on(t.channelId, t.seq),
    uniqueIndex('messages_author_client_key').on(t.authorId, t.clientId),
    index('messages_thread_idx')
      .on(t.threadRootId)
      .where(sql`${t.threadRootId} is not null`),
  ],
);

export const invites = pgTable('invites', {
  code: text('code').primaryKey(),
  createdBy: uuid('created_by')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  expiresAt: at('expires_at'),
  maxUses: integer('max_uses'),
  uses: integer('uses').notNull().default(0),
  revokedAt: at('revoked_at'),
});

/** One-time password reset links; only the token's hash is stored. */
export const passwordResets = pgTable('password_resets', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
});

/** An account's authenticator secret, sealed under PARLEY_SECRET; enabledAt null while it is being set up. */
export const twoFactor = pgTable('two_factor', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  enabledAt: at('enabled_at'),
  /** The last 30-second step a code was accepted for: a code works once. */
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  createdAt: createdAt(),
});

/** An account at the OpenID Connect provider (its issuer and subject) that signs a Parley account in. */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    createdAt: createdAt(),
    lastUsedAt: at('last_used_at'),
  },
  (t) => [
    primaryKey({ name: 'sso_identities_pk', columns: [t.issuer, t.subject] }),
    uniqueIndex('sso_identities_user_idx').on(t.issuer, t.userId),
  ],
);

/** One-time codes for a lost phone, kept as SHA-256 hashes. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/** The security log: sign-ins and changes to accounts, access and settings, kept a year. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: at('at').notNull().defaultNow(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetId: uuid('target_id').references(() => users.id, { onDelete: 'set null' }),
    detail: jsonb('detail'),
    address: text('address'),
  },
  (t) => [
    index('audit_log_actor_idx').on(t.actorId, t.id),
    index('audit_log_target_idx').on(t.targetId, t.id),
  ],
);

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

export const userKeys = pgTable('user_keys', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  publicKeys: jsonb('public_keys').notNull(),
  wrappedPrivate: text('wrapped_private').notNull(),
  recoveryWrapped: text('recovery_wrapped').notNull(),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const channelKeys = pgTable(
  'channel_keys',
  {
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    wrapped: text('wrapped').notNull(),
    wrappedBy: uuid('wrapped_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.channelId, t.version, t.userId] }),
    index('channel_keys_user_idx').on(t.userId),
  ],
);

export const reactions = pgTable(
  'reactions',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    emoji: text('emoji').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.emoji, t.userId] })],
);

export const threadFollows = pgTable(
  'thread_follows',
  {
    rootId: uuid('root_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    following: boolean('following').notNull().default(true),
    lastReadSeq: integer('last_read_seq').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.rootId, t.userId] }), index('thread_follows_user_idx').on(t.userId)],
);

/**
 * The sync feed: one row per change a user may see, written in the transaction that made the change.
 * Scope: a user (userId), else a channel's members (channelId), else everyone.
 */
export const changes = pgTable(
  'changes',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    tx: xid8('tx')
      .notNull()
      .default(sql`pg_current_xact_id()`),
    kind: text('kind').notNull(),
    channelId: uuid('channel_id'),
    userId: uuid('user_id'),
    entityId: uuid('entity_id'),
    data: jsonb('data'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tx, t.id] })],
);

/** A user's unsent text per channel (scope '') or thread (scope = the root's id), sealed in encrypted channels. */
export const drafts = pgTable(
  'drafts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull().default(''),
    body: text('body'),
    encrypted: jsonb('encrypted'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.channelId, t.scope] })],
);

/** A user's saved messages: theirs alone, newest saved first. */
export const savedMessages = pgTable(
  'saved_messages',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its reminder is due; null when it has none or it went off. */
    remindAt: timestamp('remind_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.messageId] }),
    index('saved_messages_user_idx').on(t.userId, t.savedAt),
    index('saved_messages_remind_idx')
      .on(t.remindAt)
      .where(sql`${t.remindAt} is not null`),
  ],
);

/** Messages set to go out later, each the author's alone until it is sent (then the row goes). */
export const scheduledMessages = pgTable(
  'scheduled_messages',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    threadRootId: uuid('thread_root_id').references(() => messages.id, { onDelete: 'cascade' }),
    alsoInChannel: boolean('also_in_channel').notNull().default(false),
    /** The message's clientId when it is sent, so a send retried after a crash goes out once. */
    clientId: text('client_id').notNull(),
    body: text('body'),
    encrypted: jsonb('encrypted'),
    sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A node sending it holds it until then; past it, another node may. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** The error code of a send that was refused when due (the author left, the key changed...). */
    failedCode: text('failed_code'),
  },
  (t) => [
    uniqueIndex('scheduled_messages_client_key').on(t.userId, t.clientId),
    index('scheduled_messages_due_idx')
      .on(t.sendAt)
      .where(sql`${t.failedCode} is null`),
  ],
);

/** Earlier versions of edited messages, each with when it was written; gone when the message is deleted. */
export const messageEdits = pgTable(
  'message_edits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    body: text('body'),
    encrypted: jsonb('encrypted'),
    writtenAt: timestamp('written_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('message_edits_message_idx').on(t.messageId, t.id)],
);

/** Uploaded files: the bytes are in the file store, encrypted under `wrappedKey`; attached to one message. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey(),
    uploaderId: uuid('uploader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id').references(() => channels.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    size: integer('size').notNull(),
    type: text('type').notNull(),
    sha256: text('sha256').notNull(),
    wrappedKey: text('wrapped_key').notNull(),
    width: integer('width'),
    height: integer('height'),
    thumbWrappedKey: text('thumb_wrapped_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('files_message_idx').on(t.messageId),
    index('files_unattached_idx')
      .on(t.createdAt)
      .where(sql`${t.messageId} is null`),
  ],
);

/** User groups (`@design`): a handle that mentions every member; never the same as a username. */
export const userGroups = pgTable(
  'user_groups',
  {
    id: uuid('id').primaryKey(),
    handle: text('handle').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_groups_handle_key').on(sql`lower(${t.handle})`)],
);

export const userGroupMembers = pgTable(
  'user_group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => userGroups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('user_group_members_user_idx').on(t.userId)],
);

/** Custom emoji: a name (unique, never a standard shortcode) and its picture, encrypted at rest like files. */
/** Profile photos: a 256-pixel WebP square each, its bytes in the file store under the row's id. */
export const avatars = pgTable('avatars', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  size: integer('size').notNull(),
  sha256: text('sha256').notNull(),
  wrappedKey: text('wrapped_key').notNull(),
  createdAt: createdAt(),
});

export const customEmoji = pgTable('custom_emoji', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull().unique(),
  type: text('type').notNull(),
  size: integer('size').notNull(),
  sha256: text('sha256').notNull(),
  wrappedKey: text('wrapped_key').notNull(),
  addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** Incoming webhooks: a secret URL that posts into one channel as its creator, under its own name. */
export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** SHA-256 of the URL's secret: the secret itself is shown once, when the webhook is made. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: at('last_used_at'),
  },
  (t) => [
    uniqueIndex('webhooks_token_hash_key').on(t.tokenHash),
    index('webhooks_channel_idx').on(t.channelId),
  ],
);

/** Outgoing webhooks: a channel's messages POSTed to a URL; its signing secret is derived, never stored. */
export const outgoingWebhooks = pgTable(
  'outgoing_webhooks',
  {
    id: uuid('id').primaryKey(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    triggerWords: text('trigger_words')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    lastCalledAt: at('last_called_at'),
    lastResult: text('last_result'),
  },
  (t) => [index('outgoing_webhooks_channel_idx').on(t.channelId)],
);

/** A bot's API token, one per bot: only its SHA-256 is kept (null once removed); the token is shown once. */
export const botTokens = pgTable(
  'bot_tokens',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastUsedAt: at('last_used_at'),
  },
  (t) => [uniqueIndex('bot_tokens_token_hash_key').on(t.tokenHash)],
);

/** The slash commands a bot answers, as it registered them (PUT /bots/me/commands). */
export const botCommands = pgTable(
  'bot_commands',
  {
    botId: uuid('bot_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    args: text('args'),
  },
  (t) => [primaryKey({ columns: [t.botId, t.name] })],
);

/** What an import made of another chat's ids ('slack', 'user' | 'channel', U123 -> a user or channel id), so a rerun adds nothing. */
export const imported = pgTable(
  'imported',
  {
    source: text('source').notNull(),
    kind: text('kind').notNull(),
    sourceId: text('source_id').notNull(),
    targetId: uuid('target_id').notNull(),
    importedAt: at('imported_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.source, t.kind, t.sourceId] })],
);

/** Imports running in the background and how they ended; a running one beats every 15 s, so a stale one was interrupted. */
export const imports = pgTable('imports', {
  id: uuid('id').primaryKey(),
  startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
  state: text('state').notNull(),
  summary: jsonb('summary').notNull(),
  error: text('error'),
  startedAt: at('started_at').notNull().defaultNow(),
  heartbeatAt: at('heartbeat_at').notNull().defaultNow(),
  finishedAt: at('finished_at'),
});
