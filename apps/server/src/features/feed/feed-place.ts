/** A position in the feed: a transaction id and a row id within the feed's order. */
export type Position = { tx: bigint; id: bigint };

/**
 * Where a send that ran as a statement of its own put its one change, and the row just before it in
 * feed order (known only when no older transaction was still running as it ran). A node that has
 * delivered up to that row can deliver the change at once, without reading it back.
 */
export type FeedPlace = { row: Position; prev: Position };

export function parsePosition(cursor: string): Position {
  const [tx, id] = cursor.split('.');
  return { tx: BigInt(tx!), id: BigInt(id!) };
}
