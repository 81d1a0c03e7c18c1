import { randomBytes, randomUUID } from 'node:crypto';
import type { Bot, CreateBotBody, User } from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../errors.js';
import { accountChanged } from '../../events/account-changed.js';
import { hashToken } from '../auth/sessions.service.js';
import { isGroupHandle } from '../groups/groups.repo.js';
import { findUserByUsername, insertUser, toUser } from '../users/users.repo.js';
import { updateUserRecorded } from '../users/users.service.js';
import * as repo from './bots.repo.js';

/** Never a valid argon2 hash: a bot cannot sign in with a password. */
const NO_PASSWORD = '!bot';
/** Tokens say what they are, so a leaked one is recognised in logs and by secret scanners. */
export const BOT_TOKEN_PREFIX = 'parley_bot_';
/** A repeated press is bounded: more bots than a team runs. */
export const BOTS_MAX = 100;
const TOUCH_EVERY_MS = 60_000;

/** What a token's socket and cache entries are known by: never the token itself. */
const sessionIdOf = (tokenHash: string) => `bot:${tokenHash}`;
export const botSessionId = (token: string) => sessionIdOf(hashToken(token));

const newToken = () => `${BOT_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;

export async function listBots(ctx: AppContext): Promise<Bot[]> {
  return (await repo.listBots(ctx.db)).map(repo.toBot);
}

/** A bot account and its token, which is returned this once. It joins no channel until someone adds it. */
export async function createBot(ctx: AppContext, admin: User | null, body: CreateBotBody, address?: string) {
  const id = randomUUID();
  const token = newToken();
  try {
    await ctx.db.transaction(async (tx) => {
      if ((await repo.listBots(tx)).length >= BOTS_MAX)
        throw new AppError('conflict', `A team has at most ${BOTS_MAX} bots: remove one first.`);
      if ((await findUserByUsername(tx, body.username)) || (await isGroupHandle(tx, body.username)))
        throw new AppError('username_taken');
      await insertUser(tx, { id, ...body, passwordHash: NO_PASSWORD, role: 'member', bot: true });
      await repo.setToken(tx, id, hashToken(token), admin?.id ?? null);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('username_taken');
    throw err;
  }
  accountChanged(ctx, 'bot_added', admin?.id ?? null, id, { address });
  return { bot: await found(ctx, id), token };
}

/** A new token; the old one stops at once, and the sockets it opened close. */
export async function renewToken(ctx: AppContext, admin: User | null, id: string, address?: string) {
  const bot = await found(ctx, id);
  if (bot.status !== 'active') throw new AppError('conflict', 'Reactivate the bot first.');
  const token = newToken();
  const old = await repo.setToken(ctx.db, id, hashToken(token), admin?.id ?? null);
  if (old) await forget(ctx, old);
  accountChanged(ctx, 'bot_token_renewed', admin?.id ?? null, id, { address });
  return { bot: await found(ctx, id), token };
}

/** Deactivates the bot and deletes its token; its messages stay, under its name. */
export async function removeBot(ctx: AppContext, admin: User, id: string, address: string): Promise<void> {
  await found(ctx, id);
  const old = await repo.deleteToken(ctx.db, id);
  await updateUserRecorded(ctx, id, { status: 'deactivated' });
  await ctx.sessionCache.forgetUser(id);
  if (old) await forget(ctx, old);
  accountChanged(ctx, 'bot_removed', admin.id, id, { address });
}

/** A deactivated bot's sockets close, as a person's sessions end. */
export async function dropBotSockets(ctx: AppContext, userId: string): Promise<void> {
  const hash = await repo.findTokenHash(ctx.db, userId);
  if (hash) await forget(ctx, hash);
}

/** The active bot behind a token, or undefined. */
export async function userForBotToken(ctx: AppContext, token: string): Promise<User | undefined> {
  if (!token.startsWith(BOT_TOKEN_PREFIX)) return undefined;
  const hash = hashToken(token);
  const cacheId = sessionIdOf(hash);
  const cached = ctx.sessionCache.get(cacheId);
  if (cached) return cached;
  const ticket = ctx.sessionCache.ticket();
  const row = await repo.findByToken(ctx.db, hash);
  if (!row) return undefined;
  const now = new Date();
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_EVERY_MS)
    await repo.touchToken(ctx.db, hash, now, TOUCH_EVERY_MS);
  const user = toUser(row.user);
  ctx.sessionCache.set(cacheId, user, ticket);
  return user;
}

async function found(ctx: AppContext, id: string): Promise<Bot> {
  const row = await repo.findBot(ctx.db, id);
  if (!row) throw new AppError('not_found', 'No such bot.');
  return repo.toBot(row);
}

/** Every node forgets the old token, then its sockets drop. */
async function forget(ctx: AppContext, oldHash: string): Promise<void> {
  const id = sessionIdOf(oldHash);
  await ctx.sessionCache.invalidate({ sessionIds: [id] });
  ctx.realtime.sessionRevoked(id);
}
