import { and, asc, eq, sql } from 'drizzle-orm';
import type { Bot } from '@parley/protocol';
import type { Conn } from '../../db/client.js';
import { botTokens, users } from '../../db/schema.js';

type BotRow = {
  id: string;
  username: string;
  displayName: string;
  status: 'active' | 'deactivated';
  createdBy: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  tokenHash: string | null;
};

export const toBot = ({ tokenHash, ...row }: BotRow): Bot => ({
  ...row,
  hasToken: tokenHash !== null,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

const botColumns = {
  id: users.id,
  username: users.username,
  displayName: users.displayName,
  status: users.status,
  createdBy: botTokens.createdBy,
  createdAt: users.createdAt,
  lastUsedAt: botTokens.lastUsedAt,
  tokenHash: botTokens.tokenHash,
};

/** Every bot, deactivated ones too, in username order. */
export async function listBots(db: Conn): Promise<BotRow[]> {
  return db
    .select(botColumns)
    .from(users)
    .leftJoin(botTokens, eq(botTokens.userId, users.id))
    .where(eq(users.bot, true))
    .orderBy(asc(users.username));
}

export async function findBot(db: Conn, id: string): Promise<BotRow | undefined> {
  const [row] = await db
    .select(botColumns)
    .from(users)
    .leftJoin(botTokens, eq(botTokens.userId, users.id))
    .where(and(eq(users.id, id), eq(users.bot, true)));
  return row;
}

/** Gives the bot this token, replacing any it had; returns the hash it replaced. */
export async function setToken(
  db: Conn,
  userId: string,
  tokenHash: string,
  createdBy: string | null,
): Promise<string | undefined> {
  const old = await findTokenHash(db, userId);
  await db
    .insert(botTokens)
    .values({ userId, tokenHash, createdBy })
    .onConflictDoUpdate({ target: botTokens.userId, set: { tokenHash, lastUsedAt: null } });
  return old;
}

export async function findTokenHash(db: Conn, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ hash: botTokens.tokenHash })
    .from(botTokens)
    .where(eq(botTokens.userId, userId));
  return row?.hash ?? undefined;
}

/** The token stops; the row stays, with who added the bot. */
export async function deleteToken(db: Conn, userId: string): Promise<string | undefined> {
  const old = await findTokenHash(db, userId);
  await db.update(botTokens).set({ tokenHash: null }).where(eq(botTokens.userId, userId));
  return old;
}

/** The active bot a token belongs to. */
export async function findByToken(db: Conn, tokenHash: string) {
  const [row] = await db
    .select({ user: users, lastUsedAt: botTokens.lastUsedAt })
    .from(botTokens)
    .innerJoin(users, eq(users.id, botTokens.userId))
    .where(and(eq(botTokens.tokenHash, tokenHash), eq(users.status, 'active')));
  return row;
}

/** Notes the token's use, at most once per `every`: a busy bot costs no write per request. */
export async function touchToken(db: Conn, tokenHash: string, now: Date, every: number): Promise<void> {
  await db
    .update(botTokens)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(botTokens.tokenHash, tokenHash),
        sql`(${botTokens.lastUsedAt} is null or ${botTokens.lastUsedAt} < ${new Date(now.getTime() - every)})`,
      ),
    );
}
