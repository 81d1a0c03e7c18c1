import { randomUUID } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import type { LoginBody, RegisterBody, User } from '@parley/protocol';
import { accountChanged } from '../../events/account-changed.js';
import type { AppContext } from '../../context.js';
import type { Conn } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../errors.js';
import { consumeInvite, readSettings } from '../admin/admin.repo.js';
import { findChannelByName } from '../channels/channels.repo.js';
import { addMembership } from '../channels/channels.service.js';
import { isGroupHandle } from '../groups/groups.repo.js';
import {
  countUsers,
  findUserByUsername,
  insertUser,
  lockRegistrations,
  toUser,
  type UserRow,
} from '../users/users.repo.js';
import {
  isOn as twoFactorOn,
  isRequired as twoFactorRequired,
  ticketFor,
} from '../two-factor/two-factor.service.js';
import { hashPassword, hasPassword } from './passwords.service.js';
import { createSession, SESSION_DAYS, signedIn, type SessionMeta } from './sessions.service.js';

export { hashToken, logout, userForToken, type SessionMeta } from './sessions.service.js';

// Verified against when the username does not exist, so timing does not reveal which accounts exist.
const DUMMY_HASH = hashPassword('parley-dummy-password');

/** A new account and its session; where two-factor is required, a ticket to set it up first instead. */
export async function register(
  ctx: AppContext,
  body: RegisterBody,
  meta: SessionMeta,
): Promise<{ user: User; token: string } | { twoFactorSetup: TicketAnswer }> {
  const passwordHash = await ctx.limits.hash(() => hashPassword(body.password));
  let created;
  try {
    created = await ctx.db.transaction(async (tx) => {
      await lockRegistrations(tx);
      const { username, displayName, inviteCode } = body;
      return storeAccount(tx, { username, displayName, passwordHash }, inviteCode);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('username_taken');
    throw err;
  }
  await welcome(ctx, created, meta.address);
  if (await twoFactorRequired(ctx))
    return { twoFactorSetup: ticketFor(ctx, created.id, created.passwordHash) };
  const token = await createSession(ctx, created.id, meta);
  return { user: toUser(created), token };
}

/**
 * Stores an account under the registrations lock, which the caller holds. The first account is the
 * owner; after it, an invite-only team needs an invite, which this uses up.
 */
export async function storeAccount(
  tx: Conn,
  values: { username: string; displayName: string; passwordHash: string },
  inviteCode: string | undefined,
): Promise<UserRow> {
  const first = (await countUsers(tx)) === 0;
  if (!first) {
    const { inviteOnly } = await readSettings(tx);
    if (inviteCode) {
      if (!(await consumeInvite(tx, inviteCode, new Date()))) throw new AppError('invite_invalid');
    } else if (inviteOnly) {
      throw new AppError('invite_required');
    }
  }
  if (await usernameTaken(tx, values.username)) throw new AppError('username_taken');
  return insertUser(tx, { id: randomUUID(), ...values, role: first ? 'owner' : 'member' });
}

/** A user group's handle answers @ like a username: the two never clash. */
export const usernameTaken = async (db: Conn, username: string) =>
  !!(await findUserByUsername(db, username)) || (await isGroupHandle(db, username));

/** A new account joins #general and is in the security log. */
export async function welcome(
  ctx: AppContext,
  created: UserRow,
  address: string,
  how?: string,
): Promise<void> {
  const general = await findChannelByName(ctx.db, 'general');
  if (general && !general.archivedAt) await addMembership(ctx, general.id, created.id);
  accountChanged(ctx, 'registered', created.id, created.id, {
    address,
    ...(how && { detail: { with: how } }),
  });
}

type TicketAnswer = { ticket: string; expiresAt: string };
/** A session; with two-factor on, a ticket for the code step; where it is required and not set up, one to set it up. */
type LoginResult =
  { user: User; token: string } | { twoFactor: TicketAnswer } | { twoFactorSetup: TicketAnswer };

export async function login(ctx: AppContext, body: LoginBody, meta: SessionMeta): Promise<LoginResult> {
  await ctx.loginLimiter.assertAllowed(body.username, meta.address);
  // The lookup waits in the hashing line too: a login refused there costs no query.
  const { row, ok } = await ctx.limits.hash(async () => {
    const row = await findUserByUsername(ctx.db, body.username);
    // An account without a password is checked against the dummy too, so it answers in the same time.
    const real = hasPassword(row?.passwordHash);
    const stored = real ? row!.passwordHash : await DUMMY_HASH;
    const matches = await verify(stored, body.password).catch(() => false);
    return { row, ok: real && matches };
  });
  if (!row || !ok) {
    await ctx.loginLimiter.recordFailure(body.username, meta.address);
    throw new AppError('invalid_credentials');
  }
  // Told only to whoever knows the password, so it reveals nothing to a guesser.
  if (row.status !== 'active') throw new AppError('account_deactivated');
  await ctx.loginLimiter.reset(body.username, meta.address);
  if (await twoFactorOn(ctx, row.id)) return { twoFactor: ticketFor(ctx, row.id, row.passwordHash) };
  if (await twoFactorRequired(ctx)) return { twoFactorSetup: ticketFor(ctx, row.id, row.passwordHash) };
  const token = await createSession(ctx, row.id, meta);
  signedIn(ctx, row.id, meta.address, 'a password');
  return { user: toUser(row), token };
}

export const SESSION_MAX_AGE_S = SESSION_DAYS * 86_400;
