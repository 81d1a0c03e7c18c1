import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { ChangePasswordBody, ResetLinkResponse, User } from '@parley/protocol';
import { accountChanged } from '../../events/account-changed.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { findUserById } from '../users/users.repo.js';
import * as repo from './passwords.repo.js';
import { hashToken, revokeAllSessions } from './sessions.service.js';

export const RESET_LINK_HOURS = 24;

export const hashPassword = (password: string) => hash(password, { algorithm: 2 });

/** Stored for an account made by single sign-on: no password matches it, and a reset link sets a real one. */
export const NO_PASSWORD = '!none';
export const hasPassword = (stored: string | undefined) => !!stored && stored !== NO_PASSWORD;

/** Throws wrong_password unless it is the user's; guesses count against the same limit as signing in. */
export async function confirmPassword(ctx: AppContext, user: User, password: string, address: string) {
  if (await ctx.loginLimiter.isBlocked(user.username, address)) throw new AppError('rate_limited');
  const stored = await repo.findPasswordHash(ctx.db, user.id);
  const ok = stored ? await ctx.limits.hash(() => verify(stored, password).catch(() => false)) : false;
  if (!ok) {
    await ctx.loginLimiter.recordFailure(user.username, address);
    throw new AppError('wrong_password');
  }
}

/** Needs the current password; every other session of the user ends, sockets included. */
export async function changePassword(
  ctx: AppContext,
  user: User,
  sessionId: string,
  body: ChangePasswordBody,
  address: string,
): Promise<number> {
  await confirmPassword(ctx, user, body.currentPassword, address);
  await repo.setPasswordHash(ctx.db, user.id, await ctx.limits.hash(() => hashPassword(body.newPassword)));
  accountChanged(ctx, 'password_changed', user.id, user.id, { address });
  return revokeAllSessions(ctx, user.id, sessionId);
}

/** A one-time link for the user to set a new password; the token is returned once and stored hashed. */
export async function createResetLink(
  ctx: AppContext,
  admin: User,
  userId: string,
): Promise<ResetLinkResponse['reset']> {
  const target = await findUserById(ctx.db, userId);
  if (!target) throw new AppError('user_not_found');
  if (target.status !== 'active') throw new AppError('account_deactivated', 'Reactivate the account first.');
  if (target.bot) throw new AppError('forbidden', 'A bot signs in with its token, never a password.');
  if (target.role === 'owner' && admin.role !== 'owner')
    throw new AppError('forbidden', 'Only the owner can reset the owner’s password.');
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + RESET_LINK_HOURS * 3_600_000);
  await repo.replaceReset(ctx.db, { tokenHash: hashToken(token), userId, createdBy: admin.id, expiresAt });
  accountChanged(ctx, 'reset_link_created', admin.id, userId);
  return { token, path: `/reset/${token}`, expiresAt: expiresAt.toISOString() };
}

export async function resetState(ctx: AppContext, token: string) {
  const row = await repo.findUsableReset(ctx.db, hashToken(token), new Date());
  return { valid: !!row, username: row?.username ?? null };
}

/** Spends the link, sets the password and ends every session of the user. */
export async function resetPassword(ctx: AppContext, token: string, password: string): Promise<void> {
  const tokenHash = hashToken(token);
  const now = new Date();
  if (!(await repo.findUsableReset(ctx.db, tokenHash, now))) throw new AppError('reset_link_invalid');
  const passwordHash = await ctx.limits.hash(() => hashPassword(password));
  const userId = await ctx.db.transaction(async (tx) => {
    const owner = await repo.consumeReset(tx, tokenHash, now);
    if (!owner) throw new AppError('reset_link_invalid');
    await repo.setPasswordHash(tx, owner, passwordHash);
    return owner;
  });
  accountChanged(ctx, 'password_reset', userId, userId, { detail: { with: 'a reset link' } });
  await revokeAllSessions(ctx, userId);
}
