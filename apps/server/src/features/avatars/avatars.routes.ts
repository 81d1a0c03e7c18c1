import type { FastifyInstance } from 'fastify';
import { IdParams, LIMITS, type UserResponse } from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { AppError, parse } from '../../errors.js';
import { readOneFile } from '../../http/one-file.js';
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
    return { user: await setAvatar(ctx, actor, await readOneFile(req, LIMITS.avatarImageMax, 'picture')) };
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
