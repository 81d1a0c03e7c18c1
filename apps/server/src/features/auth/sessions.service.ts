import { createHash, randomBytes } from 'node:crypto';
import type { SessionInfo, User } from '@parley/protocol';
import { accountChanged } from '../../events/account-changed.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { toUser } from '../users/users.repo.js';
import * as repo from './sessions.repo.js';

export const SESSION_DAYS = 30;
const DAY_MS = 86_400_000;
// Last-active is written at most this often per session: idle timeouts count in days, not minutes.
const TOUCH_EVERY_MS = 5 * 60_000;

export type SessionMeta = { userAgent: string; address: string };

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
/** The id the API shows: a hash of the stored id, so neither the cookie nor the database key leaves the server. */
export const publicSessionId = (id: string) =>
  createHash('sha256').update(id).digest('base64url').slice(0, 22);

const idleCutoff = (ctx: AppContext, now: Date) =>
  new Date(now.getTime() - ctx.config.sessionIdleDays * DAY_MS);

export async function createSession(ctx: AppContext, userId: string, meta: SessionMeta): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await repo.insertSession(ctx.db, {
    id: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + SESSION_DAYS * DAY_MS),
    userAgent: meta.userAgent.slice(0, 256),
  });
  return token;
}

/** Every way in ends here: the security log says how. */
export function signedIn(ctx: AppContext, userId: string, address: string, how: string): void {
  accountChanged(ctx, 'signed_in', userId, userId, { detail: { with: how }, address });
}

/** The user behind a session token, or undefined when it is unknown, expired, idle too long or revoked. */
export async function userForToken(ctx: AppContext, token: string): Promise<User | undefined> {
  const id = hashToken(token);
  const cached = ctx.sessionCache.get(id);
  if (cached) return cached;
  const ticket = ctx.sessionCache.ticket();
  const now = new Date();
  const found = await repo.findLiveSession(ctx.db, id, now, idleCutoff(ctx, now));
  if (!found) return undefined;
  if (now.getTime() - found.session.lastActiveAt.getTime() > TOUCH_EVERY_MS) {
    await repo.touchSession(ctx.db, id, now, new Date(now.getTime() - TOUCH_EVERY_MS));
  }
  const user = toUser(found.user);
  ctx.sessionCache.set(id, user, ticket);
  return user;
}

export async function listSessions(
  ctx: AppContext,
  userId: string,
  currentId?: string,
): Promise<SessionInfo[]> {
  const now = new Date();
  const rows = await repo.listLiveSessions(ctx.db, userId, now, idleCutoff(ctx, now));
  return rows.map((r) => ({
    id: publicSessionId(r.id),
    userAgent: r.userAgent,
    createdAt: r.createdAt.toISOString(),
    lastActiveAt: r.lastActiveAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    current: r.id === currentId,
  }));
}

/** Every node forgets the sessions, then their sockets drop (and cannot come back). */
export async function dropSessions(ctx: AppContext, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await ctx.sessionCache.invalidate({ sessionIds: ids });
  for (const id of ids) ctx.realtime.sessionRevoked(id);
}

export async function revokeOne(ctx: AppContext, userId: string, publicId: string): Promise<void> {
  const rows = await repo.listLiveSessions(ctx.db, userId, new Date(), new Date(0));
  const row = rows.find((r) => publicSessionId(r.id) === publicId);
  if (!row) throw new AppError('not_found', 'That session has already ended.');
  await repo.revokeSession(ctx.db, row.id);
  await dropSessions(ctx, [row.id]);
}

/** Ends every session of the user but `keepId` (all of them without it); returns how many. */
export async function revokeAllSessions(ctx: AppContext, userId: string, keepId?: string): Promise<number> {
  const ids = await repo.revokeUserSessions(ctx.db, userId, keepId);
  await dropSessions(ctx, ids);
  return ids.length;
}

export async function logout(ctx: AppContext, token: string): Promise<void> {
  const id = hashToken(token);
  await repo.revokeSession(ctx.db, id);
  await dropSessions(ctx, [id]);
}
