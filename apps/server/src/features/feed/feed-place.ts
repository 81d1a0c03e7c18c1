/** A position in the feed: a transaction id and a row id within the feed's order. */
export type Position = { tx: bigint; id: bigint };

/**
 * Where a write that ran as a statement of its own put its one change, and the row just before it in
 * feed order (known only when no older transaction was still running as it ran), or on a database
 * that commits one transaction at a time, 'previous-id': the row whose id is one less. A node that has
 * delivered up to that row can deliver the change at once, without reading it back.
 */
export type FeedPlace = { row: Position; prev: Position | 'previous-id' };

export function parsePosition(cursor: string): Position {
  const [tx, id] = cursor.split('.');
  return { tx: BigInt(tx!), id: BigInt(id!) };
}

/**
 * The columns that tell a statement's feed place: `feed` is its CTE that inserted one change and
 * returned its tx and id; `lookUp` is SQL that is true when the statement is its own transaction
 * and the row before its own is to be looked up. With no older transaction running, every row
 * before its own is committed and seen here.
 */
export const feedPlaceColumns = (
  lookUp: string,
) => `(select f.tx::text || '.' || f.id from feed f) as feed_row,
    case when ${lookUp} and pg_snapshot_xmin(pg_current_snapshot()) = pg_current_xact_id() then coalesce(
      (select p.tx::text || '.' || p.id from changes p where p.tx < pg_current_xact_id()
        order by p.tx desc, p.id desc limit 1), '0.0') end as feed_prev`;

export type FeedPlaceRow = { feed_row?: string | null; feed_prev?: string | null };

/** `serial`: the database commits one transaction at a time, so the statement looked up no row before its own. */
export function feedPlaceOf(row: FeedPlaceRow, serial: boolean): FeedPlace | undefined {
  if (!row.feed_row) return undefined;
  if (serial) return { row: parsePosition(row.feed_row), prev: 'previous-id' };
  return row.feed_prev != null
    ? { row: parsePosition(row.feed_row), prev: parsePosition(row.feed_prev) }
    : undefined;
}
