import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AdminChannelsResponse, InstanceSettings, Invite } from '@parley/protocol';
import type { Conn } from '../../db/client.js';
import { channels, invites, settings } from '../../db/schema.js';

export type InviteRow = typeof invites.$inferSelect;

// Every member may make user groups by default, as in Zulip.
const DEFAULTS: InstanceSettings = {
  inviteOnly: false,
  name: 'Parley',
  groupManagers: 'members',
  emojiAdders: 'members',
  requireTwoFactor: false,
  messageRetentionDays: null,
};

export function toInvite(row: InviteRow): Invite {
  return {
    code: row.code,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    maxUses: row.maxUses,
    uses: row.uses,
  };
}

export async function readSettings(db: Conn): Promise<InstanceSettings> {
  const rows = await db.select().from(settings);
  const stored = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  return { ...DEFAULTS, ...stored } as InstanceSettings;
}

/** A setting set to null goes back to its default. */
export async function writeSettings(db: Conn, values: Partial<InstanceSettings>): Promise<void> {
  for (const [key, value] of Object.entries(values)) {
    if (value === null) {
      await db.delete(settings).where(eq(settings.key, key));
      continue;
    }
    await db
      .insert(settings)
      .values({ key, value })
      .onConflictDoUpdate({ target: settings.key, set: { value } });
  }
}

export async function insertInvite(db: Conn, values: typeof invites.$inferInsert): Promise<InviteRow> {
  const [row] = await db.insert(invites).values(values).returning();
  return row!;
}

export async function findInvite(db: Conn, code: string): Promise<InviteRow | undefined> {
  const [row] = await db.select().from(invites).where(eq(invites.code, code));
  return row;
}

/** Invites that still let someone in: not revoked, expired or used up. */
const stillOpen = sql`${invites.revokedAt} is null and (${invites.expiresAt} is null or ${invites.expiresAt} > now())
  and (${invites.maxUses} is null or ${invites.uses} < ${invites.maxUses})`;

export async function listInvites(db: Conn): Promise<InviteRow[]> {
  return db.select().from(invites).where(stillOpen).orderBy(desc(invites.createdAt));
}

export async function countOpenInvites(db: Conn): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(invites)
    .where(stillOpen);
  return row?.n ?? 0;
}

export async function revokeInvite(db: Conn, code: string): Promise<boolean> {
  const rows = await db
    .update(invites)
    .set({ revokedAt: new Date() })
    .where(eq(invites.code, code))
    .returning();
  return rows.length > 0;
}

/** Uses one invite atomically; false when it is spent, expired or revoked. */
export async function consumeInvite(db: Conn, code: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(invites)
    .set({ uses: sql`${invites.uses} + 1` })
    .where(
      sql`${invites.code} = ${code} and ${invites.revokedAt} is null
        and (${invites.expiresAt} is null or ${invites.expiresAt} > ${now})
        and (${invites.maxUses} is null or ${invites.uses} < ${invites.maxUses})`,
    )
    .returning();
  return rows.length > 0;
}

export function isInviteValid(row: InviteRow | undefined, now: Date): boolean {
  if (!row || row.revokedAt) return false;
  if (row.expiresAt && row.expiresAt <= now) return false;
  return row.maxUses === null || row.uses < row.maxUses;
}

/** Channels (not DMs), public or private, archived too, whose name starts with `q`; the first 20 by name. */
export async function findChannelsByName(db: Conn, q: string): Promise<AdminChannelsResponse['channels']> {
  const rows = await db
    .select({
      id: channels.id,
      name: channels.name,
      kind: channels.kind,
      archivedAt: channels.archivedAt,
      retention: channels.retention,
    })
    .from(channels)
    .where(
      and(
        inArray(channels.kind, ['public', 'private']),
        sql`starts_with(${channels.name}, ${q.toLowerCase()})`,
      ),
    )
    .orderBy(asc(channels.name))
    .limit(20);
  return rows.map((c) => ({
    id: c.id,
    name: c.name ?? '',
    kind: c.kind as 'public' | 'private',
    archived: !!c.archivedAt,
    retention: c.retention ?? null,
  }));
}
