import { renderSVG } from 'uqr';
import {
  normalizeTwoFactorCode,
  type SignInEnableBody,
  type TwoFactorLoginBody,
  type TwoFactorState,
  type User,
} from '@parley/protocol';
import { accountChanged } from '../../events/account-changed.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { readSettings } from '../admin/admin.repo.js';
import { confirmPassword } from '../auth/passwords.service.js';
import { createSession, revokeAllSessions, signedIn, type SessionMeta } from '../auth/sessions.service.js';
import { findUserById, toUser } from '../users/users.repo.js';
import * as repo from './two-factor.repo.js';
import {
  codeStep,
  hashRecoveryCode,
  newRecoveryCodes,
  newSecret,
  SecretBox,
  Tickets,
  totpFor,
} from './secrets.js';

const tools = new WeakMap<AppContext, { box: SecretBox; tickets: Tickets }>();
function toolsFor(ctx: AppContext) {
  let found = tools.get(ctx);
  if (!found) tools.set(ctx, (found = { box: new SecretBox(ctx.secret), tickets: new Tickets(ctx.secret) }));
  return found;
}

export async function state(ctx: AppContext, userId: string): Promise<TwoFactorState> {
  const row = await repo.findTwoFactor(ctx.db, userId);
  const enabledAt = row?.enabledAt ?? null;
  return {
    enabled: !!enabledAt,
    enabledAt: enabledAt?.toISOString() ?? null,
    recoveryCodesLeft: enabledAt ? await repo.countRecoveryCodes(ctx.db, userId) : 0,
    required: await isRequired(ctx),
  };
}

export const isRequired = async (ctx: AppContext) => (await readSettings(ctx.db)).requireTwoFactor;

export const isOn = async (ctx: AppContext, userId: string) =>
  !!(await repo.findTwoFactor(ctx.db, userId))?.enabledAt;

/** A fresh secret to scan; it takes effect only when a code from it is entered. */
export async function startSetup(ctx: AppContext, user: User, password: string, address: string) {
  await confirmPassword(ctx, user, password, address);
  return newPendingSecret(ctx, user);
}

async function newPendingSecret(ctx: AppContext, user: Pick<User, 'id' | 'username'>) {
  if (await isOn(ctx, user.id)) throw new AppError('two_factor_on');
  const secret = newSecret();
  await repo.savePending(ctx.db, user.id, await toolsFor(ctx).box.seal(user.id, secret));
  const uri = totpFor(secret, user.username, (await readSettings(ctx.db)).name).toString();
  return { secret, uri, qrSvg: renderSVG(uri, { border: 2 }) };
}

/** Turns it on with the first code, and answers the recovery codes, shown this once. */
export async function enable(ctx: AppContext, user: Pick<User, 'id'>, code: string, address?: string) {
  const row = await repo.findTwoFactor(ctx.db, user.id);
  if (!row) throw new AppError('two_factor_not_started');
  if (row.enabledAt) throw new AppError('two_factor_on');
  const step = codeStep(await toolsFor(ctx).box.open(user.id, row.secretSealed), code);
  if (step === null) throw new AppError('two_factor_invalid');
  const recoveryCodes = await ctx.db.transaction(async (tx) => {
    if (!(await repo.takeStep(tx, user.id, step, true))) throw new AppError('two_factor_invalid');
    return replaceCodes(tx, user.id);
  });
  changed(ctx, 'two_factor_on', user.id, { address });
  return { recoveryCodes, twoFactor: await state(ctx, user.id) };
}

async function replaceCodes(db: AppContext['db'], userId: string) {
  const codes = newRecoveryCodes();
  await repo.replaceRecoveryCodes(
    db,
    userId,
    codes.map((c) => hashRecoveryCode(normalizeTwoFactorCode(c))),
  );
  return codes;
}

export async function renewRecoveryCodes(ctx: AppContext, user: User, password: string, address: string) {
  await confirmPassword(ctx, user, password, address);
  if (!(await isOn(ctx, user.id))) throw new AppError('two_factor_not_started');
  const recoveryCodes = await replaceCodes(ctx.db, user.id);
  changed(ctx, 'recovery_codes_renewed', user.id, { address });
  return { recoveryCodes, twoFactor: await state(ctx, user.id) };
}

export async function disable(ctx: AppContext, user: User, password: string, address: string) {
  await confirmPassword(ctx, user, password, address);
  if (await isRequired(ctx)) throw new AppError('two_factor_required');
  await repo.removeTwoFactor(ctx.db, user.id);
  changed(ctx, 'two_factor_off', user.id, { address });
  return state(ctx, user.id);
}

/**
 * Removes it without the password: an admin's help for someone who lost their phone and codes. Where
 * it is required, their sessions end too, so they set it up again at their next sign-in.
 */
export async function removeFor(ctx: AppContext, userId: string, actorId: string | null): Promise<void> {
  await repo.removeTwoFactor(ctx.db, userId);
  changed(ctx, 'two_factor_off', userId, { actorId });
  if (await isRequired(ctx)) await revokeAllSessions(ctx, userId);
}

/** Only an admin who has it may require it of everyone. */
export async function assertMayRequire(ctx: AppContext, admin: User): Promise<void> {
  if (!(await isOn(ctx, admin.id)))
    throw new AppError(
      'two_factor_required',
      'Turn on two-factor authentication for yourself first, in Settings → Security.',
    );
}

/** Once it is required, whoever has not set it up is signed out, to set it up at their next sign-in. */
export async function signOutThoseWithout(ctx: AppContext): Promise<void> {
  for (const userId of await repo.activeWithout(ctx.db)) await revokeAllSessions(ctx, userId);
}

/** After a right password: a ticket for the code step. */
export const ticketFor = (ctx: AppContext, userId: string, passwordHash: string) =>
  toolsFor(ctx).tickets.issue(userId, passwordHash);

/** The account a ticket from a right password names, while the ticket and the password hold. */
async function ticketHolder(ctx: AppContext, raw: string) {
  const ticket = toolsFor(ctx).tickets.read(raw);
  const row = ticket && (await findUserById(ctx.db, ticket.userId));
  if (!row || !ticket.pinned(row.passwordHash)) throw new AppError('two_factor_expired');
  if (row.status !== 'active') throw new AppError('account_deactivated');
  return row;
}

/** Setting it up at sign-in, where it is required: a secret for the ticket's account. */
export async function setupForTicket(ctx: AppContext, ticket: string) {
  return newPendingSecret(ctx, await ticketHolder(ctx, ticket));
}

/** ...then its first code turns it on and signs in; the recovery codes come with the session. */
export async function enableForTicket(ctx: AppContext, body: SignInEnableBody, meta: SessionMeta) {
  const row = await ticketHolder(ctx, body.ticket);
  const { recoveryCodes } = await enable(ctx, row, body.code, meta.address);
  const token = await createSession(ctx, row.id, meta);
  signedIn(ctx, row.id, meta.address, 'a new authenticator app');
  return { user: toUser(row), recoveryCodes, token };
}

/** The code step of signing in: a ticket from a right password, then a code used once. */
export async function signInWithCode(ctx: AppContext, body: TwoFactorLoginBody, meta: SessionMeta) {
  const row = await ticketHolder(ctx, body.ticket);
  const factor = await repo.findTwoFactor(ctx.db, row.id);
  if (!factor?.enabledAt) throw new AppError('two_factor_expired');
  await ctx.loginLimiter.assertAllowed(row.username, meta.address);
  await ctx.limits.codeFailures.assertAllowed(row.id, '');
  const how = await acceptCode(ctx, row.id, factor.secretSealed, normalizeTwoFactorCode(body.code));
  if (!how) {
    await ctx.loginLimiter.recordFailure(row.username, meta.address);
    await ctx.limits.codeFailures.recordFailure(row.id, '');
    throw new AppError('two_factor_invalid');
  }
  await ctx.loginLimiter.reset(row.username, meta.address);
  const token = await createSession(ctx, row.id, meta);
  signedIn(ctx, row.id, meta.address, how);
  return { user: toUser(row), token };
}

/** How a right code signed in (for the security log), or null. */
async function acceptCode(ctx: AppContext, userId: string, sealed: string, code: string) {
  if (/^\d{6}$/.test(code)) {
    const step = codeStep(await toolsFor(ctx).box.open(userId, sealed), code);
    return step !== null && (await repo.takeStep(ctx.db, userId, step)) ? 'an authenticator code' : null;
  }
  const spent =
    /^[a-z0-9]{10}$/.test(code) && (await repo.spendRecoveryCode(ctx.db, userId, hashRecoveryCode(code)));
  return spent ? 'a recovery code' : null;
}

/** Said to the security log; the actor is the user themselves unless given (null: the admin tool). */
function changed(
  ctx: AppContext,
  action: 'two_factor_on' | 'two_factor_off' | 'recovery_codes_renewed',
  userId: string,
  opts: { actorId?: string | null; address?: string } = {},
) {
  const actorId = opts.actorId === undefined ? userId : opts.actorId;
  accountChanged(ctx, action, actorId, userId, { address: opts.address });
}
