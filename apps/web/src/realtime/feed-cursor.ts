/** The sync position this tab has applied everything up to; undefined until the first sync. */
let cursor: string | undefined;

export const currentCursor = () => cursor;

export function resetCursor(next: string | undefined): void {
  cursor = next;
}

/** Moves forward only: a replayed or late event never takes the tab back. */
export function advanceCursor(next: string | undefined): void {
  if (!next || !cursor) return;
  if (compareCursors(next, cursor) > 0) cursor = next;
}

export function compareCursors(a: string, b: string): number {
  const [ta, ia] = a.split('.').map(BigInt) as [bigint, bigint];
  const [tb, ib] = b.split('.').map(BigInt) as [bigint, bigint];
  return ta !== tb ? (ta < tb ? -1 : 1) : ia === ib ? 0 : ia < ib ? -1 : 1;
}
