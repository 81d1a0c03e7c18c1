import { eq } from 'drizzle-orm';
import { LIMITS, type SyncResponse } from '@parley/protocol';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { settings } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Actor } from '../channels/permissions.js';
import {
  comparePositions,
  formatPosition,
  parsePosition,
  type Position,
  pruneChanges,
  readChanges,
} from './feed.repo.js';
import { groupAsSeenBy } from '../groups/group-visibility.js';
import { resolveChanges } from './resolve.js';

const FLOOR_KEY = 'feed_floor';
/** How long the feed keeps changes: a tab offline longer reloads what it shows. */
export const FEED_RETENTION_DAYS = 30;

/** Every change the actor may see since a cursor, in order; without one, the cursor to start from. */
export async function syncSince(
  ctx: AppContext,
  actor: Actor,
  since: string | undefined,
): Promise<SyncResponse> {
  const after = since ? parsePosition(since) : { tx: 0n, id: 0n };
  if (since && (await isExpired(ctx.db, after))) throw new AppError('cursor_expired');
  const limit = LIMITS.syncPage;
  // One row past the page says whether there is more, so a full last page needs no empty request after it.
  const page = await readChanges(ctx.db, { after, limit: since ? limit + 1 : 0, userId: actor.id });
  // A cursor from another database (or the future) would skip everything: load again instead.
  if (after.tx > page.next) throw new AppError('cursor_expired');
  const more = page.rows.length > limit;
  const rows = page.rows.slice(0, limit);
  const resolved = await resolveChanges(ctx.db, rows);
  const last = rows.at(-1);
  const horizon = { tx: page.below, id: 0n };
  const cursor = more ? last! : max(after, horizon);
  const changes = resolved.map(({ change }) =>
    change.type === 'group:updated'
      ? { ...change, payload: { ...change.payload, group: groupAsSeenBy(change.payload.group, actor) } }
      : change,
  );
  return { changes, cursor: formatPosition(cursor), more };
}

const max = (a: Position, b: Position) => (comparePositions(a, b) >= 0 ? a : b);

async function isExpired(db: Db, after: Position): Promise<boolean> {
  const [row] = await db.select().from(settings).where(eq(settings.key, FLOOR_KEY));
  const floor = (row?.value as { below?: string } | undefined)?.below;
  return !!floor && comparePositions(after, parsePosition(floor)) < 0;
}

/** Drops changes past the retention and raises the floor below which cursors expire. */
export async function pruneFeed(db: Db, olderThan: Date): Promise<void> {
  const dropped = await pruneChanges(db, olderThan);
  if (!dropped) return;
  const value = { below: formatPosition(dropped) };
  await db
    .insert(settings)
    .values({ key: FLOOR_KEY, value })
    .onConflictDoUpdate({ target: settings.key, set: { value } });
}
