import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { issuesToDetails, type ErrorCode } from '@parley/protocol';
import { AppError } from '../errors.js';
import { isDbUnavailable } from '../db/errors.js';
import { retryAfterOf } from './rate-limited-error.js';

// Fastify's own 4xx errors, by their code.
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'validation_failed',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'validation_failed',
  FST_ERR_CTP_INVALID_JSON_BODY: 'validation_failed',
};

/** Turns every failure into the one envelope; only real faults become 500. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    let appError: AppError;
    if (err instanceof AppError) appError = err;
    else if (err instanceof ZodError)
      appError = new AppError('validation_failed', undefined, issuesToDetails(err));
    else if (err.code && FASTIFY_CODES[err.code])
      appError = new AppError(FASTIFY_CODES[err.code]!, err.message);
    else if (err instanceof SyntaxError || (err.statusCode === 400 && !isDbUnavailable(err)))
      appError = new AppError('validation_failed', 'The request body is not valid JSON.');
    else if (isDbUnavailable(err)) {
      req.log.warn({ err }, 'database unavailable');
      appError = new AppError('unavailable');
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      appError = new AppError(
        err.statusCode === 413 ? 'payload_too_large' : 'validation_failed',
        err.message,
      );
    } else {
      req.log.error({ err }, 'request failed');
      appError = new AppError('internal');
    }
    if (appError.code === 'rate_limited') void reply.header('retry-after', String(retryAfterOf(appError)));
    // The rest of a body too large is never read: closing stops its sender, and cannot hold a shutdown open.
    if (appError.status === 413) void reply.header('connection', 'close');
    return reply.status(appError.status).send(appError.toEnvelope());
  });
}
