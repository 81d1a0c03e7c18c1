import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ChangePasswordBody,
  ResetPasswordBody,
  ResetTokenParams,
  SessionIdParams,
  type ResetLinkState,
  type RevokedResponse,
  type SessionsResponse,
} from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { parse } from '../../errors.js';
import { clearSessionCookie, requireUser, sessionToken } from '../../http/session.js';
import * as passwords from './passwords.service.js';
import * as sessions from './sessions.service.js';

/** The caller's own password and sessions, and the reset link an admin handed out. */
export function accountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const signedIn = async (req: FastifyRequest) => {
    const user = await requireUser(ctx, req);
    return { user, sessionId: sessions.hashToken(sessionToken(req)!) };
  };

  app.post('/auth/password', async (req): Promise<RevokedResponse> => {
    const body = parse(ChangePasswordBody, req.body);
    const { user, sessionId } = await signedIn(req);
    return { revoked: await passwords.changePassword(ctx, user, sessionId, body, req.ip) };
  });

  app.get('/auth/sessions', async (req): Promise<SessionsResponse> => {
    const { user, sessionId } = await signedIn(req);
    return { sessions: await sessions.listSessions(ctx, user.id, sessionId) };
  });

  app.delete('/auth/sessions/others', async (req): Promise<RevokedResponse> => {
    const { user, sessionId } = await signedIn(req);
    return { revoked: await sessions.revokeAllSessions(ctx, user.id, sessionId) };
  });

  app.delete('/auth/sessions/:id', async (req, reply) => {
    const { id } = parse(SessionIdParams, req.params);
    const { user, sessionId } = await signedIn(req);
    await sessions.revokeOne(ctx, user.id, id);
    if (id === sessions.publicSessionId(sessionId)) clearSessionCookie(reply);
    return reply.status(204).send();
  });

  app.get('/auth/reset/:token', async (req): Promise<ResetLinkState> => {
    const { token } = parse(ResetTokenParams, req.params);
    return { reset: await passwords.resetState(ctx, token) };
  });

  app.post('/auth/reset/:token', async (req, reply) => {
    const { token } = parse(ResetTokenParams, req.params);
    const { password } = parse(ResetPasswordBody, req.body);
    await passwords.resetPassword(ctx, token, password);
    return reply.status(204).send();
  });
}
