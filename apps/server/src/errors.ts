import {
  ERROR_MESSAGES,
  ERROR_STATUS,
  type ErrorCode,
  type ErrorDetail,
  type ErrorEnvelope,
} from '@parley/protocol';
import { issuesToDetails } from '@parley/protocol';
import type { z } from 'zod';

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message ?? ERROR_MESSAGES[code]);
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
  toEnvelope(): ErrorEnvelope {
    return {
      error: { code: this.code, message: this.message, ...(this.details ? { details: this.details } : {}) },
    };
  }
}

/** Parses input with a protocol schema, or throws validation_failed with every problem listed. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new AppError('validation_failed', undefined, issuesToDetails(result.error));
  return result.data;
}
