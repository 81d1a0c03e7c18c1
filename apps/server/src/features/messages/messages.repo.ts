import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { EncryptedBody, Message } from '@parley/protocol';
import type { Conn } from '../../db/client.js';
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

/** Takes the channel's next seq under its row lock, so seqs have no gaps and no repeats. */
export async function nextSeq(tx: Conn, channelId: string): Promise<number> {
  const [row] = await tx
    .update(channels)
    .set({ lastSeq: sql`${channels.lastSeq} + 1` })
    .where(eq(channels.id, channelId))
    .returning({ seq: channels.lastSeq });
  return row!.seq;
}

export async function insertMessage(tx: Conn, values: typeof messages.$inferInsert): Promise<MessageRow> {
  const [row] = await tx.insert(messages).values(values).returning();
  return row!;
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
