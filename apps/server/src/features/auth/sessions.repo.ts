import { and, desc, eq, gt, isNull, lt, ne } from 'drizzle-orm';
import type { Conn } from '../../db/client.js';
import { sessions, users } from '../../db/schema.js';

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(db: Conn, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

/** The live session and its active user, or undefined: revoked, expired, idle since before idleCutoff, or deactivated. */
export async function findLiveSession(db: Conn, id: string, now: Date, idleCutoff: Date) {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, id),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastActiveAt, idleCutoff),
        eq(users.status, 'active'),
      ),
    );
  return row;
}

/** Moves last-active forward only when it is older than `before`, so a busy session writes rarely. */
export async function touchSession(db: Conn, id: string, now: Date, before: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ lastActiveAt: now })
    .where(and(eq(sessions.id, id), lt(sessions.lastActiveAt, before)));
}

/** A user's sessions that still work, newest use first. */
export async function listLiveSessions(db: Conn, userId: string, now: Date, idleCutoff: Date) {
  return db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastActiveAt, idleCutoff),
      ),
    )
    .orderBy(desc(sessions.lastActiveAt));
}

export async function revokeSession(db: Conn, id: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, id));
}

/** Revokes every unrevoked session of a user except `keepId`; returns the ids it revoked. */
export async function revokeUserSessions(db: Conn, userId: string, keepId?: string): Promise<string[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepId ? ne(sessions.id, keepId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}
