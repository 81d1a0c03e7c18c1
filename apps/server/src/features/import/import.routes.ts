import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IdParams, type ImportJobResponse } from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { AppError, parse } from '../../errors.js';
import { readOneFile } from '../../http/one-file.js';
import { requireUser } from '../../http/session.js';
import { isInstanceAdmin } from '../channels/permissions.js';
import { importStatus, startSlackImport } from './import-jobs.js';

// Room for the multipart framing around the export.
const BODY_SLACK = 16 * 1024;

export function importRoutes(app: FastifyInstance, ctx: AppContext): void {
  const maxBytes = ctx.config.maxUploadMb * 1024 * 1024;
  const requireAdmin = async (req: FastifyRequest) => {
    const user = await requireUser(ctx, req);
    if (!isInstanceAdmin(user)) throw new AppError('forbidden', 'Only owners and admins can import.');
    return user;
  };

  app.post('/admin/import/slack', async (req, reply) => {
    const admin = await requireAdmin(req);
    if (Number(req.headers['content-length'] ?? 0) > maxBytes + BODY_SLACK)
      throw new AppError('payload_too_large');
    const zip = await readOneFile(req, maxBytes, 'Slack export (.zip)');
    const body: ImportJobResponse = { import: await startSlackImport(ctx, admin, zip, req.ip) };
    return reply.status(202).send(body);
  });

  app.get('/admin/imports/:id', async (req): Promise<ImportJobResponse> => {
    await requireAdmin(req);
    return { import: await importStatus(ctx, parse(IdParams, req.params).id) };
  });
}
