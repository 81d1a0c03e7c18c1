import { randomUUID } from 'node:crypto';
import { type SQL, and, asc, desc, eq, gt, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type {
  EncryptedBody,
  FileInfo,
  LinkPreview,
  Message,
  MessageVersion,
  Reaction,
  SystemEvent,
} from '@parley/protocol';
import { type Conn, type Db, commitsOneAtATime, preparedStatement } from '../../db/client.js';
import { type FeedPlace, type FeedPlaceRow, feedPlaceColumns, feedPlaceOf } from '../feed/feed-place.js';
import { files, messageEdits, messages, reactions } from '../../db/schema.js';

export type MessageRow = typeof messages.$inferSelect;
type MessageVia = NonNullable<Message['via']>;

export function toMessage(
  row: MessageRow,
  reactionList: Reaction[] = [],
  fileList: FileInfo[] = [],
): Message {
  return {
    id: row.id,
    channelId: row.channelId,
    seq: row.seq,
    authorId: row.authorId,
    clientId: row.clientId,
    body: row.body,
    encrypted: (row.encrypted as EncryptedBody | null) ?? null,
    threadRootId: row.threadRootId,
    alsoInChannel: row.alsoInChannel,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    deletedAt: row.deletedAt?.toISOString() ?? null,
    replyCount: row.replyCount,
    lastReplyAt: row.lastReplyAt?.toISOString() ?? null,
    replyUserIds: row.replyUserIds,
    reactions: reactionList,
    files: row.deletedAt ? [] : fileList,
    pinnedAt: row.pinnedAt?.toISOString() ?? null,
    pinnedBy: row.pinnedBy,
    system: (row.system as SystemEvent | null) ?? null,
    ...(row.via != null && { via: row.via as MessageVia }),
    ...(!row.deletedAt &&
      Array.isArray(row.previews) &&
      row.previews.length > 0 && { previews: row.previews as LinkPreview[] }),
  };
}

/** Rows as messages, each with its reactions and files, in two more queries. */
export async function withReactions(db: Conn, rows: MessageRow[]): Promise<Message[]> {
  const ids = rows.map((r) => r.id);
  const [byMessage, filesOf] = await Promise.all([listReactions(db, ids), listFiles(db, ids)]);
  return rows.map((r) => toMessage(r, byMessage.get(r.id), filesOf.get(r.id)));
}

export const toFileInfo = (f: {
  id: string;
  name: string;
  size: number;
  type: string;
  sha256: string;
  width?: number | null;
  height?: number | null;
  thumbWrappedKey?: string | null;
}): FileInfo => ({
  id: f.id,
  name: f.name,
  size: f.size,
  type: f.type,
  sha256: f.sha256,
  ...(f.width && f.height && { width: f.width, height: f.height }),
  ...(f.thumbWrappedKey && { thumbnail: true }),
});

/** Each message's files, in the order they were uploaded. */
export async function listFiles(db: Conn, messageIds: string[]): Promise<Map<string, FileInfo[]>> {
  const map = new Map<string, FileInfo[]>();
  if (messageIds.length === 0) return map;
  const rows = await db
    .select()
    .from(files)
    .where(inArray(files.messageId, messageIds))
    .orderBy(asc(files.createdAt), asc(files.id));
  for (const f of rows) map.set(f.messageId!, [...(map.get(f.messageId!) ?? []), toFileInfo(f)]);
  return map;
}

/** Gives the message the sender's unsent files (of no channel or this one); the count attached. */
export async function attachFiles(
  db: Conn,
  ids: string[],
  to: { messageId: string; channelId: string; authorId: string; sealed?: boolean },
): Promise<number> {
  const attached = await db
    .update(files)
    .set({ messageId: to.messageId, channelId: to.channelId })
    .where(
      and(
        inArray(files.id, ids),
        eq(files.uploaderId, to.authorId),
        isNull(files.messageId),
        // Sealed files were uploaded for this very channel: a plaintext upload never joins an encrypted message.
        to.sealed
          ? eq(files.channelId, to.channelId)
          : or(isNull(files.channelId), eq(files.channelId, to.channelId)),
      ),
    )
    .returning({ id: files.id });
  return attached.length;
}

/** Each message's reactions, emoji in the order first used, people in the order they reacted. */
export async function listReactions(db: Conn, messageIds: string[]): Promise<Map<string, Reaction[]>> {
  const map = new Map<string, Reaction[]>();
  if (messageIds.length === 0) return map;
  const rows = await db
    .select()
    .from(reactions)
    .where(inArray(reactions.messageId, messageIds))
    .orderBy(asc(reactions.createdAt), asc(reactions.userId));
  const byMessage = new Map<string, typeof rows>();
  for (const r of rows) byMessage.set(r.messageId, [...(byMessage.get(r.messageId) ?? []), r]);
  for (const [id, list] of byMessage) map.set(id, groupReactions(list));
  return map;
}

/** One message's reaction rows, in the order made, as emoji in order of first use with their people. */
export function groupReactions(rows: { emoji: string; userId: string }[]): Reaction[] {
  const list: Reaction[] = [];
  for (const r of rows) {
    const entry = list.find((e) => e.emoji === r.emoji);
    if (entry) {
      entry.count++;
      entry.userIds.push(r.userId);
    } else list.push({ emoji: r.emoji, count: 1, userIds: [r.userId] });
  }
  return list;
}

export async function findMessage(db: Conn, id: string): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id));
  return row;
}

export async function findMessages(db: Conn, ids: string[]): Promise<MessageRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(messages).where(inArray(messages.id, ids));
}

export async function findByClientId(
  db: Conn,
  authorId: string,
  clientId: string,
): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.authorId, authorId), eq(messages.clientId, clientId)));
  return row;
}

export type NewMessage = Pick<MessageRow, 'id' | 'channelId' | 'authorId' | 'clientId' | 'threadRootId'> &
  Partial<Pick<MessageRow, 'body' | 'encrypted' | 'alsoInChannel' | 'system' | 'via' | 'createdAt'>>;
type InsertedRow = FeedPlaceRow & { seq: number; created_at: Date | string };

/**
 * The one insert of a message, shared by the two statements below. It takes the channel's next seq
 * under its row lock and stores the message; if any part of the statement fails (a repeated
 * clientId), all of it rolls back, seq included, so seqs have no gaps. Unless the caller checked
 * already ($7), it stores only if the author is a member of an active, unencrypted channel and the
 * thread root is a root in it. The membership check names $1, not c.id: uncorrelated, it runs once
 * as a key lookup, where a correlated one read and hashed every membership of the author on every send.
 */
const storeMessageSql = (from: { tool: boolean }) => `next as (
    update channels c set last_seq = c.last_seq + 1
    where c.id = $1 and ($7::boolean or (c.archived_at is null and not c.encrypted
      and exists (select 1 from memberships m where m.channel_id = $1 and m.user_id = $2)
      and ($3::uuid is null or exists (select 1 from messages r
        where r.id = $3::uuid and r.channel_id = c.id and r.thread_root_id is null and r.system is null))))
    returning c.last_seq
  ), msg as (
    insert into messages (id, channel_id, seq, author_id, client_id, body, encrypted, thread_root_id, also_in_channel, system${from.tool ? ', via, created_at' : ''})
    select $4, $1, next.last_seq, $2, $5, $6, $8::jsonb, $3::uuid, $9::boolean, $10::jsonb${from.tool ? ', $11::jsonb, coalesce($12::timestamptz, now())' : ''} from next
    returning seq, created_at
  )`;
// People's sends take the statement without a tool's two columns ($11 via, $12 its own time), as cheap as ever.
const STORE_MESSAGE = storeMessageSql({ tool: false });
const STORE_TOOL_MESSAGE = storeMessageSql({ tool: true });

/**
 * A message that is no reply, recorded in the sync feed. Run on its own and asked to (its last
 * parameter), it also tells its feed row and the row just before it: with no older transaction
 * running, every row before its own is committed and seen here, so its node can deliver it without
 * reading the feed back. A webhook's message takes the tool's form of the insert.
 */
const newMessageSql = (store: string, asked: string) => `with ${store}, feed as (
    insert into changes (kind, channel_id, user_id, entity_id)
    select 'message:created', $1::uuid, null::uuid, $4::uuid from msg
    returning tx, id
  )
  select seq, created_at, ${feedPlaceColumns(asked)} from msg`;
const insertMessage = preparedStatement<InsertedRow>(
  'insert_message',
  newMessageSql(STORE_MESSAGE, '$11::boolean'),
);
const insertToolMessage = preparedStatement<InsertedRow>(
  'insert_tool_message',
  newMessageSql(STORE_TOOL_MESSAGE, '$13::boolean'),
);

/**
 * A thread reply: besides the message, it updates its root's summary, makes the replier (and the
 * root's author) follow the thread, and records the reply, the root and every follower's thread in the
 * feed. Its several rows are delivered by reading the feed.
 */
const insertReply = preparedStatement<InsertedRow>(
  'insert_reply',
  `with ${STORE_MESSAGE}, root as (
    update messages r set reply_count = r.reply_count + 1, last_reply_at = msg.created_at,
      reply_user_ids = (array_prepend($2::uuid, array_remove(r.reply_user_ids, $2::uuid)))[1:3]
    from msg where r.id = $3::uuid
    returning r.id, r.author_id
  ), joiners as (
    insert into thread_follows as f (root_id, user_id, following, last_read_seq)
    select distinct on (u.user_id) root.id, u.user_id, true, u.read_seq
    from root, msg, lateral (values ($2::uuid, msg.seq), (root.author_id, 0)) u(user_id, read_seq)
    order by u.user_id, u.read_seq desc
    on conflict (root_id, user_id) do update
      set following = f.following or excluded.user_id = $2::uuid,
        last_read_seq = greatest(f.last_read_seq, excluded.last_read_seq)
    returning f.user_id, f.following
  ), notified as (
    select f.user_id from thread_follows f, root where f.root_id = root.id and f.following
    union select user_id from joiners where following
  ), feed as (
    insert into changes (kind, channel_id, user_id, entity_id)
    select 'message:created', $1::uuid, null::uuid, $4::uuid from msg
    union all select 'message:updated', $1::uuid, null, id from root
    union all select 'thread:updated', $1::uuid, user_id, $3::uuid from notified
  )
  select seq, created_at from msg`,
);

/** History brought in from elsewhere (an import): stored at its own time, in no feed, its threads counted after. */
const importMessage = preparedStatement<InsertedRow>(
  'import_message',
  `with ${STORE_TOOL_MESSAGE} select seq, created_at from msg`,
);

/** Stores an imported message in the caller's transaction, checks skipped: the importer made the channel. */
export async function importMessageRow(
  db: Conn,
  values: NewMessage & { createdAt: Date; editedAt: Date | null },
): Promise<MessageRow> {
  const [row] = await importMessage(db, [...paramsOf(values, true), ...toolParams(values)]);
  if (values.editedAt) await updateMessage(db, values.id, { editedAt: values.editedAt });
  return { ...storedRow(values, row!), editedAt: values.editedAt };
}

async function storeMessage(
  db: Conn,
  values: NewMessage,
  opts: { checked: boolean; lookUpPrev: boolean },
): Promise<InsertedRow | undefined> {
  const params = paramsOf(values, opts.checked);
  if (values.via != null) {
    // Tools post no thread replies.
    const [row] = await insertToolMessage(db, [...params, ...toolParams(values), opts.lookUpPrev]);
    return row;
  }
  const [row] = values.threadRootId
    ? await insertReply(db, params)
    : await insertMessage(db, [...params, opts.lookUpPrev]);
  return row;
}

/** The tool's form's two more parameters, $11 and $12. */
const toolParams = (values: NewMessage): unknown[] => [
  values.via == null ? null : JSON.stringify(values.via),
  values.createdAt ?? null,
];

/** STORE_MESSAGE's parameters, $1 to $10. */
function paramsOf(values: NewMessage, checked: boolean): unknown[] {
  return [
    values.channelId,
    values.authorId,
    values.threadRootId ?? null,
    values.id,
    values.clientId,
    values.body ?? null,
    checked,
    values.encrypted == null ? null : JSON.stringify(values.encrypted),
    values.alsoInChannel ?? false,
    values.system == null ? null : JSON.stringify(values.system),
  ];
}

/** Stores a message in the caller's transaction; undefined when a check fails, so the caller can say which. */
export async function insertMessageRow(
  db: Conn,
  values: NewMessage,
  opts: { checked: boolean },
): Promise<MessageRow | undefined> {
  const row = await storeMessage(db, values, { ...opts, lookUpPrev: false });
  return row && storedRow(values, row);
}

/** Stores a message as a statement of its own, with where its change sits in the feed when that is known. */
export async function sendMessageRow(
  db: Db,
  values: NewMessage,
  opts: { checked: boolean },
): Promise<{ row: MessageRow; feed?: FeedPlace } | undefined> {
  const serial = commitsOneAtATime(db);
  // One transaction at a time: the row before is told by its id, not looked up.
  const row = await storeMessage(db, values, { ...opts, lookUpPrev: !serial });
  if (!row) return undefined;
  return { row: storedRow(values, row), feed: feedPlaceOf(row, serial) };
}

function storedRow(values: NewMessage, row: InsertedRow): MessageRow {
  return {
    id: values.id,
    channelId: values.channelId,
    seq: Number(row.seq),
    authorId: values.authorId,
    clientId: values.clientId,
    body: values.body ?? null,
    encrypted: values.encrypted ?? null,
    threadRootId: values.threadRootId ?? null,
    alsoInChannel: values.alsoInChannel ?? false,
    createdAt: new Date(row.created_at),
    editedAt: null,
    deletedAt: null,
    replyCount: 0,
    lastReplyAt: null,
    replyUserIds: [],
    pinnedAt: null,
    pinnedBy: null,
    system: values.system ?? null,
    via: values.via ?? null,
    previews: null,
  };
}

export async function updateMessage(
  db: Conn,
  id: string,
  values: Partial<Pick<MessageRow, 'body' | 'encrypted' | 'editedAt' | 'deletedAt'>>,
): Promise<MessageRow> {
  const [row] = await db.update(messages).set(values).where(eq(messages.id, id)).returning();
  return row!;
}

/** After a reply is deleted: the root's summary counted again from the replies left. */
export async function recountReplies(db: Conn, rootId: string): Promise<void> {
  await db.execute(sql`
    update ${messages} r set
      reply_count = (select count(*)::int from ${messages} x where x.thread_root_id = r.id and x.deleted_at is null),
      last_reply_at = (select max(x.created_at) from ${messages} x where x.thread_root_id = r.id and x.deleted_at is null),
      reply_user_ids = array(select x.author_id from ${messages} x
        where x.thread_root_id = r.id and x.deleted_at is null
        group by x.author_id order by max(x.seq) desc limit 3)
    where r.id = ${rootId}`);
}

/**
 * Writes a system line ("Alice joined") through the one insert, in the caller's transaction: the
 * channel's next seq, recorded in the feed as message:created like any message.
 */
export async function insertSystemLine(
  db: Conn,
  line: { channelId: string; actorId: string; system: SystemEvent },
): Promise<MessageRow> {
  const id = randomUUID();
  const row = await insertMessageRow(
    db,
    {
      id,
      channelId: line.channelId,
      authorId: line.actorId,
      clientId: `system:${id}`,
      threadRootId: null,
      system: line.system,
    },
    { checked: true },
  );
  return row!;
}

/** Messages that show in the channel: roots and replies also sent there. */
const inChannel = or(isNull(messages.threadRootId), eq(messages.alsoInChannel, true));

/** A page of history in ascending seq order, plus whether more lies beyond it. */
export async function listMessages(
  db: Conn,
  channelId: string,
  opts: { before?: number; after?: number; limit: number },
): Promise<{ rows: MessageRow[]; hasMore: boolean }> {
  const forward = opts.after !== undefined;
  const bound =
    opts.after !== undefined
      ? gt(messages.seq, opts.after)
      : opts.before !== undefined
        ? lt(messages.seq, opts.before)
        : undefined;
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.channelId, channelId), inChannel, bound))
    .orderBy(forward ? asc(messages.seq) : desc(messages.seq))
    .limit(opts.limit + 1);
  const hasMore = rows.length > opts.limit;
  const page = rows.slice(0, opts.limit);
  return { rows: forward ? page : page.reverse(), hasMore };
}

/**
 * A page around a seq: up to half older than it, the rest from it on, one side filling what the other
 * lacks; hasMore and hasMoreAfter say whether older and newer messages lie beyond.
 */
export async function listAround(
  db: Conn,
  channelId: string,
  opts: { around: number; limit: number },
): Promise<{ rows: MessageRow[]; hasMore: boolean; hasMoreAfter: boolean }> {
  const side = (bound: SQL, order: SQL) =>
    db
      .select()
      .from(messages)
      .where(and(eq(messages.channelId, channelId), inChannel, bound))
      .orderBy(order)
      .limit(opts.limit + 1);
  const older = await side(lt(messages.seq, opts.around), desc(messages.seq));
  const newer = await side(gte(messages.seq, opts.around), asc(messages.seq));
  const newerTaken = Math.min(newer.length, opts.limit - Math.min(older.length, Math.floor(opts.limit / 2)));
  const olderTaken = Math.min(older.length, opts.limit - newerTaken);
  return {
    rows: [...older.slice(0, olderTaken).reverse(), ...newer.slice(0, newerTaken)],
    hasMore: older.length > olderTaken,
    hasMoreAfter: newer.length > newerTaken,
  };
}

/** A thread's replies after a seq, ascending. */
export async function listReplies(
  db: Conn,
  rootId: string,
  opts: { before?: number; after?: number; limit: number },
): Promise<{ rows: MessageRow[]; hasMore: boolean }> {
  // Newest first unless paging forward, so a long thread opens on its latest replies.
  const forward = opts.after !== undefined;
  const rows = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.threadRootId, rootId),
        forward ? gt(messages.seq, opts.after!) : undefined,
        opts.before !== undefined ? lt(messages.seq, opts.before) : undefined,
      ),
    )
    .orderBy(forward ? asc(messages.seq) : desc(messages.seq))
    .limit(opts.limit + 1);
  const page = rows.slice(0, opts.limit);
  return { rows: forward ? page : page.reverse(), hasMore: rows.length > opts.limit };
}

/** Before an edit: the text as it was, and when it was written (sent, or last edited). */
export async function keepVersion(db: Conn, row: MessageRow): Promise<void> {
  await db.insert(messageEdits).values({
    messageId: row.id,
    body: row.body,
    encrypted: row.encrypted,
    writtenAt: row.editedAt ?? row.createdAt,
  });
}

export async function listVersions(db: Conn, messageId: string): Promise<MessageVersion[]> {
  const rows = await db
    .select()
    .from(messageEdits)
    .where(eq(messageEdits.messageId, messageId))
    .orderBy(asc(messageEdits.id));
  return rows.map((r) => ({
    body: r.body,
    encrypted: (r.encrypted as EncryptedBody | null) ?? null,
    writtenAt: r.writtenAt.toISOString(),
  }));
}

export async function forgetVersions(db: Conn, messageId: string): Promise<void> {
  await db.delete(messageEdits).where(eq(messageEdits.messageId, messageId));
}

/** A deleted message's files go with it: their rows now, their bytes once this commits. */
export async function detachFiles(db: Conn, messageId: string): Promise<string[]> {
  const gone = await db.delete(files).where(eq(files.messageId, messageId)).returning({ id: files.id });
  return gone.map((f) => f.id);
}
