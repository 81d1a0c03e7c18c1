import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { EncryptedBody, Message } from '@parley/protocol';
import { type Conn, type Db, preparedStatement } from '../../db/client.js';
import { channels, messages } from '../../db/schema.js';

export type MessageRow = typeof messages.$inferSelect;

export function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    channelId: row.channelId,
    seq: row.seq,
    authorId: row.authorId,
    clientId: row.clientId,
    body: row.body,
    encrypted: (row.encrypted as EncryptedBody | null) ?? null,
    threadRootId: row.threadRootId,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    deletedAt: row.deletedAt?.toISOString() ?? null,
  };
}

export async function findMessage(db: Conn, id: string): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id));
  return row;
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

export type NewMessage = Omit<typeof messages.$inferInsert, 'seq' | 'createdAt'>;
type InsertedRow = { seq: number; created_at: Date | string };

/**
 * Takes the channel's next seq under its row lock and stores the message, in one statement:
 * if the insert fails (a repeated clientId), the seq goes back too, so seqs have no gaps.
 */
export async function insertWithNextSeq(db: Conn, values: NewMessage): Promise<MessageRow> {
  const encrypted = values.encrypted == null ? null : JSON.stringify(values.encrypted);
  // Both drivers answer { rows }; the generic result type of PgDatabase does not say so.
  const result = (await db.execute(sql`
    with next as (
      update ${channels} set last_seq = last_seq + 1 where id = ${values.channelId} returning last_seq
    )
    insert into ${messages} (id, channel_id, seq, author_id, client_id, body, encrypted, thread_root_id)
    select ${values.id}, ${values.channelId}, next.last_seq, ${values.authorId}, ${values.clientId},
      ${values.body ?? null}, ${encrypted}::jsonb, ${values.threadRootId ?? null}
    from next
    returning seq, created_at`)) as unknown as { rows: InsertedRow[] };
  return storedRow(values, result.rows[0]!);
}

// The common send: a plaintext message, stored only if the author is a member of an active,
// unencrypted channel and the thread root, if any, is in it.
const insertPlain = preparedStatement<InsertedRow>(
  'insert_plain_message',
  `with next as (
    update channels c set last_seq = c.last_seq + 1
    where c.id = $1 and c.archived_at is null and not c.encrypted
      and exists (select 1 from memberships m where m.channel_id = c.id and m.user_id = $2)
      and ($3::uuid is null or exists (select 1 from messages r where r.id = $3::uuid and r.channel_id = c.id))
    returning c.last_seq
  )
  insert into messages (id, channel_id, seq, author_id, client_id, body, thread_root_id)
  select $4, $1, next.last_seq, $2, $5, $6, $3::uuid from next
  returning seq, created_at`,
);

/**
 * The common send in one statement, checks included. Undefined when any check fails, so the
 * caller takes the checked path and answers with the precise error.
 */
export async function insertPlainIfAllowed(db: Db, values: NewMessage): Promise<MessageRow | undefined> {
  const thread = values.threadRootId ?? null;
  const [row] = await insertPlain(db, [
    values.channelId,
    values.authorId,
    thread,
    values.id,
    values.clientId,
    values.body,
  ]);
  return row ? storedRow(values, row) : undefined;
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
    createdAt: new Date(row.created_at),
    editedAt: null,
    deletedAt: null,
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
    .where(and(eq(messages.channelId, channelId), bound))
    .orderBy(forward ? asc(messages.seq) : desc(messages.seq))
    .limit(opts.limit + 1);
  const hasMore = rows.length > opts.limit;
  const page = rows.slice(0, opts.limit);
  return { rows: forward ? page : page.reverse(), hasMore };
}
