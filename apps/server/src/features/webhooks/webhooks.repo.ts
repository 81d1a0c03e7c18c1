import { asc, eq, sql } from 'drizzle-orm';
import type { Webhook } from '@parley/protocol';
import type { Conn } from '../../db/client.js';
import { channels, webhooks } from '../../db/schema.js';

export const ADMIN_LIST_MAX = 500;

export type WebhookRow = typeof webhooks.$inferSelect;

export const toWebhook = (row: WebhookRow): Webhook => ({
  id: row.id,
  channelId: row.channelId,
  name: row.name,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

export async function insertWebhook(db: Conn, values: typeof webhooks.$inferInsert): Promise<WebhookRow> {
  const [row] = await db.insert(webhooks).values(values).returning();
  return row!;
}

export async function findWebhook(db: Conn, id: string): Promise<WebhookRow | undefined> {
  const [row] = await db.select().from(webhooks).where(eq(webhooks.id, id));
  return row;
}

export async function findByTokenHash(db: Conn, tokenHash: string): Promise<WebhookRow | undefined> {
  const [row] = await db.select().from(webhooks).where(eq(webhooks.tokenHash, tokenHash));
  return row;
}

export async function listForChannel(db: Conn, channelId: string): Promise<WebhookRow[]> {
  return db
    .select()
    .from(webhooks)
    .where(eq(webhooks.channelId, channelId))
    .orderBy(asc(webhooks.createdAt), asc(webhooks.id));
}

export async function countForChannel(db: Conn, channelId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(webhooks)
    .where(eq(webhooks.channelId, channelId));
  return row?.n ?? 0;
}

/** Every webhook with its channel's name, newest first, as many as an admin page lists. */
export async function listAll(db: Conn): Promise<(WebhookRow & { channelName: string })[]> {
  const rows = await db
    .select({ webhook: webhooks, channelName: channels.name })
    .from(webhooks)
    .innerJoin(channels, eq(channels.id, webhooks.channelId))
    .orderBy(sql`${webhooks.createdAt} desc`, asc(webhooks.id))
    .limit(ADMIN_LIST_MAX);
  return rows.map((r) => ({ ...r.webhook, channelName: r.channelName ?? '' }));
}

export async function deleteWebhook(db: Conn, id: string): Promise<boolean> {
  const gone = await db.delete(webhooks).where(eq(webhooks.id, id)).returning({ id: webhooks.id });
  return gone.length > 0;
}

export async function setTokenHash(db: Conn, id: string, tokenHash: string): Promise<boolean> {
  const changed = await db
    .update(webhooks)
    .set({ tokenHash })
    .where(eq(webhooks.id, id))
    .returning({ id: webhooks.id });
  return changed.length > 0;
}

export async function markUsed(db: Conn, id: string, at: Date): Promise<void> {
  await db.update(webhooks).set({ lastUsedAt: at }).where(eq(webhooks.id, id));
}
