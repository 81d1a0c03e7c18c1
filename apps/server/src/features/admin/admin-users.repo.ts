import { and, asc, eq } from 'drizzle-orm';
import type { Conn } from '../../db/client.js';
import { channels, memberships, users } from '../../db/schema.js';

/** Every account, deactivated ones too, for the admin's list. */
export async function listAllUsers(db: Conn, limit: number) {
  return db.select().from(users).orderBy(asc(users.username)).limit(limit);
}

/** The public channels (#general among them) a user is in: what a guest may not keep. */
export async function listPublicChannelIds(db: Conn, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: channels.id })
    .from(memberships)
    .innerJoin(channels, eq(channels.id, memberships.channelId))
    .where(and(eq(memberships.userId, userId), eq(channels.kind, 'public')));
  return rows.map((r) => r.id);
}
