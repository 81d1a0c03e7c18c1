import { and, desc, eq, sql } from 'drizzle-orm';
import type { Draft, EncryptedBody } from '@parley/protocol';
import type { Conn } from '../../db/client.js';
import { drafts, memberships } from '../../db/schema.js';

type DraftRow = typeof drafts.$inferSelect;
/** Enough for every channel and thread a person writes in; past it the oldest drafts go. */
export const DRAFTS_PER_USER = 1_000;

export const toDraft = (row: DraftRow): Draft => ({
  channelId: row.channelId,
  threadRootId: row.scope || null,
  body: row.body,
  encrypted: (row.encrypted as EncryptedBody | null) ?? null,
  updatedAt: row.updatedAt.toISOString(),
});

const scopeOf = (threadRootId: string | null | undefined) => threadRootId ?? '';

export async function findDraft(db: Conn, userId: string, channelId: string, threadRootId: string | null) {
  const [row] = await db
    .select()
    .from(drafts)
    .where(
      and(
        eq(drafts.userId, userId),
        eq(drafts.channelId, channelId),
        eq(drafts.scope, scopeOf(threadRootId)),
      ),
    );
  return row;
}

/** The user's drafts in channels they are still in, newest first. */
export async function listDrafts(db: Conn, userId: string): Promise<DraftRow[]> {
  return db
    .select({ draft: drafts })
    .from(drafts)
    .innerJoin(memberships, and(eq(memberships.channelId, drafts.channelId), eq(memberships.userId, userId)))
    .where(eq(drafts.userId, userId))
    .orderBy(desc(drafts.updatedAt))
    .limit(DRAFTS_PER_USER)
    .then((rows) => rows.map((r) => r.draft));
}

export async function upsertDraft(
  db: Conn,
  key: { userId: string; channelId: string; threadRootId: string | null },
  content: { body: string | null; encrypted: EncryptedBody | null },
): Promise<DraftRow> {
  const [row] = await db
    .insert(drafts)
    .values({ userId: key.userId, channelId: key.channelId, scope: scopeOf(key.threadRootId), ...content })
    .onConflictDoUpdate({
      target: [drafts.userId, drafts.channelId, drafts.scope],
      set: { ...content, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

export async function deleteDraft(
  db: Conn,
  key: { userId: string; channelId: string; threadRootId: string | null },
): Promise<boolean> {
  const gone = await db
    .delete(drafts)
    .where(
      and(
        eq(drafts.userId, key.userId),
        eq(drafts.channelId, key.channelId),
        eq(drafts.scope, scopeOf(key.threadRootId)),
      ),
    )
    .returning({ scope: drafts.scope });
  return gone.length > 0;
}

/** Drops the user's oldest drafts past the cap. */
export async function pruneDrafts(db: Conn, userId: string): Promise<void> {
  await db.execute(sql`
    delete from drafts d using (
      select channel_id, scope from drafts where user_id = ${userId}
      order by updated_at desc offset ${DRAFTS_PER_USER}
    ) old
    where d.user_id = ${userId} and d.channel_id = old.channel_id and d.scope = old.scope`);
}
