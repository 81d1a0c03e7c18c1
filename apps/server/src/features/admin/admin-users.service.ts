import type { Role, User } from '@parley/protocol';
import { accountChanged } from '../../events/account-changed.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { revokeAllSessions } from '../auth/sessions.service.js';
import { removeMembership } from '../channels/channels.service.js';
import { removeFor } from '../two-factor/two-factor.service.js';
import { dropBotSockets } from '../bots/bots.service.js';
import { updateUserRecorded } from '../users/users.service.js';
import { findUserById, toUser } from '../users/users.repo.js';
import { listPublicChannelIds } from './admin-users.repo.js';

/** The account an admin may act on: never the owner, and an admin only by the owner. */
async function manageable(ctx: AppContext, admin: User, userId: string, action: string) {
  const target = await findUserById(ctx.db, userId);
  if (!target) throw new AppError('user_not_found');
  if (target.role === 'owner') throw new AppError('forbidden', `The owner cannot be ${action}.`);
  if (admin.role !== 'owner' && target.role === 'admin')
    throw new AppError('forbidden', `Only the owner can ${action.replace(/d$/, '')} an admin.`);
  return target;
}

export async function setRole(ctx: AppContext, admin: User, userId: string, role: Exclude<Role, 'owner'>) {
  const target = await manageable(ctx, admin, userId, 'changed');
  if (target.bot)
    throw new AppError('forbidden', 'A bot stays a member: it does what the channels it is in allow.');
  if (admin.role !== 'owner' && role === 'admin')
    throw new AppError('forbidden', 'Only the owner can grant or remove admin.');
  const user = toUser(await updateUserRecorded(ctx, userId, { role }));
  await ctx.sessionCache.forgetUser(userId);
  accountChanged(ctx, 'role_changed', admin.id, userId, { detail: { from: target.role, to: role } });
  // A guest keeps only DMs and the private channels they were added to: public ones (#general too) go.
  if (role === 'guest' && target.role !== 'guest') {
    for (const channelId of await listPublicChannelIds(ctx.db, userId))
      await removeMembership(ctx, channelId, userId, 'removed');
  }
  return user;
}

/** Signs the user out everywhere at once; their messages and memberships stay for a reactivation. */
export async function deactivate(ctx: AppContext, admin: User, userId: string) {
  const target = await manageable(ctx, admin, userId, 'deactivated');
  const user = toUser(await updateUserRecorded(ctx, userId, { status: 'deactivated' }));
  await ctx.sessionCache.forgetUser(userId);
  await revokeAllSessions(ctx, userId);
  if (target.bot) await dropBotSockets(ctx, userId);
  accountChanged(ctx, 'deactivated', admin.id, userId);
  return user;
}

export async function reactivate(ctx: AppContext, admin: User, userId: string) {
  await manageable(ctx, admin, userId, 'reactivated');
  const user = toUser(await updateUserRecorded(ctx, userId, { status: 'active' }));
  accountChanged(ctx, 'reactivated', admin.id, userId);
  return user;
}

export async function endSessions(ctx: AppContext, admin: User, userId: string) {
  await manageable(ctx, admin, userId, 'signed out');
  const ended = await revokeAllSessions(ctx, userId);
  accountChanged(ctx, 'signed_out_everywhere', admin.id, userId, { detail: { sessions: ended } });
  return ended;
}

/** For someone who lost their phone and recovery codes: they sign in with the password alone until they turn it on again. */
export async function turnOffTwoFactor(ctx: AppContext, admin: User, userId: string) {
  await manageable(ctx, admin, userId, 'changed');
  await removeFor(ctx, userId, admin.id);
}
