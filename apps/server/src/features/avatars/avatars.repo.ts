import { and, eq, ne } from 'drizzle-orm';
import type { Conn } from '../../db/client.js';
import { avatars } from '../../db/schema.js';

export type AvatarRow = typeof avatars.$inferSelect;

export async function insertAvatar(db: Conn, values: Omit<AvatarRow, 'createdAt'>): Promise<void> {
  await db.insert(avatars).values(values);
}

export async function findAvatar(db: Conn, id: string): Promise<AvatarRow | undefined> {
  const [row] = await db.select().from(avatars).where(eq(avatars.id, id));
  return row;
}

/** Removes the user's photos but the one kept (all when null); the ids removed, for the file store. */
export async function deleteOtherAvatars(db: Conn, userId: string, keep: string | null): Promise<string[]> {
  const rows = await db
    .delete(avatars)
    .where(and(eq(avatars.userId, userId), keep ? ne(avatars.id, keep) : undefined))
    .returning({ id: avatars.id });
  return rows.map((r) => r.id);
}
