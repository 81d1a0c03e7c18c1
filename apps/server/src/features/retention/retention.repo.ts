import { and, eq, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Conn } from '../../db/client.js';
import { channels, drafts, files, messages, scheduledMessages } from '../../db/schema.js';
import { recordChanges } from '../feed/feed.repo.js';

/** Where a cutoff applies: one channel with a setting of its own, or every channel following the instance's. */
export type PruneScope = { channelId: string } | 'instance';

const inScope = (scope: PruneScope): SQL =>
  scope === 'instance'
    ? sql`not exists (select 1 from ${channels} c where c.id = ${messages.channelId} and c.retention is not null)`
    : eq(messages.channelId, scope.channelId);

/** Messages and tombstones are looked for apart, each through an index on its time, so an hourly run with nothing due reads little. */
export type Kind = 'messages' | 'tombstones';

/** A channel message, or a thread root with all its replies, whose last activity was before `before`. */
const due = (before: Date, scope: PruneScope, kind?: Kind) =>
  and(
    kind && (kind === 'messages' ? isNull(messages.deletedAt) : isNotNull(messages.deletedAt)),
    inScope(scope),
    isNull(messages.threadRootId),
    lt(messages.createdAt, before),
    or(isNull(messages.lastReplyAt), lt(messages.lastReplyAt, before)),
  );

/** Up to `limit` due roots, locked for this transaction (a root another node is deleting is skipped). */
export const dueRoots = (db: Conn, before: Date, scope: PruneScope, kind: Kind, limit: number) =>
  db
    .select({ id: messages.id, channelId: messages.channelId })
    .from(messages)
    .where(due(before, scope, kind))
    // No order: a scan stops at the first `limit` found.
    .limit(limit)
    .for('update', { skipLocked: true });

/**
 * Deletes up to `limit` due threads with everything hanging on them (reactions, pins, saves, files'
 * rows, replies still scheduled, drafts) and records what tabs must hear.
 */
export async function pruneBatch(db: Conn, before: Date, scope: PruneScope, kind: Kind, limit: number) {
  const roots = await dueRoots(db, before, scope, kind, limit);
  if (roots.length === 0) return { roots: 0, messages: 0, fileIds: [], channelIds: [] };
  const ids = roots.map((r) => r.id);
  const doomed = or(inArray(messages.id, ids), inArray(messages.threadRootId, ids));
  const fileIds = await db
    .delete(files)
    .where(inArray(files.messageId, db.select({ id: messages.id }).from(messages).where(doomed)))
    .returning({ id: files.id });
  const unsent = await db
    .delete(scheduledMessages)
    .where(inArray(scheduledMessages.threadRootId, ids))
    .returning({
      id: scheduledMessages.id,
      userId: scheduledMessages.userId,
      channelId: scheduledMessages.channelId,
    });
  const unwritten = await db
    .delete(drafts)
    .where(inArray(drafts.scope, ids))
    .returning({ userId: drafts.userId, channelId: drafts.channelId, scope: drafts.scope });
  const gone = await db.delete(messages).where(doomed).returning({ id: messages.id });
  // Tabs drop exactly these: a rule on their copies could disagree when a replay brings newer ones.
  const byChannel = new Map<string, string[]>();
  for (const r of roots) byChannel.set(r.channelId, [...(byChannel.get(r.channelId) ?? []), r.id]);
  await recordChanges(db, [
    ...[...byChannel].map(([channelId, rootIds]) => ({
      kind: 'history:pruned' as const,
      channelId,
      data: { rootIds },
    })),
    // Their authors' tabs drop a reply still scheduled to a thread that went, and its unsent text.
    ...unsent.map((s) => ({
      kind: 'scheduled:changed' as const,
      channelId: s.channelId,
      userId: s.userId,
      entityId: s.id,
    })),
    ...unwritten.map((d) => ({
      kind: 'draft:updated' as const,
      channelId: d.channelId,
      userId: d.userId,
      entityId: d.scope,
    })),
  ]);
  return {
    roots: roots.length,
    messages: gone.length,
    fileIds: fileIds.map((f) => f.id),
    channelIds: [...byChannel.keys()],
  };
}

/** What pruning at `before` would delete now: messages (replies included) and files. */
export async function countDue(
  db: Conn,
  before: Date,
  scope: PruneScope,
): Promise<{ messages: number; files: number }> {
  const result = (await db.execute(sql`
    with roots as (select ${messages.id} as id from ${messages} where ${due(before, scope)}),
    doomed as (
      select m.id from messages m
      where m.id in (select id from roots) or m.thread_root_id in (select id from roots))
    select (select count(*)::int from doomed) as messages,
      (select count(*)::int from files f where f.message_id in (select id from doomed)) as files`)) as unknown as {
    rows: { messages: number; files: number }[];
  };
  return result.rows[0]!;
}

/** Channels with a retention of their own. */
export function listOwnRetention(db: Conn) {
  return db
    .select({ id: channels.id, name: channels.name, kind: channels.kind, retention: channels.retention })
    .from(channels)
    .where(isNotNull(channels.retention))
    .orderBy(channels.name);
}

export async function setOwnRetention(
  db: Conn,
  channelId: string,
  retention: { days: number | null } | null,
) {
  await db.update(channels).set({ retention }).where(eq(channels.id, channelId));
  await recordChanges(db, [{ kind: 'channel:updated', channelId }]);
}
