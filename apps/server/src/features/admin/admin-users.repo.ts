import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { AdminUsersQuery } from '@parley/protocol';
import type { Conn } from '../../db/client.js';
import { channels, memberships, users } from '../../db/schema.js';
import { startsAWord } from '../users/users.repo.js';

type UserRow = typeof users.$inferSelect;

/** A page of accounts, deactivated ones too, in username order, and how many match in all. */
export async function listUsersPage(
  db: Conn,
  query: AdminUsersQuery,
): Promise<{ rows: UserRow[]; more: boolean; total: number }> {
  const matches = and(
    query.q ? startsAWord(query.q) : undefined,
    query.role ? eq(users.role, query.role) : undefined,
    query.status ? eq(users.status, query.status) : undefined,
  );
  const after = query.cursor
    ? gt(users.username, sql`(select c.username from ${users} c where c.id = ${query.cursor})`)
    : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(and(matches, after))
      .orderBy(asc(users.username))
      .limit(query.limit + 1),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(users)
      .where(matches),
  ]);
  return { rows: rows.slice(0, query.limit), more: rows.length > query.limit, total: count?.total ?? 0 };
}

/** The public channels (#general among them) a user is in: what a guest may not keep. */
export async function listPublicChannelIds(db: Conn, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: channels.id })
    .from(memberships)
    .innerJoin(channels, eq(channels.id, memberships.channelId))
    .where(and(eq(memberships.userId, userId), eq(channels.kind, 'public')));
  return rows.map((r) => r.id);
}
