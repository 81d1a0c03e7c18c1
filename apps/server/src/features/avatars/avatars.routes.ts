import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IdParams, LIMITS, type UserResponse } from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { AppError, parse } from '../../errors.js';
import { requireUser } from '../../http/session.js';
import { readAvatar, removeAvatar, setAvatar } from './avatars.service.js';
import { replyWithPicture } from '../files/picture-reply.js';

// Room for the multipart framing around the picture.
const BODY_SLACK = 16 * 1024;

export function avatarRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.put('/users/me/avatar', async (req): Promise<UserResponse> => {
    const actor = await requireUser(ctx, req);
    if (Number(req.headers['content-length'] ?? 0) > LIMITS.avatarImageMax + BODY_SLACK)
      throw new AppError('payload_too_large');
    return { user: await setAvatar(ctx, actor, await readPicture(req)) };
  });

  app.delete('/users/me/avatar', async (req): Promise<UserResponse> => {
    const actor = await requireUser(ctx, req);
    return { user: await removeAvatar(ctx, actor) };
  });

  // By id, so a new photo is a new address and the old one can stay cached for good.
  app.get('/avatars/:id', async (req, reply) => {
    await requireUser(ctx, req);
    const { row, bytes } = await readAvatar(ctx, parse(IdParams, req.params).id);
    return replyWithPicture(req, reply, { type: 'image/webp', sha256: row.sha256, bytes });
  });
}

/** The one file of a multipart form, in a field named file, refused with 413 past the limit. */
async function readPicture(req: FastifyRequest): Promise<Buffer> {
  let data: Buffer | undefined;
  try {
    const parts = req.parts({ limits: { fileSize: LIMITS.avatarImageMax, files: 1, fields: 0, parts: 1 } });
    for await (const part of parts) {
      if (part.type === 'file' && part.fieldname === 'file') data = await part.toBuffer();
      else throw new AppError('validation_failed', 'Send the picture in a field named file.');
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payload_too_large');
    throw new AppError('validation_failed', 'Send a multipart form with the picture in a field named file.');
  }
  if (!data) throw new AppError('validation_failed', 'Send the picture in a field named file.');
  return data;
}
