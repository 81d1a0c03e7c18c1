import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { AuditEntry, AuditQuery } from '@parley/protocol';
import type { Conn } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';

export type AuditRow = typeof auditLog.$inferSelect;

export async function insertEntry(db: Conn, values: typeof auditLog.$inferInsert): Promise<void> {
  await db.insert(auditLog).values(values);
}

/** Newest first, a page at a time below `before`; with `userId`, what they did and what was done to them. */
export async function listEntries(db: Conn, query: AuditQuery): Promise<{ rows: AuditRow[]; more: boolean }> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(
      and(
        query.before ? lt(auditLog.id, Number(query.before)) : undefined,
        query.userId
          ? or(eq(auditLog.actorId, query.userId), eq(auditLog.targetId, query.userId))
          : undefined,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(query.limit + 1);
  return { rows: rows.slice(0, query.limit), more: rows.length > query.limit };
}

/** Entries older than the cutoff go: the log keeps a year. */
export async function pruneEntries(db: Conn, before: Date): Promise<void> {
  await db.delete(auditLog).where(lt(auditLog.at, before));
}

export const toEntry = (row: AuditRow): AuditEntry => ({
  id: String(row.id),
  at: row.at.toISOString(),
  actorId: row.actorId,
  action: row.action as AuditEntry['action'],
  targetId: row.targetId,
  detail: (row.detail as AuditEntry['detail']) ?? null,
  address: row.address,
});
