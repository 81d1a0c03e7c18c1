import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Conn } from '../../db/client.js';
import { messages } from '../../db/schema.js';
import type { MessageRow } from '../messages/messages.repo.js';

/** A page of a channel's messages in seq order, thread replies and system lines included, deleted ones left out. */
export async function listForExport(
  db: Conn,
  channelId: string,
  after: number,
  limit: number,
): Promise<MessageRow[]> {
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.channelId, channelId), gt(messages.seq, after), isNull(messages.deletedAt)))
    .orderBy(asc(messages.seq))
    .limit(limit);
}
