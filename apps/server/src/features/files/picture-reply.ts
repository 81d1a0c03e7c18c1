import type { FastifyReply, FastifyRequest } from 'fastify';

/** A stored picture whose address never changes (custom emoji, profile photos): cached for good, 304 on its ETag. */
export function replyWithPicture(
  req: FastifyRequest,
  reply: FastifyReply,
  picture: { type: string; sha256: string; bytes: Uint8Array },
) {
  const etag = `"${picture.sha256}"`;
  reply
    .header('content-type', picture.type)
    .header('content-disposition', 'inline')
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, max-age=31536000, immutable')
    .header('etag', etag);
  if (req.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.send(Buffer.from(picture.bytes));
}
