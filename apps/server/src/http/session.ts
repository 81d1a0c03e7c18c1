import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX, type User } from '@parley/protocol';
import type { AppContext } from '../context.js';
import { AppError } from '../errors.js';
import { hashToken, SESSION_MAX_AGE_S, userForToken } from '../features/auth/auth.service.js';
import { isInstanceAdmin } from '../features/channels/permissions.js';
import { userForBotToken } from '../features/bots/bots.service.js';

export const SESSION_COOKIE = 'parley_session';

const resolved = new WeakMap<FastifyRequest, User | null>();

/** Per signer (one per server), the cookies whose signature checked out, so a repeat skips the HMAC: only valid ones enter. */
const verified = new WeakMap<object, Map<string, string>>();
const VERIFIED_MAX = 10_000;

/** A bot's token from `Authorization: Bearer`; a request that has the header is never signed in by its cookie. */
export function bearerToken(req: FastifyRequest): string | undefined {
  return /^Bearer ([\x21-\x7e]{1,200})$/.exec(req.headers.authorization ?? '')?.[1];
}

export function sessionToken(req: FastifyRequest): string | undefined {
  if (req.headers.authorization !== undefined) return undefined;
  const raw = req.cookies[SESSION_COOKIE];
  if (!raw) return undefined;
  let known = verified.get(req.unsignCookie);
  if (!known) verified.set(req.unsignCookie, (known = new Map()));
  const token = known.get(raw);
  if (token) return token;
  const unsigned = req.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return undefined;
  // The oldest entry goes first; a session's end is still checked by userForToken on every request.
  if (known.size >= VERIFIED_MAX) known.delete(known.keys().next().value!);
  known.set(raw, unsigned.value);
  return unsigned.value;
}

/** The signed-in user, or 401 unauthenticated. */
export async function requireUser(ctx: AppContext, req: FastifyRequest): Promise<User> {
  let user = resolved.get(req);
  if (user === undefined) {
    const bearer = bearerToken(req);
    const token = sessionToken(req);
    user =
      (bearer && (await userForBotToken(ctx, bearer))) || (token && (await userForToken(ctx, token))) || null;
    resolved.set(req, user);
  }
  if (!user) throw new AppError('unauthenticated');
  if (user.bot && !botMay(req))
    throw new AppError('forbidden', 'Bots cannot use sign-in and security routes.');
  return user;
}

const ACCOUNT_ROUTES = `${API_PREFIX}/auth/`;
/** A bot may learn who it is, but has no password, sessions or two-factor to manage. */
const botMay = (req: FastifyRequest) =>
  !req.routeOptions.url?.startsWith(ACCOUNT_ROUTES) ||
  (req.method === 'GET' && req.routeOptions.url === `${ACCOUNT_ROUTES}session`);

/** The signed-in owner or admin; anyone else signed in gets 403. */
export async function requireAdmin(ctx: AppContext, req: FastifyRequest): Promise<User> {
  const user = await requireUser(ctx, req);
  if (!isInstanceAdmin(user)) throw new AppError('forbidden', 'Only owners and admins can do that.');
  return user;
}

export function setSessionCookie(reply: FastifyReply, req: FastifyRequest, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: req.protocol === 'https',
    signed: true,
    maxAge: SESSION_MAX_AGE_S,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

export { hashToken };
