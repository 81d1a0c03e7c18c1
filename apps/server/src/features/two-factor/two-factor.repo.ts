import { and, count, eq, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Conn } from '../../db/client.js';
import { recoveryCodes, twoFactor, users } from '../../db/schema.js';

export async function findTwoFactor(db: Conn, userId: string) {
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId));
  return row;
}

/** A new secret waiting for its first code; replaces one not yet confirmed. */
export async function savePending(db: Conn, userId: string, secretSealed: string): Promise<void> {
  await db
    .insert(twoFactor)
    .values({ userId, secretSealed })
    .onConflictDoUpdate({ target: twoFactor.userId, set: { secretSealed, enabledAt: null, lastStep: 0 } });
}

/** Takes a code's step once: false when that step (or a later one) was already used. */
export async function takeStep(db: Conn, userId: string, step: number, enable = false): Promise<boolean> {
  const rows = await db
    .update(twoFactor)
    .set({ lastStep: step, ...(enable ? { enabledAt: new Date() } : {}) })
    .where(
      and(
        eq(twoFactor.userId, userId),
        lt(twoFactor.lastStep, step),
        enable ? isNull(twoFactor.enabledAt) : undefined,
      ),
    )
    .returning({ userId: twoFactor.userId });
  return rows.length === 1;
}

export async function replaceRecoveryCodes(db: Conn, userId: string, hashes: string[]): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Spends a recovery code: exactly one caller gets true. */
export async function spendRecoveryCode(db: Conn, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .delete(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash)))
    .returning({ userId: recoveryCodes.userId });
  return rows.length === 1;
}

export async function countRecoveryCodes(db: Conn, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  return row?.n ?? 0;
}

export async function removeTwoFactor(db: Conn, userId: string): Promise<void> {
  await db.delete(twoFactor).where(eq(twoFactor.userId, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

/** Which of these users have two-factor on. */
export async function enabledAmong(db: Conn, userIds: string[]): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  const rows = await db
    .select({ userId: twoFactor.userId })
    .from(twoFactor)
    .where(and(inArray(twoFactor.userId, userIds), isNotNull(twoFactor.enabledAt)));
  return new Set(rows.map((r) => r.userId));
}

/** Active accounts without two-factor on: those a new requirement signs out. */
export async function activeWithout(db: Conn): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .leftJoin(twoFactor, eq(twoFactor.userId, users.id))
    .where(and(eq(users.status, 'active'), isNull(twoFactor.enabledAt)));
  return rows.map((r) => r.id);
}
