import { and, eq, inArray, sql } from 'drizzle-orm';
import type { OwnKeys, PublicKeys, UserKeys } from '@parley/protocol';
import type { Conn } from '../../db/client.js';
import { channelKeys, channels, memberships, userKeys } from '../../db/schema.js';

type UserKeysRow = typeof userKeys.$inferSelect;

export function toUserKeys(row: UserKeysRow): UserKeys {
  return {
    userId: row.userId,
    publicKeys: row.publicKeys as PublicKeys,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toOwnKeys(row: UserKeysRow): OwnKeys {
  return { ...toUserKeys(row), wrappedPrivate: row.wrappedPrivate, recoveryWrapped: row.recoveryWrapped };
}

export async function findUserKeys(db: Conn, userId: string): Promise<UserKeysRow | undefined> {
  const [row] = await db.select().from(userKeys).where(eq(userKeys.userId, userId));
  return row;
}

export async function listUserKeys(db: Conn, userIds: string[]): Promise<UserKeysRow[]> {
  return db.select().from(userKeys).where(inArray(userKeys.userId, userIds));
}

export async function upsertUserKeys(db: Conn, values: typeof userKeys.$inferInsert): Promise<UserKeysRow> {
  const [row] = await db
    .insert(userKeys)
    .values(values)
    .onConflictDoUpdate({
      target: userKeys.userId,
      set: {
        publicKeys: values.publicKeys,
        wrappedPrivate: values.wrappedPrivate,
        recoveryWrapped: values.recoveryWrapped,
        updatedAt: new Date(),
      },
    })
    .returning();
  return row!;
}

export async function rewrapUserKeys(
  db: Conn,
  userId: string,
  values: { wrappedPrivate: string; recoveryWrapped?: string },
): Promise<UserKeysRow | undefined> {
  const [row] = await db
    .update(userKeys)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(userKeys.userId, userId))
    .returning();
  return row;
}

export async function listWrapsFor(db: Conn, channelId: string, userId: string) {
  return db
    .select({ version: channelKeys.version, wrapped: channelKeys.wrapped, wrappedBy: channelKeys.wrappedBy })
    .from(channelKeys)
    .where(and(eq(channelKeys.channelId, channelId), eq(channelKeys.userId, userId)))
    .orderBy(channelKeys.version);
}

// Columns are spelled out: drizzle drops the table name inside single-table selects.
/** Each member, whether they have set up keys, and the key versions wrapped for them. */
export async function keyStatus(db: Conn, channelId: string) {
  return db
    .select({
      userId: memberships.userId,
      hasKeys: sql<boolean>`exists (select 1 from ${userKeys} k where k.user_id = memberships.user_id)`,
      versions: sql<
        number[]
      >`coalesce((select array_agg(ck.version order by ck.version) from ${channelKeys} ck
        where ck.channel_id = ${channelId} and ck.user_id = memberships.user_id), '{}')`,
    })
    .from(memberships)
    .where(eq(memberships.channelId, channelId));
}

export async function insertWraps(
  db: Conn,
  rows: { channelId: string; version: number; userId: string; wrapped: string; wrappedBy: string }[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db.insert(channelKeys).values(rows).onConflictDoNothing().returning();
  return inserted.length;
}

/** Moves the channel to the next key version, under its row lock. */
export async function bumpKeyVersion(db: Conn, channelId: string, expectedCurrent: number): Promise<boolean> {
  const rows = await db
    .update(channels)
    .set({ keyVersion: expectedCurrent + 1, keyRotationNeeded: false })
    .where(and(eq(channels.id, channelId), eq(channels.keyVersion, expectedCurrent)))
    .returning();
  return rows.length > 0;
}

export async function deleteWrapsOf(db: Conn, userId: string): Promise<void> {
  await db.delete(channelKeys).where(eq(channelKeys.userId, userId));
}

export async function holdsVersion(
  db: Conn,
  channelId: string,
  version: number,
  userId: string,
): Promise<boolean> {
  const rows = await db
    .select({ version: channelKeys.version })
    .from(channelKeys)
    .where(
      and(
        eq(channelKeys.channelId, channelId),
        eq(channelKeys.version, version),
        eq(channelKeys.userId, userId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
