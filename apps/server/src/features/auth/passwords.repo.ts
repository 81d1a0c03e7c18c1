import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Conn } from '../../db/client.js';
import { passwordResets, users } from '../../db/schema.js';

export async function findPasswordHash(db: Conn, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.hash;
}

export async function setPasswordHash(db: Conn, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** A new link replaces any the user still had unused. */
export async function replaceReset(db: Conn, values: typeof passwordResets.$inferInsert): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.userId, values.userId), isNull(passwordResets.usedAt)));
  await db.insert(passwordResets).values(values);
}

const usable = (tokenHash: string, now: Date) =>
  and(
    eq(passwordResets.tokenHash, tokenHash),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, now),
  );

/** The user a usable link belongs to (active accounts only), or undefined. */
export async function findUsableReset(db: Conn, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ userId: users.id, username: users.username })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(and(usable(tokenHash, now), eq(users.status, 'active')));
  return row;
}

/** Spends a link atomically: exactly one caller gets its user id. */
export async function consumeReset(db: Conn, tokenHash: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(usable(tokenHash, now))
    .returning({ userId: passwordResets.userId });
  return row?.userId;
}
