import { and, count, eq, isNotNull, min, ne, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.js';
import { savedMessages } from '../../db/schema.js';

/** Sets (saving the message too) or clears the user's reminder about a message. */
export async function setReminder(
  db: Conn,
  userId: string,
  messageId: string,
  at: Date | null,
): Promise<void> {
  if (at) {
    await db
      .insert(savedMessages)
      .values({ userId, messageId, remindAt: at })
      .onConflictDoUpdate({ target: [savedMessages.userId, savedMessages.messageId], set: { remindAt: at } });
    return;
  }
  await db
    .update(savedMessages)
    .set({ remindAt: null })
    .where(and(eq(savedMessages.userId, userId), eq(savedMessages.messageId, messageId)));
}

/** The user's reminders still to go off, besides the one about `except`. */
export async function countReminders(db: Conn, userId: string, except: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(savedMessages)
    .where(
      and(
        eq(savedMessages.userId, userId),
        isNotNull(savedMessages.remindAt),
        ne(savedMessages.messageId, except),
      ),
    );
  return row?.n ?? 0;
}

export type DueReminder = { userId: string; messageId: string; channelId: string };

/** Takes up to `limit` reminders due by `now`, once each however many nodes ask at the same time. */
export async function takeDue(db: Conn, now: Date, limit: number): Promise<DueReminder[]> {
  const result = (await db.execute(sql`
    update saved_messages s set remind_at = null
    from messages m
    where m.id = s.message_id and (s.user_id, s.message_id) in (
      select user_id, message_id from saved_messages
      where remind_at <= ${now.toISOString()}::timestamptz
      order by remind_at limit ${limit}
      for update skip locked)
    returning s.user_id, s.message_id, m.channel_id`)) as unknown as {
    rows: { user_id: string; message_id: string; channel_id: string }[];
  };
  return result.rows.map((r) => ({
    userId: r.user_id,
    messageId: r.message_id,
    channelId: r.channel_id,
  }));
}

/** When the next reminder of anyone is due. */
export async function nextDue(db: Conn): Promise<Date | undefined> {
  const [row] = await db.select({ at: min(savedMessages.remindAt) }).from(savedMessages);
  return row?.at ? new Date(row.at) : undefined;
}
