import { type SQL, and, desc, eq, gte, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { ParsedSearch } from '@parley/protocol';
import type { Tx } from '../../db/client.js';
import { channels, memberships, messages, savedMessages, users } from '../../db/schema.js';
import type { MessageRow } from '../messages/messages.repo.js';

/** LIKE's own characters taken literally. */
const literal = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** Through the word index, or (`|| ''` hides it) row by row, when the newest rows are walked by time instead. */
const contains = (text: string, indexed = true) =>
  indexed
    ? sql`lower(${messages.body}) like ${literal(text)}`
    : sql`lower(${messages.body} || '') like ${literal(text)}`;
const DAY_MS = 86_400_000;
const dayStart = (day: string, plusDays = 0) => new Date(Date.parse(`${day}T00:00:00Z`) + plusDays * DAY_MS);

/** Ranking looks at the newest matches only: past them, more words or a filter find older ones. */
export const CANDIDATES = 1_000;
/** The newest messages are searched first, walking the created_at index. */
const RECENT_WINDOW = 20_000;

/** When the newest RECENT_WINDOW messages began; a value, so the planner sees how few rows it bounds. */
async function recentSince(tx: Tx): Promise<Date | undefined> {
  const [row] = await tx
    .select({ at: messages.createdAt })
    .from(messages)
    .where(isNull(messages.deletedAt))
    .orderBy(desc(messages.createdAt))
    .offset(RECENT_WINDOW)
    .limit(1);
  return row?.at;
}

/**
 * Messages the reader may read (their channels, and public ones unless a guest) that match: every
 * word as part of the text (trigram-indexed, so "deplo" finds "deployment" and "api-v2" stays whole),
 * phrases, exclusions and filters. Of the newest 1,000 matches, the best full-word matches come first,
 * then the newest: the work stays bounded however common the words are.
 */
export async function searchMessages(
  tx: Tx,
  reader: { id: string; guest: boolean },
  query: ParsedSearch,
  page: { offset: number; limit: number },
): Promise<{ message: MessageRow; channelName: string }[]> {
  const since = await recentSince(tx);
  const find = (since: Date | undefined) =>
    tx
      .select({ id: messages.id })
      .from(messages)
      .innerJoin(channels, eq(channels.id, messages.channelId))
      .leftJoin(
        memberships,
        and(eq(memberships.channelId, messages.channelId), eq(memberships.userId, reader.id)),
      )
      .where(
        and(
          isNull(messages.deletedAt),
          isNotNull(messages.body),
          since ? gte(messages.createdAt, since) : undefined,
          readable(reader),
          ...conditions(query, reader, !since),
        ),
      )
      .orderBy(desc(messages.createdAt))
      .limit(CANDIDATES);
  // The newest messages answer most searches; fewer matches there than the page needs go to the word index.
  let candidates = await find(since);
  if (since && candidates.length < page.offset + page.limit) candidates = await find(undefined);
  if (candidates.length === 0) return [];
  const words = [...query.terms, ...query.phrases].join(' ');
  const rank = sql<number>`ts_rank(to_tsvector('simple', ${messages.body}), plainto_tsquery('simple', ${words}))`;
  const rows = await tx
    .select({ message: messages, channelName: channels.name })
    .from(messages)
    .innerJoin(channels, eq(channels.id, messages.channelId))
    .where(
      inArray(
        messages.id,
        candidates.map((c) => c.id),
      ),
    )
    .orderBy(desc(rank), desc(messages.createdAt), desc(messages.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((r) => ({ message: r.message, channelName: r.channelName ?? '' }));
}

const readable = (reader: { guest: boolean }) =>
  reader.guest
    ? isNotNull(memberships.userId)
    : or(isNotNull(memberships.userId), eq(channels.kind, 'public'));

function conditions(query: ParsedSearch, reader: { id: string }, indexed: boolean): (SQL | undefined)[] {
  const nothing = sql`false`;
  const author = (username: string) => sql`(select u.id from ${users} u where u.username = ${username})`;
  return [
    ...[...query.terms, ...query.phrases].map((text) => contains(text, indexed)),
    ...query.excludes.map((text) => sql`not ${contains(text, indexed)}`),
    query.from ? eq(messages.authorId, author(query.from)) : undefined,
    query.in && 'channel' in query.in
      ? and(
          eq(channels.name, query.in.channel),
          or(eq(channels.kind, 'public'), eq(channels.kind, 'private')),
        )
      : undefined,
    query.in && 'user' in query.in
      ? and(
          eq(channels.kind, 'dm'),
          isNotNull(memberships.userId),
          sql`exists (select 1 from ${memberships} o where o.channel_id = ${messages.channelId}
            and o.user_id = ${author(query.in.user)} and o.user_id <> ${reader.id})`,
        )
      : undefined,
    query.after
      ? sql`${messages.createdAt} >= ${dayStart(query.after, 1).toISOString()}::timestamptz`
      : undefined,
    query.before
      ? sql`${messages.createdAt} < ${dayStart(query.before).toISOString()}::timestamptz`
      : undefined,
    query.on
      ? sql`${messages.createdAt} >= ${dayStart(query.on).toISOString()}::timestamptz
          and ${messages.createdAt} < ${dayStart(query.on, 1).toISOString()}::timestamptz`
      : undefined,
    query.has.includes('link') ? sql`${messages.body} ~* 'https?://'` : undefined,
    // Files are not in Parley yet: nothing has them.
    query.has.includes('file') || query.has.includes('image') ? nothing : undefined,
    query.is.includes('pinned') ? isNotNull(messages.pinnedAt) : undefined,
    query.is.includes('saved')
      ? sql`exists (select 1 from ${savedMessages} s where s.message_id = ${messages.id} and s.user_id = ${reader.id})`
      : undefined,
    query.is.includes('thread')
      ? or(isNotNull(messages.threadRootId), sql`${messages.replyCount} > 0`)
      : undefined,
  ];
}
