import { eq } from 'drizzle-orm';
import type { Conn } from '../db/client.js';
import { memberships } from '../db/schema.js';

export async function listMemberChannelIds(db: Conn, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: memberships.channelId })
    .from(memberships)
    .where(eq(memberships.userId, userId));
  return rows.map((r) => r.id);
}
