import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  API_PREFIX,
  SsoCallbackQuery,
  SsoStartQuery,
  type ErrorCode,
  type SsoStatusResponse,
} from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { AppError, parse } from '../../errors.js';
import { requireUser, sessionToken, setSessionCookie } from '../../http/session.js';
import { userForToken } from '../auth/auth.service.js';
import { findPasswordHash } from '../auth/passwords.repo.js';
import { hasPassword } from '../auth/passwords.service.js';
import { setFlow, takeFlow, type Flow } from './sso.flow.js';
import { finish, providerFor, start } from './sso.service.js';
import * as repo from './sso.repo.js';

export function ssoRoutes(app: FastifyInstance, ctx: AppContext): void {
  const meta = (req: FastifyRequest) => ({
    userAgent: String(req.headers['user-agent'] ?? ''),
    address: req.ip,
  });
  const redirectUri = (req: FastifyRequest) => `${req.protocol}://${req.host}${API_PREFIX}/auth/sso/callback`;
  const provider = () => {
    const found = providerFor(ctx);
    if (!found) throw new AppError('not_found', 'Single sign-on is not set up on this server.');
    return found;
  };

  app.get('/auth/sso', async (req): Promise<SsoStatusResponse> => {
    const user = await requireUser(ctx, req);
    const password = hasPassword(await findPasswordHash(ctx.db, user.id));
    const found = providerFor(ctx);
    if (!found) return { sso: null, identity: null, password };
    const row = await repo.findIdentityOf(ctx.db, await found.issuer(), user.id);
    return {
      sso: { name: found.name },
      identity: row ? { email: row.email, linkedAt: row.createdAt.toISOString() } : null,
      password,
    };
  });

  app.get('/auth/sso/start', async (req, reply) => {
    const query = parse(SsoStartQuery, req.query);
    const sso = provider();
    const next = landing(ctx, query.next, query.link ? '/settings/security' : '/');
    const linkUserId = query.link ? (await requireUser(ctx, req)).id : undefined;
    try {
      const { url, flow } = await start(sso, redirectUri(req), { next, invite: query.invite, linkUserId });
      setFlow(reply, req, flow);
      return reply.redirect(url);
    } catch (err) {
      ctx.log.warn({ err }, 'single sign-on: the provider could not be reached');
      return reply.redirect(failed({ next, linkUserId, invite: query.invite }, 'sso_unavailable'));
    }
  });

  app.get('/auth/sso/callback', async (req, reply) => {
    const query = parse(SsoCallbackQuery, req.query);
    const sso = provider();
    const flow = takeFlow(req, reply);
    if (!flow) return reply.redirect(failed({ next: '/' }, 'sso_expired'));
    if (query.error || !query.code) return reply.redirect(failed(flow, 'sso_failed'));
    const search = req.url.slice(req.url.indexOf('?'));
    try {
      const done = await finish(ctx, sso, {
        currentUrl: new URL(redirectUri(req) + search),
        flow,
        sessionUserId: await signedInId(ctx, req),
        meta: meta(req),
      });
      if ('linked' in done) return reply.redirect(withParam(flow.next, 'sso', 'linked'));
      setSessionCookie(reply, req, done.token);
      return reply.redirect(flow.next);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return reply.redirect(failed(flow, err.code));
    }
  });
}

async function signedInId(ctx: AppContext, req: FastifyRequest): Promise<string | undefined> {
  const token = sessionToken(req);
  return token ? (await userForToken(ctx, token))?.id : undefined;
}

const HERE = 'http://parley.invalid';

/**
 * A path of this site, or an address at one of the allowed origins (a client hosted apart), as a
 * browser would read it (tabs dropped, backslashes as slashes) and percent-encoded for a Location
 * header; anything else lands on the fallback.
 */
function landing(ctx: AppContext, next: string | undefined, fallback: string): string {
  if (!next) return fallback;
  let url;
  try {
    url = new URL(next, HERE);
  } catch {
    return fallback;
  }
  if (url.origin === HERE && next.startsWith('/')) return url.pathname + url.search + url.hash;
  return ctx.config.allowedOrigins.includes(url.origin) ? url.href : fallback;
}

/**
 * Back where the trip began, with why: the security settings for a connection, the invite's page for a
 * sign-up with one, else the sign-in page; on the site the person was going to.
 */
function failed(flow: Pick<Flow, 'next' | 'linkUserId' | 'invite'>, code: ErrorCode): string {
  const origin = flow.next.startsWith('/') ? '' : new URL(flow.next).origin;
  const page = flow.linkUserId
    ? '/settings/security'
    : flow.invite
      ? `/invite/${encodeURIComponent(flow.invite)}`
      : '/login';
  return withParam(origin + page, 'sso_error', code);
}

/** The address with one more query parameter, before any #fragment; a path stays a path. */
function withParam(address: string, name: string, value: string): string {
  const url = new URL(address, HERE);
  url.searchParams.set(name, value);
  return url.origin === HERE ? url.pathname + url.search + url.hash : url.href;
}
