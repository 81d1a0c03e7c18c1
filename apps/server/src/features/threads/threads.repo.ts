import { and, eq, sql } from 'drizzle-orm';
import { LIMITS, type ThreadState } from '@parley/protocol';
import type { Conn } from '../../db/client.js';
import { memberships, messages, threadFollows } from '../../db/schema.js';

const unreadOf = (userId: string) => sql<number>`(select count(*)::int from ${messages} x
  where x.thread_root_id = ${threadFollows.rootId} and x.seq > ${threadFollows.lastReadSeq}
    and x.author_id <> ${userId} and x.deleted_at is null)`;

/** The user's state of one thread; a thread never followed nor read is unfollowed with nothing read. */
export async function threadState(db: Conn, rootId: string, channelId: string, userId: string) {
  const [row] = await db
    .select({
      following: threadFollows.following,
      lastReadSeq: threadFollows.lastReadSeq,
      unread: unreadOf(userId),
    })
    .from(threadFollows)
    .where(and(eq(threadFollows.rootId, rootId), eq(threadFollows.userId, userId)));
  return toState(rootId, channelId, row);
}

function toState(
  rootId: string,
  channelId: string,
  row: { following: boolean; lastReadSeq: number; unread: number } | undefined,
): ThreadState {
  return {
    rootId,
    channelId,
    following: row?.following ?? false,
    lastReadSeq: row?.lastReadSeq ?? 0,
    unread: row?.unread ?? 0,
  };
}

export async function setFollowing(db: Conn, rootId: string, userId: string, following: boolean) {
  await db
    .insert(threadFollows)
    .values({ rootId, userId, following })
    .onConflictDoUpdate({ target: [threadFollows.rootId, threadFollows.userId], set: { following } });
}

/** Moves the thread's read marker forward only. */
export async function advanceThreadRead(db: Conn, rootId: string, userId: string, seq: number) {
  await db
    .insert(threadFollows)
    .values({ rootId, userId, following: false, lastReadSeq: seq })
    .onConflictDoUpdate({
      target: [threadFollows.rootId, threadFollows.userId],
      set: { lastReadSeq: sql`greatest(${threadFollows.lastReadSeq}, excluded.last_read_seq)` },
    });
}

/** Followed threads in channels the user is still in, unread first, then the newest reply first. */
export async function listFollowed(db: Conn, userId: string) {
  const rows = await db
    .select({
      root: messages,
      following: threadFollows.following,
      lastReadSeq: threadFollows.lastReadSeq,
      unread: unreadOf(userId),
    })
    .from(threadFollows)
    .innerJoin(messages, eq(messages.id, threadFollows.rootId))
    .innerJoin(
      memberships,
      and(eq(memberships.channelId, messages.channelId), eq(memberships.userId, userId)),
    )
    .where(
      and(
        eq(threadFollows.userId, userId),
        eq(threadFollows.following, true),
        sql`${messages.replyCount} > 0`,
      ),
    )
    .orderBy(sql`${unreadOf(userId)} > 0 desc`, sql`${messages.lastReplyAt} desc nulls last`)
    .limit(LIMITS.threadsPage);
  return rows.map((r) => ({ root: r.root, thread: toState(r.root.id, r.root.channelId, r) }));
}
