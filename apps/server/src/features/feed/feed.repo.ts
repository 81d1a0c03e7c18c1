import { sql } from 'drizzle-orm';
import type { FeedEventName } from '@parley/protocol';
import type { Conn, Db } from '../../db/client.js';
import { changes } from '../../db/schema.js';

/** A position in the feed: a transaction id and a row id within the feed's order. */
export type Position = { tx: bigint; id: bigint };

export type NewChange = {
  kind: FeedEventName;
  channelId?: string | null;
  userId?: string | null;
  entityId?: string | null;
  data?: Record<string, unknown> | null;
};

export type ChangeRow = {
  tx: bigint;
  id: bigint;
  kind: FeedEventName;
  channelId: string | null;
  userId: string | null;
  entityId: string | null;
  data: Record<string, unknown> | null;
};

export const formatPosition = (p: Position) => `${p.tx}.${p.id}`;
export function parsePosition(cursor: string): Position {
  const [tx, id] = cursor.split('.');
  return { tx: BigInt(tx!), id: BigInt(id!) };
}

/** Records changes in the caller's transaction, so the feed holds exactly what committed. */
export async function recordChanges(db: Conn, rows: NewChange[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(changes).values(
    rows.map((r) => ({
      kind: r.kind,
      channelId: r.channelId ?? null,
      userId: r.userId ?? null,
      entityId: r.entityId ?? null,
      data: r.data ?? null,
    })),
  );
}

type Raw = {
  below: string;
  next: string;
  tx: string | null;
  id: string | number | null;
  kind: FeedEventName | null;
  channel_id: string | null;
  user_id: string | null;
  entity_id: string | null;
  data: Record<string, unknown> | string | null;
};

export type FeedPage = {
  rows: ChangeRow[];
  /** Every transaction below this one had ended when the page was read: nothing below it can still appear. */
  below: bigint;
  /** The next transaction id to be given: a cursor past it comes from another database. */
  next: bigint;
};

/**
 * Changes after a position, in feed order, only from transactions older than the oldest one still
 * running, so a change that commits late is never skipped. With a user, only what that user may see:
 * their own changes, their channels' changes and changes for everyone.
 */
export async function readChanges(
  db: Db,
  opts: { after: Position; limit: number; userId?: string },
): Promise<FeedPage> {
  const visible = opts.userId
    ? sql`and (c.user_id = ${opts.userId} or (c.user_id is null and (c.channel_id is null
        or c.channel_id in (select m.channel_id from memberships m where m.user_id = ${opts.userId}))))`
    : sql``;
  // One statement: the horizon comes from the same snapshot the rows are read in.
  const result = (await db.execute(sql`
    with h as (select pg_snapshot_xmin(s) as below, pg_snapshot_xmax(s) as next from pg_current_snapshot() s)
    select h.below::text as below, h.next::text as next, c.tx::text as tx, c.id, c.kind, c.channel_id,
      c.user_id, c.entity_id, c.data
    from h left join lateral (
      select * from ${changes} c
      where (c.tx, c.id) > (${String(opts.after.tx)}::xid8, ${String(opts.after.id)}::bigint)
        and c.tx < h.below ${visible}
      order by c.tx, c.id
      limit ${opts.limit}
    ) c on true`)) as unknown as { rows: Raw[] };
  const first = result.rows[0]!;
  const rows = result.rows
    .filter((r) => r.tx !== null)
    .map((r) => ({
      tx: BigInt(r.tx!),
      id: BigInt(r.id!),
      kind: r.kind!,
      channelId: r.channel_id,
      userId: r.user_id,
      entityId: r.entity_id,
      data: typeof r.data === 'string' ? JSON.parse(r.data) : r.data,
    }));
  return { rows, below: BigInt(first.below), next: BigInt(first.next) };
}

export function comparePositions(a: Position, b: Position): number {
  if (a.tx !== b.tx) return a.tx < b.tx ? -1 : 1;
  return a.id === b.id ? 0 : a.id < b.id ? -1 : 1;
}

/** Drops changes older than the retention; returns the newest position dropped, below which cursors expire. */
export async function pruneChanges(db: Db, olderThan: Date): Promise<Position | undefined> {
  const result = (await db.execute(sql`
    with gone as (delete from ${changes} where created_at < ${olderThan.toISOString()}::timestamptz
      returning tx, id)
    select tx::text as tx, id from gone order by tx desc, id desc limit 1`)) as unknown as {
    rows: { tx: string; id: string | number }[];
  };
  const row = result.rows[0];
  return row ? { tx: BigInt(row.tx), id: BigInt(row.id) } : undefined;
}
