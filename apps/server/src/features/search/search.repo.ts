import { type SQL, and, desc, eq, gte, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { ParsedSearch } from '@parley/protocol';
import type { Tx } from '../../db/client.js';
import { channels, files, memberships, messages, savedMessages, users } from '../../db/schema.js';
import type { MessageRow } from '../messages/messages.repo.js';

/** LIKE's own characters taken literally. */
const literal = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** Through the word index, whose trigrams span spaces (read as 'q'), then the text; or (`|| ''` hides it) row by row, when the newest rows are walked by time. */
const contains = (text: string, indexed = true) =>
  indexed
    ? sql`(translate(lower(${messages.body}), ' ', 'q') like ${literal(text).replaceAll(' ', 'q')}
        and lower(${messages.body}) like ${literal(text)})`
    : sql`lower(${messages.body} || '') like ${literal(text)}`;
const DAY_MS = 86_400_000;
/** A file name holding the text, through the files' name index. */
const nameContains = (text: string) => sql`lower(${files.name}) like ${literal(text)}`;
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
  const base = (since: Date | undefined) =>
    and(
      isNull(messages.deletedAt),
      // System lines ("Alice joined") are not what anyone searches for.
      isNull(messages.system),
      since ? gte(messages.createdAt, since) : undefined,
      readable(reader),
      ...filters(query, reader),
    );
  // Sealed messages have no text; a message of files alone has none either, yet filters find it.
  const withText =
    query.terms.length + query.phrases.length > 0
      ? isNotNull(messages.body)
      : or(isNotNull(messages.body), eq(channels.encrypted, false));
  const find = (since: Date | undefined) =>
    tx
      .select({ id: messages.id })
      .from(messages)
      .innerJoin(channels, eq(channels.id, messages.channelId))
      .leftJoin(
        memberships,
        and(eq(memberships.channelId, messages.channelId), eq(memberships.userId, reader.id)),
      )
      .where(and(base(since), withText, ...words(query, !since)))
      .orderBy(desc(messages.createdAt))
      .limit(CANDIDATES);
  // The newest messages answer most searches; fewer matches there than the page needs go to the word index.
  let candidates = await find(since);
  if (since && candidates.length < page.offset + page.limit) candidates = await find(undefined);
  const named = await findByFileName(tx, reader, query, base(undefined));
  const seen = new Set(candidates.map((c) => c.id));
  candidates = [...candidates, ...named.filter((c) => !seen.has(c.id))];
  if (candidates.length === 0) return [];
  const wanted = [...query.terms, ...query.phrases].join(' ');
  const rank = sql<number>`ts_rank(to_tsvector('simple', ${messages.body}), plainto_tsquery('simple', ${wanted}))`;
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

/** Messages of plain channels with a file whose name holds every word (and whose text has no excluded word). */
function findByFileName(tx: Tx, reader: { id: string }, query: ParsedSearch, base: SQL | undefined) {
  const wanted = [...query.terms, ...query.phrases];
  if (wanted.length === 0) return Promise.resolve([]);
  return tx
    .selectDistinct({ id: messages.id, createdAt: messages.createdAt })
    .from(files)
    .innerJoin(messages, eq(messages.id, files.messageId))
    .innerJoin(channels, and(eq(channels.id, messages.channelId), eq(channels.encrypted, false)))
    .leftJoin(
      memberships,
      and(eq(memberships.channelId, messages.channelId), eq(memberships.userId, reader.id)),
    )
    .where(
      and(
        base,
        ...wanted.map(nameContains),
        ...query.excludes.map((text) => sql`not coalesce(lower(${messages.body}), '') like ${literal(text)}`),
      ),
    )
    .orderBy(desc(messages.createdAt))
    .limit(CANDIDATES);
}

/** The words and exclusions, matched in the message's text. */
const words = (query: ParsedSearch, indexed: boolean) => [
  ...[...query.terms, ...query.phrases].map((text) => contains(text, indexed)),
  ...query.excludes.map((text) => sql`not ${contains(text, false)}`),
];

const hasFile = (image: boolean) =>
  sql`exists (select 1 from ${files} f where f.message_id = ${messages.id}${image ? sql` and f.type like 'image/%'` : sql``})`;

function filters(query: ParsedSearch, reader: { id: string }): (SQL | undefined)[] {
  const author = (username: string) => sql`(select u.id from ${users} u where u.username = ${username})`;
  return [
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
    query.has.includes('file') ? hasFile(false) : undefined,
    query.has.includes('image') ? hasFile(true) : undefined,
    query.is.includes('pinned') ? isNotNull(messages.pinnedAt) : undefined,
    query.is.includes('saved')
      ? sql`exists (select 1 from ${savedMessages} s where s.message_id = ${messages.id} and s.user_id = ${reader.id})`
      : undefined,
    query.is.includes('thread')
      ? or(isNotNull(messages.threadRootId), sql`${messages.replyCount} > 0`)
      : undefined,
  ];
}
