import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AddEmojiFields,
  EmojiParams,
  IdParams,
  LIMITS,
  type EmojiListResponse,
  type EmojiResponse,
} from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { AppError, parse } from '../../errors.js';
import { requireUser } from '../../http/session.js';
import { addEmoji, readEmojiImage, removeEmoji } from './emoji.service.js';
import { listEmoji, toCustomEmoji } from './emoji.repo.js';
import { replyWithPicture } from '../files/picture-reply.js';

// Room for the multipart framing and the name around the picture.
const BODY_SLACK = 16 * 1024;

export function emojiRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/emoji', async (req): Promise<EmojiListResponse> => {
    await requireUser(ctx, req);
    return { emoji: (await listEmoji(ctx.db)).map(toCustomEmoji) };
  });

  app.post('/emoji', async (req, reply) => {
    const actor = await requireUser(ctx, req);
    if (Number(req.headers['content-length'] ?? 0) > LIMITS.emojiImageMax + BODY_SLACK)
      throw new AppError('payload_too_large');
    const { fields, data } = await readUpload(req);
    const { name } = parse(AddEmojiFields, fields);
    if (!data) throw new AppError('validation_failed', 'Send the picture in a field named file.');
    const body: EmojiResponse = { emoji: await addEmoji(ctx, actor, name, data) };
    return reply.status(201).send(body);
  });

  app.delete('/emoji/:name', async (req, reply) => {
    const actor = await requireUser(ctx, req);
    await removeEmoji(ctx, actor, parse(EmojiParams, req.params).name);
    return reply.status(204).send();
  });

  // By id, so a name removed and added again never shows the old picture from a cache.
  app.get('/emoji/images/:id', async (req, reply) => {
    await requireUser(ctx, req);
    const { row, bytes } = await readEmojiImage(ctx, parse(IdParams, req.params).id);
    return replyWithPicture(req, reply, { type: row.type, sha256: row.sha256, bytes });
  });
}

/** The multipart fields and the one file, refusing a picture over the limit with 413. */
async function readUpload(req: FastifyRequest): Promise<{ fields: Record<string, unknown>; data?: Buffer }> {
  const fields: Record<string, unknown> = {};
  let data: Buffer | undefined;
  try {
    const parts = req.parts({ limits: { fileSize: LIMITS.emojiImageMax, files: 1, fields: 1, parts: 2 } });
    for await (const part of parts) {
      if (part.type === 'field') fields[part.fieldname] = part.value;
      else if (part.fieldname === 'file') data = await part.toBuffer();
      else throw new AppError('validation_failed', 'Send the picture in a field named file.');
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payload_too_large');
    throw new AppError('validation_failed', 'Send a multipart form with a name and a file.');
  }
  return { fields, data };
}
