import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { UserGroup } from '@parley/protocol';
import type { Conn } from '../../db/client.js';
import { userGroupMembers, userGroups, users } from '../../db/schema.js';

export type GroupRow = typeof userGroups.$inferSelect;

export function toGroup(row: GroupRow, memberIds: string[]): UserGroup {
  return {
    id: row.id,
    handle: row.handle,
    name: row.name,
    description: row.description,
    memberIds,
    memberCount: memberIds.length,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const memberIdsOf = sql<string[]>`coalesce((select array_agg(m.user_id::text order by m.user_id)
  from ${userGroupMembers} m where m.group_id = ${userGroups.id}), '{}')`;

/** Every group with its members, by handle. */
export async function listGroups(db: Conn): Promise<UserGroup[]> {
  const rows = await db
    .select({ group: userGroups, memberIds: memberIdsOf })
    .from(userGroups)
    .orderBy(asc(userGroups.handle));
  return rows.map((r) => toGroup(r.group, r.memberIds));
}

export async function findGroup(db: Conn, id: string): Promise<UserGroup | undefined> {
  const [row] = await db
    .select({ group: userGroups, memberIds: memberIdsOf })
    .from(userGroups)
    .where(eq(userGroups.id, id));
  return row && toGroup(row.group, row.memberIds);
}

/** Whether a handle is a username or another group's handle, ignoring case. */
export async function isHandleTaken(db: Conn, handle: string, exceptGroupId?: string): Promise<boolean> {
  const lower = handle.toLowerCase();
  const person = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${lower}`)
    .limit(1);
  if (person.length > 0) return true;
  const group = await db
    .select({ id: userGroups.id })
    .from(userGroups)
    .where(
      and(
        sql`lower(${userGroups.handle}) = ${lower}`,
        exceptGroupId ? sql`${userGroups.id} <> ${exceptGroupId}` : undefined,
      ),
    )
    .limit(1);
  return group.length > 0;
}

/** Whether a group already answers to this name: a new username must not. */
export async function isGroupHandle(db: Conn, name: string): Promise<boolean> {
  const rows = await db
    .select({ id: userGroups.id })
    .from(userGroups)
    .where(sql`lower(${userGroups.handle}) = ${name.toLowerCase()}`)
    .limit(1);
  return rows.length > 0;
}

export async function insertGroup(db: Conn, values: typeof userGroups.$inferInsert): Promise<void> {
  await db.insert(userGroups).values(values);
}

export async function updateGroup(
  db: Conn,
  id: string,
  values: Partial<Pick<GroupRow, 'handle' | 'name' | 'description'>>,
): Promise<boolean> {
  const rows = await db
    .update(userGroups)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(userGroups.id, id))
    .returning({ id: userGroups.id });
  return rows.length > 0;
}

export async function deleteGroup(db: Conn, id: string): Promise<boolean> {
  const rows = await db.delete(userGroups).where(eq(userGroups.id, id)).returning({ id: userGroups.id });
  return rows.length > 0;
}

/** Makes the member list exactly `userIds`. */
export async function setGroupMembers(db: Conn, groupId: string, userIds: string[]): Promise<void> {
  await db
    .delete(userGroupMembers)
    .where(
      and(
        eq(userGroupMembers.groupId, groupId),
        userIds.length > 0 ? notInArray(userGroupMembers.userId, userIds) : undefined,
      ),
    );
  if (userIds.length > 0)
    await db
      .insert(userGroupMembers)
      .values(userIds.map((userId) => ({ groupId, userId })))
      .onConflictDoNothing();
  await db.update(userGroups).set({ updatedAt: new Date() }).where(eq(userGroups.id, groupId));
}

/** How many of these ids are users. */
export async function countExistingUsers(db: Conn, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(inArray(users.id, ids));
  return row?.n ?? 0;
}

/** The handles of the groups a user is in: mentioning any of them mentions the user. */
export async function groupHandlesOf(db: Conn, userId: string): Promise<string[]> {
  const rows = await db
    .select({ handle: userGroups.handle })
    .from(userGroupMembers)
    .innerJoin(userGroups, eq(userGroups.id, userGroupMembers.groupId))
    .where(eq(userGroupMembers.userId, userId));
  return rows.map((r) => r.handle);
}
