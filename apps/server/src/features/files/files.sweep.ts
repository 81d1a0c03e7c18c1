import { and, isNull, lt } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { files } from '../../db/schema.js';
import { fileStoreOf } from './file-store.js';

/** An upload nobody sent within a day is dropped (its row, then its bytes), and so is one a killed process never finished. */
export const UNSENT_FILE_HOURS = 24;

export async function sweepUnsentFiles(ctx: AppContext, olderThan: Date): Promise<number> {
  const gone = await ctx.db
    .delete(files)
    .where(and(isNull(files.messageId), lt(files.createdAt, olderThan)))
    .returning({ id: files.id });
  const store = fileStoreOf(ctx);
  await Promise.all(gone.map((f) => store.remove(f.id)));
  await store.sweepIncoming(olderThan);
  return gone.length;
}
