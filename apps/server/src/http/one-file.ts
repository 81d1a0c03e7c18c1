import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

/** The one file of a multipart form, in a field named file, refused with 413 past `maxBytes`. */
export async function readOneFile(req: FastifyRequest, maxBytes: number, what: string): Promise<Buffer> {
  let data: Buffer | undefined;
  try {
    const parts = req.parts({ limits: { fileSize: maxBytes, files: 1, fields: 0, parts: 1 } });
    for await (const part of parts) {
      if (part.type === 'file' && part.fieldname === 'file') data = await part.toBuffer();
      else throw new AppError('validation_failed', `Send the ${what} in a field named file.`);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payload_too_large');
    throw new AppError('validation_failed', `Send a multipart form with the ${what} in a field named file.`);
  }
  if (!data) throw new AppError('validation_failed', `Send the ${what} in a field named file.`);
  return data;
}
