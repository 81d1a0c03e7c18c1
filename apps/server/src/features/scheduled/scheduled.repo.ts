import { and, asc, count, eq, isNull, min, sql } from 'drizzle-orm';
import type { EncryptedBody, ScheduledMessage } from '@parley/protocol';
import type { Conn } from '../../db/client.js';
import { scheduledMessages } from '../../db/schema.js';

export type ScheduledRow = typeof scheduledMessages.$inferSelect;
export type NewScheduled = typeof scheduledMessages.$inferInsert;
type Content = { body: string | null; encrypted: EncryptedBody | null };

export const toScheduled = (row: ScheduledRow): ScheduledMessage => ({
  id: row.id,
  channelId: row.channelId,
  threadRootId: row.threadRootId,
  alsoInChannel: row.alsoInChannel,
  body: row.body,
  encrypted: (row.encrypted as EncryptedBody | null) ?? null,
  sendAt: new Date(row.sendAt).toISOString(),
  createdAt: new Date(row.createdAt).toISOString(),
  failedCode: row.failedCode,
});

export async function listScheduled(db: Conn, userId: string): Promise<ScheduledRow[]> {
  return db
    .select()
    .from(scheduledMessages)
    .where(eq(scheduledMessages.userId, userId))
    .orderBy(asc(scheduledMessages.sendAt), asc(scheduledMessages.id));
}

export async function findScheduled(db: Conn, id: string): Promise<ScheduledRow | undefined> {
  const [row] = await db.select().from(scheduledMessages).where(eq(scheduledMessages.id, id));
  return row;
}

export async function countScheduled(db: Conn, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(scheduledMessages)
    .where(eq(scheduledMessages.userId, userId));
  return row?.n ?? 0;
}

/** The new row, or the one a retry of the same clientId stored first. */
export async function insertScheduled(db: Conn, values: NewScheduled): Promise<ScheduledRow> {
  const [row] = await db.insert(scheduledMessages).values(values).onConflictDoNothing().returning();
  return row ?? (await findByClientId(db, values.userId, values.clientId))!;
}

export async function findByClientId(db: Conn, userId: string, clientId: string) {
  const [row] = await db
    .select()
    .from(scheduledMessages)
    .where(and(eq(scheduledMessages.userId, userId), eq(scheduledMessages.clientId, clientId)));
  return row;
}

/** A new time or text, unless a node is sending it right now; a failed one is tried again. */
export async function updateScheduled(
  db: Conn,
  id: string,
  change: Partial<Content> & { sendAt?: Date },
  now: Date,
): Promise<ScheduledRow | undefined> {
  const [row] = await db
    .update(scheduledMessages)
    .set({ ...change, failedCode: null, claimedUntil: null })
    .where(and(eq(scheduledMessages.id, id), unclaimed(now)))
    .returning();
  return row;
}

export async function deleteScheduled(db: Conn, id: string): Promise<boolean> {
  const gone = await db
    .delete(scheduledMessages)
    .where(eq(scheduledMessages.id, id))
    .returning({ id: scheduledMessages.id });
  return gone.length > 0;
}

export async function markFailed(db: Conn, id: string, code: string): Promise<ScheduledRow | undefined> {
  const [row] = await db
    .update(scheduledMessages)
    .set({ failedCode: code, claimedUntil: null })
    .where(eq(scheduledMessages.id, id))
    .returning();
  return row;
}

/** Holds one for sending (the send-now button) unless a node already is. */
export async function claim(db: Conn, id: string, now: Date, until: Date): Promise<ScheduledRow | undefined> {
  const [row] = await db
    .update(scheduledMessages)
    .set({ claimedUntil: until })
    .where(and(eq(scheduledMessages.id, id), unclaimed(now)))
    .returning();
  return row;
}

/** Holds up to `limit` that are due, once each however many nodes ask at the same time. */
export async function claimDue(db: Conn, now: Date, until: Date, limit: number): Promise<ScheduledRow[]> {
  const due = db
    .select({ id: scheduledMessages.id })
    .from(scheduledMessages)
    .where(
      and(
        sql`${scheduledMessages.sendAt} <= ${now.toISOString()}::timestamptz`,
        isNull(scheduledMessages.failedCode),
        unclaimed(now),
      ),
    )
    .orderBy(asc(scheduledMessages.sendAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(scheduledMessages)
    .set({ claimedUntil: until })
    .where(sql`${scheduledMessages.id} in ${due}`)
    .returning();
}

/** When the next one of anyone's is due (a claimed one is looked at again when its hold runs out). */
export async function nextDue(db: Conn): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: min(sql<Date>`greatest(${scheduledMessages.sendAt}, ${scheduledMessages.claimedUntil})`) })
    .from(scheduledMessages)
    .where(isNull(scheduledMessages.failedCode));
  return row?.at ? new Date(row.at) : undefined;
}

const unclaimed = (now: Date) =>
  sql`(${scheduledMessages.claimedUntil} is null or ${scheduledMessages.claimedUntil} < ${now.toISOString()}::timestamptz)`;
