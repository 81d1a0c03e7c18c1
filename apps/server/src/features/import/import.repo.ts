import { and, eq, sql } from 'drizzle-orm';
import { LIMITS } from '@parley/protocol';
import type { Conn } from '../../db/client.js';
import { channels, imported, memberships, reactions } from '../../db/schema.js';

export type ImportedKind = 'user' | 'channel';

/** What an earlier import made of a Slack id, if anything. */
export async function findImported(
  db: Conn,
  kind: ImportedKind,
  sourceId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ targetId: imported.targetId })
    .from(imported)
    .where(and(eq(imported.source, 'slack'), eq(imported.kind, kind), eq(imported.sourceId, sourceId)));
  return row?.targetId;
}

/** Throws a unique violation when another import took this id first: its channel rolls back. */
export async function recordImported(db: Conn, kind: ImportedKind, sourceId: string, targetId: string) {
  await db.insert(imported).values({ source: 'slack', kind, sourceId, targetId });
}

/** Reactions as Slack counted them: each person once per emoji, at most the distinct emoji a message may hold. */
export async function insertReactions(
  db: Conn,
  messageId: string,
  at: Date,
  list: { emoji: string; userIds: string[] }[],
): Promise<void> {
  let order = 0;
  // Spaced a millisecond apart from the message's time, so they list in Slack's order.
  const rows = list.slice(0, LIMITS.reactionsPerMessage).flatMap(({ emoji, userIds }) =>
    [...new Set(userIds)].map((userId) => ({
      messageId,
      userId,
      emoji,
      createdAt: new Date(at.getTime() + ++order),
    })),
  );
  if (rows.length) await db.insert(reactions).values(rows).onConflictDoNothing();
}

/** Imported history is read: every member's read mark at the channel's last message. */
export async function markAllRead(db: Conn, channelId: string): Promise<void> {
  await db
    .update(memberships)
    .set({
      lastReadSeq: sql`(select ${channels.lastSeq} from ${channels} where ${channels.id} = ${channelId})`,
    })
    .where(eq(memberships.channelId, channelId));
}
