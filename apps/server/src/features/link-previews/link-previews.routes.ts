import type { FastifyInstance } from 'fastify';
import { IdParams, PreviewImageQuery } from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { AppError, parse } from '../../errors.js';
import { requireUser } from '../../http/session.js';
import { previewFetch, removePreviews } from './link-previews.service.js';
import { signedBy } from './preview-image.js';
import { FetchRefused, safeFetch } from '../../http/safe-fetch.js';

const IMAGE_BYTES = 2 * 1024 * 1024;

export function linkPreviewRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.delete('/messages/:id/previews', async (req, reply) => {
    const actor = await requireUser(ctx, req);
    await removePreviews(ctx, actor, parse(IdParams, req.params).id);
    return reply.status(204).send();
  });

  // Readers never fetch a linked site's picture themselves: it would tell the site who reads.
  app.get('/previews/image', async (req, reply) => {
    await requireUser(ctx, req);
    const { u, s } = parse(PreviewImageQuery, req.query);
    if (!signedBy(ctx.secret, u, s)) throw new AppError('not_found', 'No such picture.');
    try {
      const image = await safeFetch(u, previewFetch(ctx.config, 'image', IMAGE_BYTES));
      return reply
        .header('content-type', image.contentType)
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, max-age=86400')
        .send(image.body);
    } catch (err) {
      if (err instanceof FetchRefused) throw new AppError('not_found', 'The picture could not be fetched.');
      throw err;
    }
  });
}
