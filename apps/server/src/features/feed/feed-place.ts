/** A position in the feed: a transaction id and a row id within the feed's order. */
export type Position = { tx: bigint; id: bigint };

/**
 * Where a statement that ran alone (its own transaction) put its changes: its rows, and the row just
 * before them in feed order, known only when no older transaction was still running as it ran. A node
 * that has delivered up to that row can deliver these at once, without reading them back.
 */
export type FeedPlace = { rows: Position[]; prev: Position | undefined };

export function parsePosition(cursor: string): Position {
  const [tx, id] = cursor.split('.');
  return { tx: BigInt(tx!), id: BigInt(id!) };
}
