import type { FastifyInstance } from 'fastify';
import {
  LoginBody,
  RegisterBody,
  SignInEnableBody,
  SignInSetupBody,
  TwoFactorLoginBody,
  type LoginResponse,
  type LoginSetupResponse,
  type TwoFactorSetupResponse,
  type UserResponse,
} from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { parse } from '../../errors.js';
import { clearSessionCookie, requireUser, sessionToken, setSessionCookie } from '../../http/session.js';
import { accountRoutes } from './account.routes.js';
import * as twoFactor from '../two-factor/two-factor.service.js';
import { twoFactorRoutes } from '../two-factor/two-factor.routes.js';
import * as auth from './auth.service.js';

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const meta = (req: { headers: Record<string, unknown>; ip: string }) => ({
    userAgent: String(req.headers['user-agent'] ?? ''),
    address: req.ip,
  });

  app.post('/auth/register', async (req, reply) => {
    const body = parse(RegisterBody, req.body);
    const result = await auth.register(ctx, body, meta(req));
    if ('twoFactorSetup' in result) return reply.status(201).send({ twoFactorSetup: result.twoFactorSetup });
    setSessionCookie(reply, req, result.token);
    return reply.status(201).send({ user: result.user });
  });

  app.post('/auth/login', async (req, reply) => {
    const body = parse(LoginBody, req.body);
    const result = await auth.login(ctx, body, meta(req));
    if ('twoFactor' in result) return { twoFactor: result.twoFactor } satisfies LoginResponse;
    if ('twoFactorSetup' in result) return { twoFactorSetup: result.twoFactorSetup } satisfies LoginResponse;
    setSessionCookie(reply, req, result.token);
    return { user: result.user } satisfies LoginResponse;
  });

  app.post('/auth/login/code', async (req, reply): Promise<UserResponse> => {
    const body = parse(TwoFactorLoginBody, req.body);
    const { user, token } = await twoFactor.signInWithCode(ctx, body, meta(req));
    setSessionCookie(reply, req, token);
    return { user };
  });

  app.post('/auth/login/setup', async (req): Promise<TwoFactorSetupResponse> => {
    const { ticket } = parse(SignInSetupBody, req.body);
    return { setup: await twoFactor.setupForTicket(ctx, ticket) };
  });

  app.post('/auth/login/enable', async (req, reply): Promise<LoginSetupResponse> => {
    const body = parse(SignInEnableBody, req.body);
    const { user, recoveryCodes, token } = await twoFactor.enableForTicket(ctx, body, meta(req));
    setSessionCookie(reply, req, token);
    return { user, recoveryCodes };
  });

  app.post('/auth/logout', async (req, reply) => {
    const token = sessionToken(req);
    if (token) await auth.logout(ctx, token);
    clearSessionCookie(reply);
    return reply.status(204).send();
  });

  app.get('/auth/session', async (req) => ({ user: await requireUser(ctx, req) }));
  accountRoutes(app, ctx);
  twoFactorRoutes(app, ctx);
}
