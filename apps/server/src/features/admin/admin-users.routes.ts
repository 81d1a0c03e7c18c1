import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AdminUsersQuery,
  IdParams,
  UpdateRoleBody,
  type AdminUserResponse,
  type AdminUsersResponse,
  type ResetLinkResponse,
  type RevokedResponse,
  type User,
} from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { parse } from '../../errors.js';
import { createResetLink } from '../auth/passwords.service.js';
import { connectedAmong } from '../sso/sso.repo.js';
import { enabledAmong } from '../two-factor/two-factor.repo.js';
import { toUser } from '../users/users.repo.js';
import { listUsersPage } from './admin-users.repo.js';
import * as service from './admin-users.service.js';

/** Accounts as an owner or admin manages them: roles, deactivation, sessions, reset links and two-factor. */
export function adminUserRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  requireAdmin: (req: FastifyRequest) => Promise<User>,
): void {
  const target = async (req: FastifyRequest) => {
    const { id } = parse(IdParams, req.params);
    return { admin: await requireAdmin(req), id };
  };

  app.get('/admin/users', async (req): Promise<AdminUsersResponse> => {
    await requireAdmin(req);
    const { rows, more, total } = await listUsersPage(ctx.db, parse(AdminUsersQuery, req.query));
    const ids = rows.map((r) => r.id);
    const withTwoFactor = await enabledAmong(ctx.db, ids);
    const withSso = await connectedAmong(ctx.db, ids);
    const users = rows.map((r) => ({
      ...toUser(r),
      twoFactor: withTwoFactor.has(r.id),
      sso: withSso.has(r.id),
    }));
    return { users, nextCursor: more ? rows.at(-1)!.id : null, total };
  });

  app.patch('/admin/users/:id/role', async (req): Promise<AdminUserResponse> => {
    const { admin, id } = await target(req);
    const { role } = parse(UpdateRoleBody, req.body);
    return { user: await service.setRole(ctx, admin, id, role) };
  });

  app.post('/admin/users/:id/deactivate', async (req): Promise<AdminUserResponse> => {
    const { admin, id } = await target(req);
    return { user: await service.deactivate(ctx, admin, id) };
  });

  app.post('/admin/users/:id/reactivate', async (req): Promise<AdminUserResponse> => {
    const { admin, id } = await target(req);
    return { user: await service.reactivate(ctx, admin, id) };
  });

  app.delete('/admin/users/:id/sessions', async (req): Promise<RevokedResponse> => {
    const { admin, id } = await target(req);
    return { revoked: await service.endSessions(ctx, admin, id) };
  });

  app.delete('/admin/users/:id/two-factor', async (req, reply) => {
    const { admin, id } = await target(req);
    await service.turnOffTwoFactor(ctx, admin, id);
    return reply.status(204).send();
  });

  app.post('/admin/users/:id/reset-link', async (req, reply) => {
    const { admin, id } = await target(req);
    const body: ResetLinkResponse = { reset: await createResetLink(ctx, admin, id) };
    return reply.status(201).send(body);
  });
}
