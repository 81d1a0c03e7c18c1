import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AuditQuery, type AuditResponse, type User } from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { parse } from '../../errors.js';
import { listAudit } from './audit.service.js';

/** The security log, for owners and admins. */
export function auditRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  requireAdmin: (req: FastifyRequest) => Promise<User>,
): void {
  app.get('/admin/audit', async (req): Promise<AuditResponse> => {
    await requireAdmin(req);
    return listAudit(ctx, parse(AuditQuery, req.query));
  });
}
