import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import multipart from '@fastify/multipart';
import { and, desc, eq, isNull, lt } from 'drizzle-orm';
import {
  ChannelFilesQuery,
  IdParams,
  UploadQuery,
  type ChannelFilesResponse,
  type FileResponse,
} from '@parley/protocol';
import { isCryptoError } from '@parley/crypto';
import type { AppContext } from '../../context.js';
import { files, messages } from '../../db/schema.js';
import { AppError, parse } from '../../errors.js';
import { requireUser } from '../../http/session.js';
import { loadVisible } from '../channels/channels.service.js';
import { requireMember, type Actor } from '../channels/permissions.js';
import { toFileInfo } from '../messages/messages.repo.js';
import { cleanName, showsInline } from './file-types.js';
import { fileStoreOf, type FileStore, READ_PIECE, thumbnailId } from './file-store.js';
import { makePreview } from './thumbnails.js';
import { UploadTap } from './upload-tap.js';
import { parseRange } from './range.js';

const MIB = 1024 * 1024;

export function fileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const maxBytes = ctx.config.maxUploadMb * MIB;
  const store = fileStoreOf(ctx);
  void app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 2, parts: 3 } });

  app.post('/files', async (req, reply) => {
    const actor = await requireUser(ctx, req);
    const { channelId, sealed } = parse(UploadQuery, req.query);
    // Refused before a byte is read when the size is announced.
    if (Number(req.headers['content-length'] ?? 0) > maxBytes + MIB) throw new AppError('payload_too_large');
    if (channelId) {
      const { channel, membership } = await loadVisible(ctx.db, actor, channelId);
      requireMember(membership);
      // An encrypted channel takes only bytes the browser sealed; a sealed upload belongs to one.
      if (channel.encrypted && !sealed)
        throw new AppError('encrypted_body_required', 'Encrypt files in the browser for this channel.');
      if (sealed && !channel.encrypted)
        throw new AppError('validation_failed', 'Only an end-to-end encrypted channel takes sealed files.');
    }
    const part = await req.file().catch(() => undefined);
    if (!part || part.fieldname !== 'file')
      throw new AppError('validation_failed', 'Send the file in a field named file.');
    const id = randomUUID();
    // Sealed bytes are ciphertext: nothing to sniff or preview, and the real name stays in the envelope.
    const tap = new UploadTap(!sealed);
    const tooLarge = () => {
      if (part.file.truncated) throw new AppError('payload_too_large');
    };
    const { wrappedKey, sha256, size } = await store.putStream(id, tap.pass(part.file, tooLarge));
    const type = tap.type();
    const picture = tap.picture();
    const preview = picture && (await makePreview(picture, type));
    const thumb = preview?.thumbnail && (await store.put(thumbnailId(id), preview.thumbnail));
    const [row] = await ctx.db
      .insert(files)
      .values({
        id,
        uploaderId: actor.id,
        channelId: channelId ?? null,
        name: sealed ? 'file' : cleanName(part.filename),
        size,
        type,
        sha256,
        wrappedKey,
        width: preview?.width ?? null,
        height: preview?.height ?? null,
        thumbWrappedKey: thumb ? thumb.wrappedKey : null,
      })
      .returning();
    const body: FileResponse = { file: toFileInfo(row!) };
    return reply.status(201).send(body);
  });

  app.get('/channels/:id/files', async (req): Promise<ChannelFilesResponse> => {
    const actor = await requireUser(ctx, req);
    const { id } = parse(IdParams, req.params);
    const { before, limit } = parse(ChannelFilesQuery, req.query);
    await loadVisible(ctx.db, actor, id);
    const rows = await ctx.db
      .select({ file: files, authorId: messages.authorId, sentAt: messages.createdAt })
      .from(files)
      .innerJoin(messages, eq(messages.id, files.messageId))
      .where(
        and(
          eq(messages.channelId, id),
          isNull(messages.deletedAt),
          before ? lt(messages.createdAt, new Date(before)) : undefined,
        ),
      )
      .orderBy(desc(messages.createdAt), desc(files.createdAt))
      .limit(limit + 1);
    return {
      files: rows.slice(0, limit).map((r) => ({
        file: toFileInfo(r.file),
        messageId: r.file.messageId!,
        authorId: r.authorId,
        sentAt: r.sentAt.toISOString(),
      })),
      more: rows.length > limit,
    };
  });

  app.get('/files/:id', async (req, reply) => {
    const actor = await requireUser(ctx, req);
    const file = await readable(ctx, actor, parse(IdParams, req.params).id);
    const inline = showsInline(file.type) && (req.query as { download?: string }).download === undefined;
    reply
      .header('content-type', inline ? file.type : 'application/octet-stream')
      .header(
        'content-disposition',
        `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      )
      .header('x-content-type-options', 'nosniff')
      .header('accept-ranges', 'bytes')
      .header('etag', `"${file.sha256}"`)
      .header('cache-control', 'private, max-age=3600');
    const range = parseRange(req.headers.range, file.size);
    if (range === 'unsatisfiable') {
      reply.header('content-range', `bytes */${file.size}`);
      throw new AppError('range_not_satisfiable');
    }
    if (range) {
      reply.status(206).header('content-range', `bytes ${range.start}-${range.end - 1}/${file.size}`);
      return send(reply, store, file, range.start, range.end);
    }
    return send(reply, store, file, 0, file.size);
  });

  app.get('/files/:id/thumbnail', async (req, reply) => {
    const actor = await requireUser(ctx, req);
    const file = await readable(ctx, actor, parse(IdParams, req.params).id);
    if (!file.thumbWrappedKey) throw new AppError('not_found', 'This file has no preview.');
    const thumb = { id: thumbnailId(file.id), wrappedKey: file.thumbWrappedKey };
    const size = await store.size(thumb.id);
    reply
      .header('content-type', 'image/webp')
      .header('content-disposition', 'inline')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=86400');
    return send(reply, store, thumb, 0, size);
  });
}

/** The file if the caller may read it: its message's channel, or their own upload not sent yet. */
async function readable(ctx: AppContext, actor: Actor, id: string) {
  // The file and its message in one read: a range request is mostly this lookup.
  const [row] = await ctx.db
    .select({ file: files, channelId: messages.channelId, deletedAt: messages.deletedAt })
    .from(files)
    .leftJoin(messages, eq(messages.id, files.messageId))
    .where(eq(files.id, id));
  if (!row) throw new AppError('not_found');
  const { file } = row;
  if (!file.messageId) {
    if (file.uploaderId !== actor.id) throw new AppError('not_found');
    return file;
  }
  if (!row.channelId || row.deletedAt) throw new AppError('not_found');
  await loadVisible(ctx.db, actor, row.channelId).catch(() => {
    throw new AppError('not_found');
  });
  return file;
}

/** Decrypts in pieces, so a large download never sits in memory whole. */
async function send(
  reply: FastifyReply,
  store: FileStore,
  file: { id: string; wrappedKey: string },
  start: number,
  end: number,
) {
  reply.header('content-length', String(end - start));
  if (end === start) return reply.send(Buffer.alloc(0));
  // The first piece is read before the status goes out: a tampered file fails as an error, not a broken body.
  const first = await store
    .read(file.id, file.wrappedKey, start, Math.min(end, start + READ_PIECE))
    .catch((err) => {
      throw isCryptoError(err)
        ? new AppError('internal', 'The stored file failed its integrity check.')
        : err;
    });
  // A range within one piece (a seek, a preview) goes out as it is, without a stream.
  if (end - start <= READ_PIECE) return reply.send(Buffer.from(first.buffer, first.byteOffset, first.length));
  async function* pieces() {
    yield Buffer.from(first);
    for (let at = start + READ_PIECE; at < end; at += READ_PIECE)
      yield Buffer.from(await store.read(file.id, file.wrappedKey, at, Math.min(end, at + READ_PIECE)));
  }
  return reply.send(Readable.from(pieces()));
}
