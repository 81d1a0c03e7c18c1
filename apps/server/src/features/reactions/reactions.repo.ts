import { and, eq, sql } from 'drizzle-orm';
import { LIMITS } from '@parley/protocol';
import type { Conn } from '../../db/client.js';
import { reactions } from '../../db/schema.js';

/**
 * Adds a reaction unless the message already holds the most distinct emoji; a repeat changes nothing.
 * Answers whether the message had room.
 */
export async function addReaction(db: Conn, messageId: string, userId: string, emoji: string) {
  // The message's row lock makes the distinct-emoji count hold under concurrent reactions.
  await db.execute(sql`select 1 from messages where id = ${messageId} for update`);
  const result = (await db.execute(sql`
    insert into ${reactions} (message_id, user_id, emoji)
    select ${messageId}, ${userId}, ${emoji}
    where exists (select 1 from ${reactions} where message_id = ${messageId} and emoji = ${emoji})
      or (select count(distinct emoji) from ${reactions} where message_id = ${messageId}) < ${LIMITS.reactionsPerMessage}
    on conflict do nothing
    returning 1 as added`)) as unknown as { rows: unknown[] };
  if (result.rows.length > 0) return { added: true, full: false };
  const [mine] = await db
    .select()
    .from(reactions)
    .where(and(eq(reactions.messageId, messageId), eq(reactions.userId, userId), eq(reactions.emoji, emoji)));
  return { added: false, full: !mine };
}

export async function removeReaction(db: Conn, messageId: string, userId: string, emoji: string) {
  const rows = await db
    .delete(reactions)
    .where(and(eq(reactions.messageId, messageId), eq(reactions.userId, userId), eq(reactions.emoji, emoji)))
    .returning();
  return rows.length > 0;
}

export async function deleteReactionsOf(db: Conn, messageId: string): Promise<void> {
  await db.delete(reactions).where(eq(reactions.messageId, messageId));
}
