import { and, asc, eq, gt, isNotNull, like, sql } from 'drizzle-orm';
import { LIMITS, type SlackImportSummary } from '@parley/protocol';
import type { Conn } from '../../db/client.js';
import { channels, imported, imports, memberships, messages, reactions, users } from '../../db/schema.js';

/** Sign-in links made at once: a bound on one request, and more than a workspace a chat serves. */
const WAITING_MAX = 5_000;

/** A person; a channel begun (made, with its members); a channel whose history is all in. */
export type ImportedKind = 'user' | 'channel' | 'channel-done';

/** What an earlier import made of a Slack id, if anything. */
export async function findImported(
  db: Conn,
  kind: ImportedKind,
  sourceId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ targetId: imported.targetId })
    .from(imported)
    .where(and(eq(imported.source, 'slack'), eq(imported.kind, kind), eq(imported.sourceId, sourceId)));
  return row?.targetId;
}

/** Throws a unique violation when another import took this id first: its channel rolls back. */
export async function recordImported(db: Conn, kind: ImportedKind, sourceId: string, targetId: string) {
  await db.insert(imported).values({ source: 'slack', kind, sourceId, targetId });
}

/** Reactions as Slack counted them: each person once per emoji, at most the distinct emoji a message may hold. */
export async function insertReactions(
  db: Conn,
  messageId: string,
  at: Date,
  list: { emoji: string; userIds: string[] }[],
): Promise<void> {
  let order = 0;
  // Spaced a millisecond apart from the message's time, so they list in Slack's order.
  const rows = list.slice(0, LIMITS.reactionsPerMessage).flatMap(({ emoji, userIds }) =>
    [...new Set(userIds)].map((userId) => ({
      messageId,
      userId,
      emoji,
      createdAt: new Date(at.getTime() + ++order),
    })),
  );
  if (rows.length) await db.insert(reactions).values(rows).onConflictDoNothing();
}

/** Imported history is read: every member's read mark at the channel's last message. */
export async function markAllRead(db: Conn, channelId: string): Promise<void> {
  await db
    .update(memberships)
    .set({
      lastReadSeq: sql`(select ${channels.lastSeq} from ${channels} where ${channels.id} = ${channelId})`,
    })
    .where(eq(memberships.channelId, channelId));
}

export type ImportRow = typeof imports.$inferSelect;

/** Active people an import made who have set no password yet, by username. */
export async function listWaitingForPassword(db: Conn, noPassword: string) {
  return db
    .select({ id: users.id, username: users.username, displayName: users.displayName })
    .from(users)
    .where(and(eq(users.passwordHash, noPassword), eq(users.status, 'active')))
    .orderBy(asc(users.username))
    .limit(WAITING_MAX);
}

export async function insertImport(db: Conn, values: typeof imports.$inferInsert): Promise<ImportRow> {
  const [row] = await db.insert(imports).values(values).returning();
  return row!;
}

export async function findImport(db: Conn, id: string): Promise<ImportRow | undefined> {
  const [row] = await db.select().from(imports).where(eq(imports.id, id));
  return row;
}

/** Whether any node runs an import that beat since `since`. */
export async function hasLiveImport(db: Conn, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: imports.id })
    .from(imports)
    .where(and(eq(imports.state, 'running'), gt(imports.heartbeatAt, since)))
    .limit(1);
  return !!row;
}

export async function saveProgress(db: Conn, id: string, summary: SlackImportSummary): Promise<void> {
  await db.update(imports).set({ summary, heartbeatAt: new Date() }).where(eq(imports.id, id));
}

export async function beat(db: Conn, id: string): Promise<void> {
  await db.update(imports).set({ heartbeatAt: new Date() }).where(eq(imports.id, id));
}

export async function finishImport(
  db: Conn,
  id: string,
  end: { state: 'done' | 'failed' | 'interrupted'; summary?: SlackImportSummary; error?: string },
): Promise<void> {
  await db
    .update(imports)
    .set({
      state: end.state,
      error: end.error ?? null,
      finishedAt: new Date(),
      ...(end.summary && { summary: end.summary }),
    })
    .where(eq(imports.id, id));
}

/** The messages an earlier run imported into a channel, by their Slack ts (the end of their client id). */
export async function importedMessages(
  db: Conn,
  channelId: string,
  prefix: string,
): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: messages.id, clientId: messages.clientId })
    .from(messages)
    .where(and(eq(messages.channelId, channelId), like(messages.clientId, `${prefix}%`)));
  return new Map(rows.map((r) => [r.clientId.slice(prefix.length), r.id]));
}

/** The channel's messages that have replies. */
export async function threadRootsIn(db: Conn, channelId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: messages.threadRootId })
    .from(messages)
    .where(and(eq(messages.channelId, channelId), isNotNull(messages.threadRootId)));
  return rows.map((r) => r.id!);
}
