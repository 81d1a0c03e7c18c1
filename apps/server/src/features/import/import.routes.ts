import type { FastifyInstance } from 'fastify';
import { IdParams, type ImportedLinksResponse, type ImportJobResponse } from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { AppError, parse } from '../../errors.js';
import { readOneFile } from '../../http/one-file.js';
import { requireAdmin } from '../../http/session.js';
import { importStatus, startSlackImport } from './import-jobs.js';
import { signInLinks } from './import.service.js';

// Room for the multipart framing around the export.
const BODY_SLACK = 16 * 1024;

export function importRoutes(app: FastifyInstance, ctx: AppContext): void {
  const maxBytes = ctx.config.maxUploadMb * 1024 * 1024;

  app.post('/admin/import/slack', async (req, reply) => {
    const admin = await requireAdmin(ctx, req);
    if (Number(req.headers['content-length'] ?? 0) > maxBytes + BODY_SLACK)
      throw new AppError('payload_too_large');
    const zip = await readOneFile(req, maxBytes, 'Slack export (.zip)');
    const body: ImportJobResponse = { import: await startSlackImport(ctx, admin, zip, req.ip) };
    return reply.status(202).send(body);
  });

  app.post('/admin/import/slack/links', async (req, reply) => {
    const admin = await requireAdmin(ctx, req);
    const body: ImportedLinksResponse = { links: await signInLinks(ctx, admin) };
    return reply.status(201).send(body);
  });

  app.get('/admin/imports/:id', async (req): Promise<ImportJobResponse> => {
    await requireAdmin(ctx, req);
    return { import: await importStatus(ctx, parse(IdParams, req.params).id) };
  });
}
