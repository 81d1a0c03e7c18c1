import type { FastifyInstance } from 'fastify';
import type { SlackImportSummary } from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { readOneFile } from '../../http/one-file.js';
import { requireUser } from '../../http/session.js';
import { isInstanceAdmin } from '../channels/permissions.js';
import { importSlack } from './import.service.js';

// Room for the multipart framing around the export.
const BODY_SLACK = 16 * 1024;

export function importRoutes(app: FastifyInstance, ctx: AppContext): void {
  const maxBytes = ctx.config.maxUploadMb * 1024 * 1024;
  app.post('/admin/import/slack', { bodyLimit: maxBytes + BODY_SLACK }, async (req) => {
    const admin = await requireUser(ctx, req);
    if (!isInstanceAdmin(admin)) throw new AppError('forbidden', 'Only owners and admins can import.');
    if (Number(req.headers['content-length'] ?? 0) > maxBytes + BODY_SLACK)
      throw new AppError('payload_too_large');
    const zip = await readOneFile(req, maxBytes, 'Slack export (.zip)');
    const summary: SlackImportSummary = await importSlack(ctx, admin, zip, req.ip);
    return { summary };
  });
}
