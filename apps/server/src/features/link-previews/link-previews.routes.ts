import type { FastifyInstance } from 'fastify';
import { IdParams, PreviewImageQuery } from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { AppError, parse } from '../../errors.js';
import { requireUser } from '../../http/session.js';
import { previewFetch, removePreviews } from './link-previews.service.js';
import { LruCache } from './lru-cache.js';
import { signedBy } from './preview-image.js';
import { FetchRefused, safeFetch } from '../../http/safe-fetch.js';

const IMAGE_BYTES = 2 * 1024 * 1024;
// Repeat views are served from memory, so a busy channel does not make the server ask the site again.
const PICTURE_CACHE_BYTES = 32 * 1024 * 1024;
const PICTURE_CACHE_MS = 60 * 60 * 1000;
// The address and the entry's bookkeeping count too, so a flood of tiny icons stays within the bound.
const ENTRY_OVERHEAD = 1024;
const ICON_TYPES = new Set(['image/x-icon', 'image/vnd.microsoft.icon']);
const ICON_MAGIC = Buffer.from([0x00, 0x00, 0x01, 0x00]);

type Picture = { contentType: string; body: Buffer };

export function linkPreviewRoutes(app: FastifyInstance, ctx: AppContext): void {
  const pictures = new LruCache<string, Picture>({
    maxSize: PICTURE_CACHE_BYTES,
    ttlMs: PICTURE_CACHE_MS,
    sizeOf: (picture, url) => picture.body.length + url.length + ENTRY_OVERHEAD,
  });

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
    let picture = pictures.get(u);
    if (!picture) {
      picture = await fetchPicture(ctx, u);
      pictures.set(u, picture);
    }
    return reply
      .header('content-type', picture.contentType)
      .header('content-disposition', 'inline')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, max-age=86400')
      .send(picture.body);
  });
}

async function fetchPicture(ctx: AppContext, url: string): Promise<Picture> {
  try {
    const { contentType, body } = await safeFetch(url, previewFetch(ctx.config, 'image', IMAGE_BYTES));
    // Sites send most anything as an icon's type, so an ICO must also start as one.
    if (ICON_TYPES.has(contentType) && !body.subarray(0, ICON_MAGIC.length).equals(ICON_MAGIC))
      throw new FetchRefused('type', 'not an ICO file');
    return { contentType, body };
  } catch (err) {
    if (err instanceof FetchRefused) throw new AppError('not_found', 'The picture could not be fetched.');
    throw err;
  }
}
