import { and, eq, inArray } from 'drizzle-orm';
import type { Conn } from '../../db/client.js';
import { ssoIdentities } from '../../db/schema.js';

export type IdentityRow = typeof ssoIdentities.$inferSelect;

export async function findIdentity(
  db: Conn,
  issuer: string,
  subject: string,
): Promise<IdentityRow | undefined> {
  const [row] = await db
    .select()
    .from(ssoIdentities)
    .where(and(eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.subject, subject)));
  return row;
}

export async function findIdentityOf(
  db: Conn,
  issuer: string,
  userId: string,
): Promise<IdentityRow | undefined> {
  const [row] = await db
    .select()
    .from(ssoIdentities)
    .where(and(eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.userId, userId)));
  return row;
}

/** Connects the account there to this user, in place of any other they had at the same provider. */
export async function saveIdentity(
  db: Conn,
  values: { issuer: string; subject: string; userId: string; email: string | null },
): Promise<void> {
  await db
    .delete(ssoIdentities)
    .where(and(eq(ssoIdentities.issuer, values.issuer), eq(ssoIdentities.userId, values.userId)));
  await db.insert(ssoIdentities).values({ ...values, lastUsedAt: new Date() });
}

export async function touchIdentity(
  db: Conn,
  issuer: string,
  subject: string,
  email: string | null,
): Promise<void> {
  await db
    .update(ssoIdentities)
    .set({ lastUsedAt: new Date(), email })
    .where(and(eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.subject, subject)));
}

/** Which of these people have an account at a single sign-on provider connected. */
export async function connectedAmong(db: Conn, userIds: string[]): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  const rows = await db
    .selectDistinct({ userId: ssoIdentities.userId })
    .from(ssoIdentities)
    .where(inArray(ssoIdentities.userId, userIds));
  return new Set(rows.map((r) => r.userId));
}
