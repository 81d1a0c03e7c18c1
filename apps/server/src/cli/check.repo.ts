import { count, sql } from 'drizzle-orm';
import type { Conn } from '../db/client.js';
import { channels, messages, sessions, users } from '../db/schema.js';

/** Reads every main table once, so a damaged or unmigrated database fails here rather than under users. */
export async function tableCounts(db: Conn): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [name, table] of [
    ['users', users],
    ['channels', channels],
    ['messages', messages],
    ['sessions', sessions],
  ] as const) {
    const [row] = await db.select({ n: count() }).from(table);
    counts[name] = row?.n ?? 0;
  }
  return counts;
}

export async function serverVersion(db: Conn): Promise<string> {
  const rows = (await db.execute(sql`select version() as v`)) as unknown as
    { rows: { v: string }[] } | { v: string }[];
  const list = Array.isArray(rows) ? rows : rows.rows;
  return list[0]?.v ?? 'unknown';
}
