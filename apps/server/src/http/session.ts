import type { FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '@parley/protocol';
import type { AppContext } from '../context.js';
import { AppError } from '../errors.js';
import { hashToken, SESSION_MAX_AGE_S, userForToken } from '../features/auth/auth.service.js';

export const SESSION_COOKIE = 'parley_session';

const resolved = new WeakMap<FastifyRequest, User | null>();

export function sessionToken(req: FastifyRequest): string | undefined {
  const raw = req.cookies[SESSION_COOKIE];
  if (!raw) return undefined;
  const unsigned = req.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : undefined;
}

/** The signed-in user, or 401 unauthenticated. */
export async function requireUser(ctx: AppContext, req: FastifyRequest): Promise<User> {
  let user = resolved.get(req);
  if (user === undefined) {
    const token = sessionToken(req);
    user = (token && (await userForToken(ctx, token))) || null;
    resolved.set(req, user);
  }
  if (!user) throw new AppError('unauthenticated');
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
