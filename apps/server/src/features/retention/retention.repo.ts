import { and, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.js';
import { files, messages, scheduledMessages } from '../../db/schema.js';
import { recordChanges } from '../feed/feed.repo.js';

/**
 * A channel message, or a thread root with all its replies, whose last activity was before `before`:
 * told by the message alone, so a tab applies the same rule to what it shows.
 */
const due = (before: Date) =>
  and(
    isNull(messages.threadRootId),
    lt(messages.createdAt, before),
    or(isNull(messages.lastReplyAt), lt(messages.lastReplyAt, before)),
  );

/** Deletes up to `limit` due messages with their replies, reactions, pins and files, and records one change per channel. */
export async function pruneBatch(db: Conn, before: Date, limit: number) {
  const roots = await db
    .select({ id: messages.id })
    .from(messages)
    .where(due(before))
    // No order: a scan stops at the first `limit` found, and old rows come first in the table anyway.
    .limit(limit)
    .for('update', { skipLocked: true });
  if (roots.length === 0) return { roots: 0, messages: 0, fileIds: [], channelIds: [] };
  const ids = roots.map((r) => r.id);
  const doomed = or(inArray(messages.id, ids), inArray(messages.threadRootId, ids));
  const fileIds = await db
    .delete(files)
    .where(inArray(files.messageId, db.select({ id: messages.id }).from(messages).where(doomed)))
    .returning({ id: files.id });
  // A reply still scheduled to a thread that goes, goes with it; its author's tabs hear so.
  const unsent = await db
    .delete(scheduledMessages)
    .where(inArray(scheduledMessages.threadRootId, ids))
    .returning({
      id: scheduledMessages.id,
      userId: scheduledMessages.userId,
      channelId: scheduledMessages.channelId,
    });
  const gone = await db.delete(messages).where(doomed).returning({ channelId: messages.channelId });
  const channelIds = [...new Set(gone.map((m) => m.channelId))];
  const data = { before: before.toISOString() };
  await recordChanges(db, [
    ...channelIds.map((channelId) => ({ kind: 'history:pruned' as const, channelId, data })),
    ...unsent.map((s) => ({
      kind: 'scheduled:changed' as const,
      channelId: s.channelId,
      userId: s.userId,
      entityId: s.id,
    })),
  ]);
  return { roots: roots.length, messages: gone.length, fileIds: fileIds.map((f) => f.id), channelIds };
}

/** What pruning at `before` would delete now: messages (replies included) and files. */
export async function countDue(db: Conn, before: Date): Promise<{ messages: number; files: number }> {
  const result = (await db.execute(sql`
    with roots as (select ${messages.id} as id from ${messages} where ${due(before)}),
    doomed as (
      select m.id from messages m
      where m.id in (select id from roots) or m.thread_root_id in (select id from roots))
    select (select count(*)::int from doomed) as messages,
      (select count(*)::int from files f where f.message_id in (select id from doomed)) as files`)) as unknown as {
    rows: { messages: number; files: number }[];
  };
  return result.rows[0]!;
}
