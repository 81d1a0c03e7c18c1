import { sql } from 'drizzle-orm';
import {
  boolean,
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
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_username_key').on(t.username)],
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
    createdAt: createdAt(),
    editedAt: at('edited_at'),
    deletedAt: at('deleted_at'),
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
