import { and, count, desc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.js';
import { channels, memberships, messages, savedMessages } from '../../db/schema.js';
import type { MessageRow } from '../messages/messages.repo.js';

export async function setPinned(db: Conn, messageId: string, by: string | null): Promise<MessageRow> {
  const [row] = await db
    .update(messages)
    .set(by ? { pinnedAt: sql`now()`, pinnedBy: by } : { pinnedAt: null, pinnedBy: null })
    .where(eq(messages.id, messageId))
    .returning();
  return row!;
}

export async function countPins(db: Conn, channelId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.channelId, channelId), isNotNull(messages.pinnedAt), isNull(messages.deletedAt)));
  return Number(row?.n ?? 0);
}

/** A channel's pinned messages, the newest pin first. */
export async function listPins(db: Conn, channelId: string): Promise<MessageRow[]> {
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.channelId, channelId), isNotNull(messages.pinnedAt), isNull(messages.deletedAt)))
    .orderBy(desc(messages.pinnedAt));
}

export async function setSaved(
  db: Conn,
  userId: string,
  messageId: string,
  saved: boolean,
): Promise<boolean> {
  if (!saved) {
    const gone = await db
      .delete(savedMessages)
      .where(and(eq(savedMessages.userId, userId), eq(savedMessages.messageId, messageId)))
      .returning();
    return gone.length > 0;
  }
  const made = await db.insert(savedMessages).values({ userId, messageId }).onConflictDoNothing().returning();
  return made.length > 0;
}

export async function isSaved(db: Conn, userId: string, messageId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: savedMessages.messageId })
    .from(savedMessages)
    .where(and(eq(savedMessages.userId, userId), eq(savedMessages.messageId, messageId)));
  return !!row;
}

/** The user's saved messages in channels they can still read, newest saved first, before a time. */
export async function listSaved(
  db: Conn,
  user: { id: string; guest: boolean },
  page: { before?: Date; limit: number },
): Promise<{ message: MessageRow; savedAt: Date; remindAt: Date | null }[]> {
  return db
    .select({ message: messages, savedAt: savedMessages.savedAt, remindAt: savedMessages.remindAt })
    .from(savedMessages)
    .innerJoin(messages, eq(messages.id, savedMessages.messageId))
    .innerJoin(channels, eq(channels.id, messages.channelId))
    .leftJoin(
      memberships,
      and(eq(memberships.channelId, messages.channelId), eq(memberships.userId, user.id)),
    )
    .where(
      and(
        eq(savedMessages.userId, user.id),
        isNull(messages.deletedAt),
        user.guest
          ? isNotNull(memberships.userId)
          : or(isNotNull(memberships.userId), eq(channels.kind, 'public')),
        page.before ? lt(savedMessages.savedAt, page.before) : undefined,
      ),
    )
    .orderBy(desc(savedMessages.savedAt))
    .limit(page.limit);
}
