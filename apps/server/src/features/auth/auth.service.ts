import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { LoginBody, RegisterBody, User } from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../errors.js';
import { consumeInvite, readSettings } from '../admin/admin.repo.js';
import { findChannelByName } from '../channels/channels.repo.js';
import { addMembership } from '../channels/channels.service.js';
import { countUsers, findUserByUsername, insertUser, toUser } from '../users/users.repo.js';
import * as sessions from './sessions.repo.js';

const SESSION_DAYS = 30;
// Verified against when the username does not exist, so timing does not reveal which accounts exist.
const DUMMY_HASH = hash('parley-dummy-password', { algorithm: 2 });

export type SessionMeta = { userAgent: string; address: string };

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export async function register(ctx: AppContext, body: RegisterBody, meta: SessionMeta) {
  const passwordHash = await hash(body.password, { algorithm: 2 });
  const id = randomUUID();
  let created;
  try {
    created = await ctx.db.transaction(async (tx) => {
      const first = (await countUsers(tx)) === 0;
      if (!first) {
        const { inviteOnly } = await readSettings(tx);
        if (body.inviteCode) {
          if (!(await consumeInvite(tx, body.inviteCode, new Date()))) throw new AppError('invite_invalid');
        } else if (inviteOnly) {
          throw new AppError('invite_required');
        }
      }
      if (await findUserByUsername(tx, body.username)) throw new AppError('username_taken');
      return insertUser(tx, {
        id,
        username: body.username,
        displayName: body.displayName,
        passwordHash,
        role: first ? 'owner' : 'member',
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('username_taken');
    throw err;
  }
  const general = await findChannelByName(ctx.db, 'general');
  if (general && !general.archivedAt) await addMembership(ctx, general.id, created.id);
  const token = await createSession(ctx, created.id, meta);
  return { user: toUser(created), token };
}

export async function login(ctx: AppContext, body: LoginBody, meta: SessionMeta) {
  if (ctx.loginLimiter.isBlocked(body.username, meta.address)) throw new AppError('rate_limited');
  const row = await findUserByUsername(ctx.db, body.username);
  const ok = await verify(row?.passwordHash ?? (await DUMMY_HASH), body.password).catch(() => false);
  if (!row || !ok || row.status !== 'active') {
    ctx.loginLimiter.recordFailure(body.username, meta.address);
    throw new AppError('invalid_credentials');
  }
  ctx.loginLimiter.reset(body.username, meta.address);
  const token = await createSession(ctx, row.id, meta);
  return { user: toUser(row), token };
}

async function createSession(ctx: AppContext, userId: string, meta: SessionMeta): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await sessions.insertSession(ctx.db, {
    id: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + SESSION_DAYS * 86_400_000),
    userAgent: meta.userAgent.slice(0, 256),
  });
  return token;
}

/** The user behind a session token, or undefined when it is unknown, expired or revoked. */
export async function userForToken(ctx: AppContext, token: string): Promise<User | undefined> {
  const id = hashToken(token);
  const cached = ctx.sessionCache.get(id);
  if (cached) return cached;
  const found = await sessions.findLiveSession(ctx.db, id, new Date());
  if (!found) return undefined;
  const user = toUser(found.user);
  ctx.sessionCache.set(id, user);
  return user;
}

export async function logout(ctx: AppContext, token: string): Promise<void> {
  await sessions.revokeSession(ctx.db, hashToken(token));
  ctx.sessionCache.delete(hashToken(token));
  ctx.realtime.sessionRevoked(hashToken(token));
}

export const SESSION_MAX_AGE_S = SESSION_DAYS * 86_400;
