import type { ErrorDetail } from '@parley/protocol';
import { CSRF_HEADER, ERROR_MESSAGES, isErrorCode, type ErrorCode } from '@parley/protocol/client';
import { takeAnswer } from './boot';
import { getConfig } from './config';

export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode | 'network',
    message: string,
    readonly status: number,
    readonly details: ErrorDetail[] = [],
  ) {
    super(message);
  }
  /** True when the request never reached the server: worth retrying later. */
  get isNetwork(): boolean {
    return this.code === 'network' || this.status >= 500;
  }
}

/** A JSON body, or a FormData sent as the browser encodes it (uploads). */
export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const answered = method === 'GET' ? takeAnswer(path) : undefined;
  if (answered !== undefined) return answered as T;
  const json = body !== undefined && !(body instanceof FormData);
  let res: Response;
  try {
    res = await fetch(`${getConfig().apiBase}${path}`, {
      method,
      credentials: 'include',
      headers: {
        ...(json ? { 'content-type': 'application/json' } : {}),
        ...(method !== 'GET' ? { [CSRF_HEADER]: '1' } : {}),
      },
      body: json ? JSON.stringify(body) : (body as FormData | undefined),
    });
  } catch {
    throw new ApiError('network', 'Cannot reach the server. Check your connection.', 0);
  }
  if (res.status === 204) return undefined as T;
  const data = await readJson(res);
  // A body cut off (the page going away, a dropped connection) is no answer: the caller may retry.
  if (res.ok && data === undefined)
    throw new ApiError('network', 'The server’s answer did not arrive whole.', 0);
  if (!res.ok) {
    const code: ErrorCode = isErrorCode(data?.error?.code) ? data.error.code : 'internal';
    throw new ApiError(
      code,
      data?.error?.message ?? ERROR_MESSAGES[code],
      res.status,
      data?.error?.details ?? [],
    );
  }
  return data as unknown as T;
}

type Answer = { error?: { code?: unknown; message?: string; details?: ErrorDetail[] } } | null | undefined;

async function readJson(res: Response): Promise<Answer> {
  try {
    return await res.json();
  } catch {
    return undefined;
  }
}

/** A sentence a person can act on, for any error. */
export function describeError(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.code === 'validation_failed' && err.details.length) {
      return err.details.map((d) => (d.path ? `${d.path}: ${d.message}` : d.message)).join('. ');
    }
    return err.code === 'network' || err.code === 'internal'
      ? err.message
      : err.message || ERROR_MESSAGES[err.code];
  }
  return err instanceof Error && err.message ? err.message : 'Something went wrong.';
}
