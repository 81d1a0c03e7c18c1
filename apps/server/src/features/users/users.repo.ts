import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { User } from '@parley/protocol';
import type { Conn } from '../../db/client.js';
import { memberships, users } from '../../db/schema.js';

export type UserRow = typeof users.$inferSelect;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    role: row.role,
    status: row.status,
    dndUntil: row.dndUntil && row.dndUntil > new Date() ? row.dndUntil.toISOString() : null,
    customStatus:
      (row.statusText || row.statusEmoji) && (!row.statusUntil || row.statusUntil > new Date())
        ? {
            text: row.statusText ?? '',
            emoji: row.statusEmoji ?? '',
            until: row.statusUntil?.toISOString() ?? null,
          }
        : null,
    timeZone: row.timeZone,
    avatarId: row.avatarId,
    createdAt: row.createdAt.toISOString(),
    ...(row.bot && { bot: true as const }),
  };
}

export async function insertUser(db: Conn, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function findUserById(db: Conn, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByUsername(db: Conn, username: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.username, username.toLowerCase()));
  return row;
}

export async function countUsers(db: Conn): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}

/** A user's username and name as space-led words ("anders.baker" gives " anders baker anders baker"), as users_name_words_idx holds them. */
const nameWords = sql`(' ' || translate(lower(${users.username} || ' ' || ${users.displayName}), '._-', '   '))`;

/** `q` starts a word of the user's username or name: "bak" finds Anders Baker; served by a trigram index. */
export function startsAWord(q: string) {
  const words = q
    .toLowerCase()
    .replace(/[._-]/g, ' ')
    .replace(/[%\\]/g, (c) => '\\' + c);
  return sql`${nameWords} like ${`% ${words}%`}`;
}

/** Active users matching `q`; with `visibleTo`, only those sharing a channel with that user. */
export async function searchUsers(
  db: Conn,
  q: string | undefined,
  limit: number,
  visibleTo?: string,
): Promise<UserRow[]> {
  const pattern = q ? `%${q.replace(/[%_\\]/g, (c) => '\\' + c)}%` : undefined;
  return db
    .select()
    .from(users)
    .where(
      and(
        eq(users.status, 'active'),
        pattern ? or(ilike(users.username, pattern), ilike(users.displayName, pattern)) : undefined,
        visibleTo ? inArray(users.id, coMemberIds(db, visibleTo)) : undefined,
      ),
    )
    .orderBy(asc(users.username))
    .limit(limit);
}

export async function updateUser(
  db: Conn,
  id: string,
  values: Partial<
    Pick<
      UserRow,
      | 'displayName'
      | 'role'
      | 'status'
      | 'dndUntil'
      | 'statusText'
      | 'statusEmoji'
      | 'statusUntil'
      | 'timeZone'
      | 'avatarId'
    >
  >,
): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row;
}

export async function findUsersByIds(db: Conn, ids: string[]): Promise<UserRow[]> {
  return db.select().from(users).where(inArray(users.id, ids));
}

/** Users who share at least one channel with `userId` (themself included): all a guest may see. */
export function coMemberIds(db: Conn, userId: string) {
  return db
    .selectDistinct({ id: sql<string>`other.user_id` })
    .from(sql`${memberships} mine join ${memberships} other on other.channel_id = mine.channel_id`)
    .where(sql`mine.user_id = ${userId}`);
}

export async function sharesChannel(db: Conn, userId: string, otherId: string): Promise<boolean> {
  const rows = await db
    .select({ id: sql`1` })
    .from(sql`${memberships} mine join ${memberships} other on other.channel_id = mine.channel_id`)
    .where(sql`mine.user_id = ${userId} and other.user_id = ${otherId}`)
    .limit(1);
  return rows.length > 0;
}

// Any fixed number: registrations take it in turn, so two first sign-ups cannot both become owner.
const REGISTRATION_LOCK = 7_240_113;

export async function lockRegistrations(tx: Conn): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${REGISTRATION_LOCK})`);
}
