import { asc, eq } from 'drizzle-orm';
import type { CustomEmoji } from '@parley/protocol';
import type { Conn } from '../../db/client.js';
import { customEmoji } from '../../db/schema.js';

export type EmojiRow = typeof customEmoji.$inferSelect;

export function toCustomEmoji(row: EmojiRow): CustomEmoji {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    addedBy: row.addedBy,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listEmoji(db: Conn): Promise<EmojiRow[]> {
  return db.select().from(customEmoji).orderBy(asc(customEmoji.name));
}

export async function findEmojiByName(db: Conn, name: string): Promise<EmojiRow | undefined> {
  const [row] = await db.select().from(customEmoji).where(eq(customEmoji.name, name));
  return row;
}

export async function findEmojiById(db: Conn, id: string): Promise<EmojiRow | undefined> {
  const [row] = await db.select().from(customEmoji).where(eq(customEmoji.id, id));
  return row;
}

/** Undefined when the name was taken meanwhile. */
export async function insertEmoji(
  db: Conn,
  values: typeof customEmoji.$inferInsert,
): Promise<EmojiRow | undefined> {
  const [row] = await db.insert(customEmoji).values(values).onConflictDoNothing().returning();
  return row;
}

export async function deleteEmoji(db: Conn, id: string): Promise<boolean> {
  const rows = await db.delete(customEmoji).where(eq(customEmoji.id, id)).returning({ id: customEmoji.id });
  return rows.length > 0;
}
