import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from './api';
import { loadConfig } from './config';

beforeAll(async () => {
  vi.stubGlobal('fetch', async () => new Response('not found', { status: 404 }));
  await loadConfig();
});
afterEach(() => vi.unstubAllGlobals());

const answering = (res: Response) => vi.stubGlobal('fetch', async () => res);

describe('api', () => {
  it('answers the parsed body of a plain answer, and nothing for 204', async () => {
    answering(new Response(JSON.stringify({ keys: [] }), { status: 200 }));
    expect(await api('GET', '/keys?userIds=a')).toEqual({ keys: [] });
    answering(new Response(null, { status: 204 }));
    expect(await api('DELETE', '/pins/a')).toBeUndefined();
  });

  it('a body cut off on an ok answer is a network error to retry, not an undefined answer (a sealed send failed on it at a reload)', async () => {
    answering(new Response('{"keys": [', { status: 200 }));
    const err = await api('GET', '/channels/c/keys').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).isNetwork).toBe(true);

    const aborted = new Response(
      new ReadableStream({
        start: (c) => c.error(new DOMException('The user aborted a request.', 'AbortError')),
      }),
      { status: 200 },
    );
    answering(aborted);
    expect(((await api('GET', '/channels/c/keys').catch((e: unknown) => e)) as ApiError).isNetwork).toBe(
      true,
    );
  });

  it('a refusal keeps its code and message', async () => {
    answering(
      new Response(JSON.stringify({ error: { code: 'forbidden', message: 'Not yours.' } }), { status: 403 }),
    );
    const err = (await api('POST', '/x', {}).catch((e: unknown) => e)) as ApiError;
    expect([err.code, err.message, err.isNetwork]).toEqual(['forbidden', 'Not yours.', false]);
  });
});
