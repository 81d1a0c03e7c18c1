import { and, eq, sql } from 'drizzle-orm';
import { LIMITS, type Reaction } from '@parley/protocol';
import { type Conn, type Db, commitsOneAtATime, preparedStatement } from '../../db/client.js';
import { reactions } from '../../db/schema.js';
import { groupReactions } from '../messages/messages.repo.js';
import { type FeedPlaceRow, feedPlaceColumns, feedPlaceOf } from '../feed/feed-place.js';

/**
 * Distinct emoji below which the one-statement add takes no lock: a node runs at most 10 statements at
 * once, so its concurrent adds stay within the limit (several nodes at once could pass it, briefly).
 */
const FAST_ADD_BELOW = LIMITS.reactionsPerMessage - 10;

type QuickRow = FeedPlaceRow & {
  channel_id: string;
  changed: number;
  rows: { emoji: string; userId: string }[];
};

/**
 * A live message ($1) in an active channel whose member is $2. The membership check is
 * uncorrelated, one key lookup, not a read of every membership of the reacting user.
 */
const LIVE_MESSAGE = `select m.id, m.channel_id from messages m
    join channels c on c.id = m.channel_id and c.archived_at is null
    where m.id = $1 and m.deleted_at is null and m.system is null
      and exists (select 1 from memberships s where s.user_id = $2
        and s.channel_id = (select x.channel_id from messages x where x.id = $1))`;

/**
 * The change recorded (`changed` is the CTE that added or took away a row), the reactions, the feed
 * place, whose row before is looked up when `lookUp` (a parameter) is true.
 */
const RECORD_AND_ANSWER = (changed: string, lookUp: string) => `, feed as (
    insert into changes (kind, channel_id, entity_id)
    select 'reaction:changed', t.channel_id, t.id from target t, ${changed}
    returning tx, id
  )
  select t.channel_id, (select count(*) from ${changed})::int as changed,
    coalesce((select json_agg(json_build_object('emoji', r.emoji, 'userId', r.user_id)
      order by r.created_at, r.user_id) from reactions r where r.message_id = $1), '[]') as rows,
    ${feedPlaceColumns(`${lookUp}::boolean`)}
  from target t`;

/**
 * The common reaction in one statement: a member adds to a live message in an active channel that has
 * room, the change is recorded, and the reactions come back with the change's feed place (as a send's
 * does, so its node can deliver it at once). No row means a check failed.
 */
const quickAdd = preparedStatement<QuickRow>(
  'quick_add_reaction',
  `with target as (
    ${LIVE_MESSAGE}
      and (exists (select 1 from reactions r where r.message_id = $1 and r.emoji = $3)
        or (select count(distinct r.emoji) from reactions r where r.message_id = $1) < $4)
  ), ins as (
    insert into reactions (message_id, user_id, emoji)
    select id, $2, $3 from target
    on conflict do nothing
    returning message_id
  )${RECORD_AND_ANSWER('ins', '$5')}`,
);

/** Taking a reaction back, the same way. */
const quickRemove = preparedStatement<QuickRow>(
  'quick_remove_reaction',
  `with target as (${LIVE_MESSAGE}), del as (
    delete from reactions r using target t
    where r.message_id = t.id and r.user_id = $2 and r.emoji = $3
    returning r.message_id
  )${RECORD_AND_ANSWER('del', '$4')}`,
);

/**
 * Adds or takes back the reaction when every check passes at once; undefined sends the caller down the
 * checked path, which says which check failed.
 */
export async function tryQuickSet(db: Db, messageId: string, userId: string, emoji: string, on: boolean) {
  const serial = commitsOneAtATime(db);
  const [row] = on
    ? await quickAdd(db, [messageId, userId, emoji, FAST_ADD_BELOW, !serial])
    : await quickRemove(db, [messageId, userId, emoji, !serial]);
  if (!row) return undefined;
  // The statement reads the table as it was before its own change.
  const mine = (r: { emoji: string; userId: string }) => r.emoji === emoji && r.userId === userId;
  const rows = !row.changed
    ? row.rows
    : on
      ? [...row.rows, { emoji, userId }]
      : row.rows.filter((r) => !mine(r));
  const reactionList: Reaction[] = groupReactions(rows);
  return {
    channelId: row.channel_id,
    changed: row.changed > 0,
    reactions: reactionList,
    feed: feedPlaceOf(row, serial),
  };
}

/**
 * Adds a reaction unless the message already holds the most distinct emoji; a repeat changes nothing.
 * Answers whether the message had room.
 */
export async function addReaction(db: Conn, messageId: string, userId: string, emoji: string) {
  // The message's row lock makes the distinct-emoji count hold under concurrent reactions.
  await db.execute(sql`select 1 from messages where id = ${messageId} for update`);
  const result = (await db.execute(sql`
    insert into ${reactions} (message_id, user_id, emoji)
    select ${messageId}, ${userId}, ${emoji}
    where exists (select 1 from ${reactions} where message_id = ${messageId} and emoji = ${emoji})
      or (select count(distinct emoji) from ${reactions} where message_id = ${messageId}) < ${LIMITS.reactionsPerMessage}
    on conflict do nothing
    returning 1 as added`)) as unknown as { rows: unknown[] };
  if (result.rows.length > 0) return { added: true, full: false };
  const [mine] = await db
    .select()
    .from(reactions)
    .where(and(eq(reactions.messageId, messageId), eq(reactions.userId, userId), eq(reactions.emoji, emoji)));
  return { added: false, full: !mine };
}

export async function removeReaction(db: Conn, messageId: string, userId: string, emoji: string) {
  const rows = await db
    .delete(reactions)
    .where(and(eq(reactions.messageId, messageId), eq(reactions.userId, userId), eq(reactions.emoji, emoji)))
    .returning();
  return rows.length > 0;
}

export async function deleteReactionsOf(db: Conn, messageId: string): Promise<void> {
  await db.delete(reactions).where(eq(reactions.messageId, messageId));
}
