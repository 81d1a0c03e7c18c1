import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

/** JSON bodies, where an empty body means "no body" rather than an error. */
export function installJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError('validation_failed', 'The request body is not valid JSON.'), undefined);
    }
  });
}
