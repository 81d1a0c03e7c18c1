import { and, asc, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Channel, Member, User } from '@parley/protocol';
import type { Conn } from '../../db/client.js';
import { channels, memberships, messages, userGroupMembers, userGroups, users } from '../../db/schema.js';
import { coMemberIds, startsAWord, toUser } from '../users/users.repo.js';

export type ChannelRow = typeof channels.$inferSelect;
export type MembershipRow = typeof memberships.$inferSelect;
export type Unread = { unread: number; mentions: number };

const memberCount = sql<number>`(select count(*)::int from ${memberships} m where m.channel_id = channels.id)`;

/**
 * Others' messages in the channel itself after the read mark (system lines never): what counts as
 * unread. A webhook's message is others' for its adder too.
 */
const unreadSince = (userId: string) => sql`from ${messages} x
    where x.channel_id = ${channels.id} and x.seq > ${memberships.lastReadSeq}
    and (x.author_id <> ${userId} or x.via is not null) and x.deleted_at is null and x.system is null
    and (x.thread_root_id is null or x.also_in_channel)`;

/** The regex of protocol's mentionPattern, built from the user's name and their groups' handles in the statement itself. */
const mentionRegex = (userId: string) =>
  sql`('(^|[^a-z0-9._-])@(' || replace((select u.username from ${users} u where u.id = ${userId})
    || coalesce((select string_agg('|' || g.handle, '') from ${userGroupMembers} gm
      join ${userGroups} g on g.id = gm.group_id where gm.user_id = ${userId}), ''), '.', '[.]')
    || '|channel|here|everyone)[._-]*($|[^a-z0-9._-])')`;

function unreadFor(userId: string) {
  return sql<number>`(select count(*)::int ${unreadSince(userId)})`;
}

function mentionsFor(userId: string) {
  return sql<number>`(select count(*)::int ${unreadSince(userId)} and x.body ~* ${mentionRegex(userId)})`;
}

export function toChannel(
  row: ChannelRow,
  count: number,
  membership: (MembershipRow & Unread) | null,
  dmUsers?: User[],
): Channel {
  return {
    id: row.id,
    name: row.name ?? '',
    topic: row.topic,
    kind: row.kind,
    encrypted: row.encrypted,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    isDefault: isDefaultChannel(row),
    lastSeq: row.lastSeq,
    keyVersion: row.keyVersion,
    keyRotationNeeded: row.keyRotationNeeded,
    memberCount: count,
    retention: row.retention ?? null,
    membership: membership
      ? {
          role: membership.role,
          lastReadSeq: membership.lastReadSeq,
          notify: membership.notify,
          muted: membership.muted,
          starred: membership.starred,
          unread: membership.unread,
          mentions: membership.mentions,
        }
      : null,
    ...(dmUsers ? { dmUsers } : {}),
  };
}

/** The #general made at first start (by no one): every account joins it. */
export const isDefaultChannel = (row: ChannelRow) => row.name === 'general' && row.createdBy === null;

export async function insertChannel(db: Conn, values: typeof channels.$inferInsert): Promise<ChannelRow> {
  const [row] = await db.insert(channels).values(values).returning();
  return row!;
}

export async function findChannel(db: Conn, id: string): Promise<ChannelRow | undefined> {
  const [row] = await db.select().from(channels).where(eq(channels.id, id));
  return row;
}

function prepareChannelFor(db: Conn) {
  return db
    .select({ channel: channels, membership: memberships })
    .from(channels)
    .leftJoin(
      memberships,
      and(eq(memberships.channelId, channels.id), eq(memberships.userId, sql.placeholder('userId'))),
    )
    .where(eq(channels.id, sql.placeholder('channelId')))
    .prepare('find_channel_for');
}
// Every request on a channel runs it: built once per connection object, not per call.
const channelForQueries = new WeakMap<Conn, ReturnType<typeof prepareChannelFor>>();

/** A channel and the user's membership of it, in one query. */
export async function findChannelFor(db: Conn, channelId: string, userId: string) {
  let query = channelForQueries.get(db);
  if (!query) channelForQueries.set(db, (query = prepareChannelFor(db)));
  const [row] = await query.execute({ channelId, userId });
  return row;
}

export async function findChannelByName(db: Conn, name: string): Promise<ChannelRow | undefined> {
  const [row] = await db.select().from(channels).where(eq(channels.name, name));
  return row;
}

export async function findDmByKey(db: Conn, dmKey: string): Promise<ChannelRow | undefined> {
  const [row] = await db.select().from(channels).where(eq(channels.dmKey, dmKey));
  return row;
}

export async function updateChannel(
  db: Conn,
  id: string,
  values: Partial<Pick<ChannelRow, 'name' | 'topic' | 'archivedAt'>>,
): Promise<ChannelRow | undefined> {
  const [row] = await db.update(channels).set(values).where(eq(channels.id, id)).returning();
  return row;
}

/** Flags an encrypted channel for key rotation; returns its key state, or null for a plain channel. */
export async function requireRotationIfEncrypted(db: Conn, channelId: string) {
  const [row] = await db
    .update(channels)
    .set({ keyRotationNeeded: sql`${channels.keyVersion} > 0` })
    .where(and(eq(channels.id, channelId), eq(channels.encrypted, true)))
    .returning({
      channelId: channels.id,
      keyVersion: channels.keyVersion,
      rotationNeeded: channels.keyRotationNeeded,
    });
  return row ?? null;
}

export async function findMembership(
  db: Conn,
  channelId: string,
  userId: string,
): Promise<MembershipRow | undefined> {
  const [row] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.channelId, channelId), eq(memberships.userId, userId)));
  return row;
}

/** A new member has read what came before they joined: history is there to scroll, not unread. */
export async function insertMembership(db: Conn, values: typeof memberships.$inferInsert): Promise<boolean> {
  const lastReadSeq =
    values.lastReadSeq ??
    sql`(select ${channels.lastSeq} from ${channels} where ${channels.id} = ${values.channelId})`;
  const rows = await db
    .insert(memberships)
    .values({ ...values, lastReadSeq })
    .onConflictDoNothing()
    .returning();
  return rows.length > 0;
}

export async function deleteMembership(db: Conn, channelId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(memberships)
    .where(and(eq(memberships.channelId, channelId), eq(memberships.userId, userId)))
    .returning();
  return rows.length > 0;
}

export async function updateMembership(
  db: Conn,
  channelId: string,
  userId: string,
  values: Partial<Pick<MembershipRow, 'notify' | 'muted' | 'starred' | 'role'>>,
): Promise<void> {
  await db
    .update(memberships)
    .set(values)
    .where(and(eq(memberships.channelId, channelId), eq(memberships.userId, userId)));
}

/** Moves the read marker forward only; returns the new marker. */
export async function advanceRead(db: Conn, channelId: string, userId: string, seq: number): Promise<number> {
  const [row] = await db
    .update(memberships)
    .set({
      lastReadSeq: sql`greatest(${memberships.lastReadSeq}, least(${seq}, (select last_seq from ${channels} where id = ${channelId})))`,
    })
    .where(and(eq(memberships.channelId, channelId), eq(memberships.userId, userId)))
    .returning({ lastReadSeq: memberships.lastReadSeq });
  return row?.lastReadSeq ?? 0;
}

/** Every channel of the user with something unread, read up to its newest message; which moved, and where to. */
export async function advanceAllReads(
  db: Conn,
  userId: string,
): Promise<{ channelId: string; seq: number }[]> {
  return db
    .update(memberships)
    .set({ lastReadSeq: channels.lastSeq })
    .from(channels)
    .where(
      and(
        eq(memberships.userId, userId),
        eq(channels.id, memberships.channelId),
        sql`exists (select 1 ${unreadSince(userId)})`,
      ),
    )
    .returning({ channelId: memberships.channelId, seq: memberships.lastReadSeq });
}

/** Moves the read point back to `seq` (never past the channel's newest message): "Mark unread". */
export async function rewindRead(db: Conn, channelId: string, userId: string, seq: number): Promise<number> {
  const [row] = await db
    .update(memberships)
    .set({
      lastReadSeq: sql`least(${memberships.lastReadSeq}, ${seq})`,
    })
    .where(and(eq(memberships.channelId, channelId), eq(memberships.userId, userId)))
    .returning({ lastReadSeq: memberships.lastReadSeq });
  return row?.lastReadSeq ?? 0;
}

/**
 * Unread messages after `afterSeq` up to `lastSeq` (the channel's newest, read in the same statement,
 * unless given), how many mention the user, and that `lastSeq`: a client counts events only past it.
 */
export async function countUnread(
  db: Conn,
  channelId: string,
  userId: string,
  afterSeq: number,
  upTo?: number,
): Promise<Unread & { lastSeq: number }> {
  const newest = sql<number>`(select ${channels.lastSeq} from ${channels} where ${channels.id} = ${channelId})`;
  const lastSeq = upTo ?? newest;
  const [row] = await db
    .select({
      lastSeq: sql<number>`${lastSeq}`.mapWith(Number),
      unread: sql<number>`count(*)::int`,
      mentions: sql<number>`(count(*) filter (where ${messages.body} ~* ${mentionRegex(userId)}))::int`,
    })
    .from(messages)
    .where(
      and(
        eq(messages.channelId, channelId),
        sql`${messages.seq} > ${afterSeq}`,
        sql`${messages.seq} <= ${lastSeq}`,
        or(ne(messages.authorId, userId), isNotNull(messages.via)),
        isNull(messages.deletedAt),
        isNull(messages.system),
        or(isNull(messages.threadRootId), eq(messages.alsoInChannel, true)),
      ),
    );
  return { unread: row?.unread ?? 0, mentions: row?.mentions ?? 0, lastSeq: row?.lastSeq ?? 0 };
}

/** Every channel and DM the user belongs to, with unread counts. */
export async function listJoined(db: Conn, userId: string): Promise<Channel[]> {
  const rows = await db
    .select({
      channel: channels,
      membership: memberships,
      unread: unreadFor(userId),
      mentions: mentionsFor(userId),
      count: memberCount,
    })
    .from(memberships)
    .innerJoin(channels, eq(channels.id, memberships.channelId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(channels.name), asc(channels.createdAt));
  const dmIds = rows
    .filter((r) => r.channel.kind === 'dm' || r.channel.kind === 'group')
    .map((r) => r.channel.id);
  const dmUsers = await listDmUsers(db, dmIds, userId);
  return rows.map((r) =>
    toChannel(
      r.channel,
      r.count,
      { ...r.membership, unread: r.unread, mentions: r.mentions },
      dmUsers.get(r.channel.id),
    ),
  );
}

/** One channel as the given user sees it. */
export async function viewChannel(db: Conn, channelId: string, userId: string): Promise<Channel | undefined> {
  const [row] = await db
    .select({ channel: channels, count: memberCount })
    .from(channels)
    .where(eq(channels.id, channelId));
  if (!row) return undefined;
  const membership = await findMembership(db, channelId, userId);
  // Counted up to the row's lastSeq, so a message sent meanwhile is not both counted here and by its event.
  const counts = membership
    ? await countUnread(db, channelId, userId, membership.lastReadSeq, row.channel.lastSeq)
    : undefined;
  const unread = counts && { unread: counts.unread, mentions: counts.mentions };
  const isDm = row.channel.kind === 'dm' || row.channel.kind === 'group';
  const dmUsers = isDm ? (await listDmUsers(db, [channelId], userId)).get(channelId) : undefined;
  return toChannel(
    row.channel,
    row.count,
    membership && unread ? { ...membership, ...unread } : null,
    dmUsers ?? (isDm ? [] : undefined),
  );
}

export async function listPublic(db: Conn, userId: string): Promise<Channel[]> {
  const rows = await db
    .select({ channel: channels, count: memberCount, membership: memberships })
    .from(channels)
    .leftJoin(memberships, and(eq(memberships.channelId, channels.id), eq(memberships.userId, userId)))
    .where(and(eq(channels.kind, 'public'), isNull(channels.archivedAt)))
    .orderBy(asc(channels.name));
  return rows.map((r) =>
    toChannel(r.channel, r.count, r.membership ? { ...r.membership, unread: 0, mentions: 0 } : null),
  );
}

const sortName = sql`lower(${users.displayName})`;
/** The same order, hidden from the name index: matches found by the word index are sorted, not looked for along every name up to "Ursula". */
const matchOrder = sql`${sortName} || ''`;

/** One page in (lower display name, id) order after the member `after`; `q` matches the start of any word of the username or name. */
export async function listMembers(
  db: Conn,
  channelId: string,
  page: { q?: string; after?: string; limit: number },
): Promise<Member[]> {
  const rows = await db
    .select({ user: users, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.channelId, channelId),
        page.q ? startsAWord(page.q) : undefined,
        page.after
          ? sql`(${sortName}, ${users.id}) > (select lower(p.display_name), p.id from ${users} p where p.id = ${page.after})`
          : undefined,
      ),
    )
    .orderBy(page.q ? matchOrder : sortName, asc(users.id))
    .limit(page.limit);
  return rows.map((r) => ({ user: toUser(r.user), role: r.role }));
}

/** Active people outside the channel whose username or name has a word starting with `q`, in name order; with `visibleTo`, only that guest's co-members. */
export async function listNonMembers(
  db: Conn,
  channelId: string,
  query: { q: string; limit: number; visibleTo?: string },
): Promise<User[]> {
  const rows = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.status, 'active'),
        startsAWord(query.q),
        notMemberOf(channelId),
        query.visibleTo ? inArray(users.id, coMemberIds(db, query.visibleTo)) : undefined,
      ),
    )
    .orderBy(matchOrder, asc(users.id))
    .limit(query.limit);
  return rows.map(toUser);
}

/** Of the people named, directly or through a group's handle, those not in the channel; at most `limit`, and how many in all. */
export async function listNamedNonMembers(
  db: Conn,
  channelId: string,
  names: string[],
  query: { limit: number; visibleTo?: string },
): Promise<{ users: User[]; total: number }> {
  const inNamedGroup = db
    .select({ id: userGroupMembers.userId })
    .from(userGroupMembers)
    .innerJoin(userGroups, eq(userGroups.id, userGroupMembers.groupId))
    .where(inArray(sql`lower(${userGroups.handle})`, names));
  const rows = await db
    .select({ user: users, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(users)
    .where(
      and(
        eq(users.status, 'active'),
        or(inArray(users.username, names), inArray(users.id, inNamedGroup)),
        notMemberOf(channelId),
        query.visibleTo ? inArray(users.id, coMemberIds(db, query.visibleTo)) : undefined,
      ),
    )
    .orderBy(sortName, asc(users.id))
    .limit(query.limit);
  return { users: rows.map((r) => toUser(r.user)), total: rows[0]?.total ?? 0 };
}

const notMemberOf = (channelId: string) =>
  sql`not exists (select 1 from ${memberships} m where m.channel_id = ${channelId} and m.user_id = ${users.id})`;

export async function listMemberIds(db: Conn, channelId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(eq(memberships.channelId, channelId));
  return rows.map((r) => r.userId);
}

async function listDmUsers(db: Conn, channelIds: string[], selfId: string): Promise<Map<string, User[]>> {
  const map = new Map<string, User[]>();
  if (channelIds.length === 0) return map;
  const rows = await db
    .select({ channelId: memberships.channelId, user: users })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(inArray(memberships.channelId, channelIds), ne(memberships.userId, selfId)));
  for (const r of rows) map.set(r.channelId, [...(map.get(r.channelId) ?? []), toUser(r.user)]);
  return map;
}
