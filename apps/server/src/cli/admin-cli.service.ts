import { randomUUID } from 'node:crypto';
import { CreateBotBody, Password, RegisterBody, type Role } from '@parley/protocol';
import { accountChanged } from '../events/account-changed.js';
import type { AppContext } from '../context.js';
import { isUniqueViolation } from '../db/errors.js';
import { AppError, parse } from '../errors.js';
import { hashPassword } from '../features/auth/passwords.service.js';
import { setPasswordHash } from '../features/auth/passwords.repo.js';
import { listSessions, revokeAllSessions } from '../features/auth/sessions.service.js';
import * as bots from '../features/bots/bots.service.js';
import { findChannelByName } from '../features/channels/channels.repo.js';
import { addMembership } from '../features/channels/channels.service.js';
import { isGroupHandle } from '../features/groups/groups.repo.js';
import { isOn as twoFactorOn, removeFor } from '../features/two-factor/two-factor.service.js';
import { updateUserRecorded } from '../features/users/users.service.js';
import { countUsers, findUserByUsername, insertUser, toUser } from '../features/users/users.repo.js';
import { serverVersion, tableCounts } from './check.repo.js';

async function userNamed(ctx: AppContext, username: string) {
  const row = await findUserByUsername(ctx.db, username);
  if (!row) throw new AppError('user_not_found', `No user is called ${username}.`);
  return row;
}

/** A person's account: a bot has a token, not a password, and stays a member. */
async function personNamed(ctx: AppContext, username: string) {
  const row = await userNamed(ctx, username);
  if (row.bot) throw new AppError('forbidden', `${username} is a bot: use bot-token for a new token.`);
  return row;
}

/** A bot and its token, for scripts that set up a team; the security log names no one as its actor. */
export async function createBot(ctx: AppContext, username: string, displayName?: string) {
  const body = parse(CreateBotBody, { username, displayName: displayName ?? username });
  return bots.createBot(ctx, null, body);
}

/** A new token for a bot; the old one stops at once. */
export async function renewBotToken(ctx: AppContext, username: string) {
  const row = await userNamed(ctx, username);
  if (!row.bot) throw new AppError('forbidden', `${username} is not a bot.`);
  return bots.renewToken(ctx, null, row.id);
}

/** An account made by the operator: no invite needed; the first account of an instance is its owner. */
export async function createUser(
  ctx: AppContext,
  input: { username: string; displayName?: string; password: string; role: 'admin' | 'member' },
) {
  const body = parse(RegisterBody, {
    username: input.username,
    displayName: input.displayName ?? input.username,
    password: input.password,
  });
  const passwordHash = await hashPassword(body.password);
  let created;
  try {
    created = await ctx.db.transaction(async (tx) => {
      if ((await findUserByUsername(tx, body.username)) || (await isGroupHandle(tx, body.username)))
        throw new AppError('username_taken');
      const first = (await countUsers(tx)) === 0;
      const role: Role = first ? 'owner' : input.role;
      return insertUser(tx, {
        id: randomUUID(),
        username: body.username,
        displayName: body.displayName,
        passwordHash,
        role,
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('username_taken');
    throw err;
  }
  const general = await findChannelByName(ctx.db, 'general');
  if (general && !general.archivedAt) await addMembership(ctx, general.id, created.id);
  return toUser(created);
}

/** Sets a new password and ends every session of the user; returns how many ended. */
export async function resetPassword(ctx: AppContext, username: string, password: string): Promise<number> {
  const user = await personNamed(ctx, username);
  await setPasswordHash(ctx.db, user.id, await hashPassword(parse(Password, password)));
  accountChanged(ctx, 'password_reset', null, user.id);
  return revokeAllSessions(ctx, user.id);
}

export async function setRole(ctx: AppContext, username: string, role: 'admin' | 'member' | 'guest') {
  const user = await personNamed(ctx, username);
  if (user.role === 'owner') throw new AppError('forbidden', 'The owner keeps the owner role.');
  const updated = toUser(await updateUserRecorded(ctx, user.id, { role }));
  await ctx.sessionCache.forgetUser(user.id);
  accountChanged(ctx, 'role_changed', null, user.id, { detail: { from: user.role, to: role } });
  return updated;
}

/** Deactivation signs the user out everywhere; their messages and memberships stay for a reactivation. */
export async function setActive(ctx: AppContext, username: string, active: boolean) {
  const user = await userNamed(ctx, username);
  if (user.role === 'owner' && !active) throw new AppError('forbidden', 'The owner cannot be deactivated.');
  const updated = toUser(
    await updateUserRecorded(ctx, user.id, { status: active ? 'active' : 'deactivated' }),
  );
  await ctx.sessionCache.forgetUser(user.id);
  if (!active) await revokeAllSessions(ctx, user.id);
  if (!active && user.bot) await bots.dropBotSockets(ctx, user.id);
  accountChanged(ctx, active ? 'reactivated' : 'deactivated', null, user.id);
  return updated;
}

/** The owner's way back in when the phone and the recovery codes are both gone. */
export async function turnOffTwoFactor(ctx: AppContext, username: string): Promise<boolean> {
  const row = await userNamed(ctx, username);
  const wasOn = await twoFactorOn(ctx, row.id);
  await removeFor(ctx, row.id, null);
  return wasOn;
}

export async function sessionsOf(ctx: AppContext, username: string) {
  return listSessions(ctx, (await userNamed(ctx, username)).id);
}

export async function checkDatabase(ctx: AppContext) {
  return { version: await serverVersion(ctx.db), counts: await tableCounts(ctx.db) };
}
