import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Conn } from '../../db/client.js';
import { sessions, users } from '../../db/schema.js';

export async function insertSession(db: Conn, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

/** The live session and its active user, or undefined. */
export async function findLiveSession(db: Conn, id: string, now: Date) {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, id),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        eq(users.status, 'active'),
      ),
    );
  return row;
}

export async function revokeSession(db: Conn, id: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, id));
}
