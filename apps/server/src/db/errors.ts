/** Postgres unique_violation, from either driver. */
export function isUniqueViolation(err: unknown): boolean {
  return pgCode(err) === '23505';
}

export function pgCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

const UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01',
  '57P03',
  '08006',
  '08001',
  '08003',
]);

/** True when the database could not be reached, rather than the query being wrong. */
export function isDbUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE.has(code)) return true;
    const msg = (e as { message?: unknown }).message;
    if (typeof msg === 'string' && /Connection terminated|timeout exceeded when trying to connect/i.test(msg))
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
