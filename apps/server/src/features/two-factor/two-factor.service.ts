import { renderSVG } from 'uqr';
import {
  normalizeTwoFactorCode,
  type TwoFactorLoginBody,
  type TwoFactorState,
  type User,
} from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { confirmPassword } from '../auth/passwords.service.js';
import { createSession, type SessionMeta } from '../auth/sessions.service.js';
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
  };
}

export const isOn = async (ctx: AppContext, userId: string) =>
  !!(await repo.findTwoFactor(ctx.db, userId))?.enabledAt;

/** A fresh secret to scan; it takes effect only when a code from it is entered. */
export async function startSetup(ctx: AppContext, user: User, password: string, address: string) {
  await confirmPassword(ctx, user, password, address);
  if (await isOn(ctx, user.id)) throw new AppError('two_factor_on');
  const secret = newSecret();
  await repo.savePending(ctx.db, user.id, await toolsFor(ctx).box.seal(user.id, secret));
  const uri = totpFor(secret, user.username).toString();
  return { secret, uri, qrSvg: renderSVG(uri, { border: 2 }) };
}

/** Turns it on with the first code, and answers the recovery codes, shown this once. */
export async function enable(ctx: AppContext, user: User, code: string) {
  const row = await repo.findTwoFactor(ctx.db, user.id);
  if (!row) throw new AppError('two_factor_not_started');
  if (row.enabledAt) throw new AppError('two_factor_on');
  const step = codeStep(await toolsFor(ctx).box.open(user.id, row.secretSealed), code);
  if (step === null) throw new AppError('two_factor_invalid');
  const recoveryCodes = await ctx.db.transaction(async (tx) => {
    if (!(await repo.takeStep(tx, user.id, step, true))) throw new AppError('two_factor_invalid');
    return replaceCodes(tx, user.id);
  });
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
  return { recoveryCodes, twoFactor: await state(ctx, user.id) };
}

export async function disable(ctx: AppContext, user: User, password: string, address: string) {
  await confirmPassword(ctx, user, password, address);
  await repo.removeTwoFactor(ctx.db, user.id);
  return state(ctx, user.id);
}

/** Removes it without the password: an admin's help for someone who lost their phone and codes. */
export const removeFor = (ctx: AppContext, userId: string) => repo.removeTwoFactor(ctx.db, userId);

/** After a right password: a ticket for the code step. */
export const ticketFor = (ctx: AppContext, userId: string, passwordHash: string) =>
  toolsFor(ctx).tickets.issue(userId, passwordHash);

/** The code step of signing in: a ticket from a right password, then a code used once. */
export async function signInWithCode(ctx: AppContext, body: TwoFactorLoginBody, meta: SessionMeta) {
  const ticket = toolsFor(ctx).tickets.read(body.ticket);
  const row = ticket && (await findUserById(ctx.db, ticket.userId));
  const factor = row && (await repo.findTwoFactor(ctx.db, row.id));
  if (!row || !ticket.pinned(row.passwordHash) || !factor?.enabledAt)
    throw new AppError('two_factor_expired');
  if (row.status !== 'active') throw new AppError('account_deactivated');
  await ctx.loginLimiter.assertAllowed(row.username, meta.address);
  await ctx.limits.codeFailures.assertAllowed(row.id, '');
  if (!(await acceptCode(ctx, row.id, factor.secretSealed, normalizeTwoFactorCode(body.code)))) {
    await ctx.loginLimiter.recordFailure(row.username, meta.address);
    await ctx.limits.codeFailures.recordFailure(row.id, '');
    throw new AppError('two_factor_invalid');
  }
  await ctx.loginLimiter.reset(row.username, meta.address);
  return { user: toUser(row), token: await createSession(ctx, row.id, meta) };
}

async function acceptCode(ctx: AppContext, userId: string, sealed: string, code: string) {
  if (/^\d{6}$/.test(code)) {
    const step = codeStep(await toolsFor(ctx).box.open(userId, sealed), code);
    return step !== null && repo.takeStep(ctx.db, userId, step);
  }
  return /^[a-z0-9]{10}$/.test(code) && repo.spendRecoveryCode(ctx.db, userId, hashRecoveryCode(code));
}
