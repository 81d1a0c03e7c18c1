import { AppError } from '../errors.js';

/** A 429 that knows when the caller may try again; the error handler sends it as Retry-After. */
export class RateLimitedError extends AppError {
  readonly retryAfterS: number;

  constructor(msBeforeNext: number) {
    super('rate_limited');
    this.retryAfterS = Math.max(1, Math.ceil(msBeforeNext / 1000));
  }
}

/** Seconds for Retry-After on any rate_limited answer, including ones thrown without a time. */
export function retryAfterOf(err: AppError): number {
  return err instanceof RateLimitedError ? err.retryAfterS : 60;
}
