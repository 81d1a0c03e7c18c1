import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IdParams, type ImportedLinksResponse, type ImportJobResponse } from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { AppError, parse } from '../../errors.js';
import { readOneFile } from '../../http/one-file.js';
import { requireUser } from '../../http/session.js';
import { isInstanceAdmin } from '../channels/permissions.js';
import { createResetLink } from '../auth/passwords.service.js';
import { importStatus, startSlackImport } from './import-jobs.js';
import { listWaitingForPassword } from './import.repo.js';
import { NO_PASSWORD } from './import.service.js';

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

  // Slack's export has no passwords: each imported person signs in first through a reset link.
  app.post('/admin/import/slack/links', async (req, reply) => {
    const admin = await requireAdmin(req);
    const waiting = await listWaitingForPassword(ctx.db, NO_PASSWORD);
    const links: ImportedLinksResponse['links'] = [];
    for (const person of waiting) {
      const { path, expiresAt } = await createResetLink(ctx, admin, person.id);
      links.push({
        userId: person.id,
        username: person.username,
        displayName: person.displayName,
        path,
        expiresAt,
      });
    }
    return reply.status(201).send({ links });
  });

  app.get('/admin/imports/:id', async (req): Promise<ImportJobResponse> => {
    await requireAdmin(req);
    return { import: await importStatus(ctx, parse(IdParams, req.params).id) };
  });
}
