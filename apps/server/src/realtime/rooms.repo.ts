import { inArray } from 'drizzle-orm';
import type { Conn } from '../db/client.js';
import { memberships } from '../db/schema.js';

/** Each user's channel ids, for many users in one query. */
export async function listMemberChannelIds(db: Conn, userIds: string[]): Promise<Map<string, string[]>> {
  const rows = await db
    .select({ userId: memberships.userId, channelId: memberships.channelId })
    .from(memberships)
    .where(inArray(memberships.userId, userIds));
  const byUser = new Map<string, string[]>(userIds.map((id) => [id, []]));
  for (const row of rows) byUser.get(row.userId)!.push(row.channelId);
  return byUser;
}
