import { and, desc, eq, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { mentionPattern } from '@parley/protocol';
import type { Conn } from '../../db/client.js';
import { channels, memberships, messages } from '../../db/schema.js';
import type { MessageRow } from '../messages/messages.repo.js';

/**
 * Messages in plain channels the user is in that name them, one of their groups, or broadcast, newest first, before a
 * (created_at, id) position. Encrypted channels are the browser's to search: their bodies are sealed.
 */
export async function listMentions(
  db: Conn,
  user: { id: string; username: string; groupHandles: string[] },
  page: { before?: { at: Date; id: string }; limit: number },
): Promise<MessageRow[]> {
  const rows = await db
    .select({ message: messages })
    .from(messages)
    .innerJoin(
      memberships,
      and(eq(memberships.channelId, messages.channelId), eq(memberships.userId, user.id)),
    )
    .innerJoin(channels, and(eq(channels.id, messages.channelId), eq(channels.encrypted, false)))
    .where(
      and(
        isNull(messages.deletedAt),
        or(ne(messages.authorId, user.id), isNotNull(messages.via)),
        sql`${messages.body} like '%@%' and ${messages.body} ~* ${mentionPattern(user.username, user.groupHandles)}`,
        page.before
          ? sql`(${messages.createdAt}, ${messages.id}) < (${page.before.at.toISOString()}::timestamptz, ${page.before.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(page.limit);
  return rows.map((r) => r.message);
}
