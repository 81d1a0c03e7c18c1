import { randomUUID } from 'node:crypto';

const PASSWORD = 'bench-password-123';

/** Registers an account and returns its `parley_session` cookie pair. */
export async function register(url: string, username: string): Promise<string> {
  const res = await fetch(`${url}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-parley-csrf': '1' },
    body: JSON.stringify({ username, displayName: username, password: PASSWORD }),
  });
  if (res.status !== 201) throw new Error(`register ${username}: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('parley_session='));
  return cookie!.split(';')[0]!;
}

export async function call(url: string, cookie: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${url}/api/v1${path}`, {
    method,
    headers: {
      cookie,
      ...(method !== 'GET' ? { 'x-parley-csrf': '1' } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json().catch(() => undefined) };
}

export async function createChannel(url: string, cookie: string, name: string): Promise<string> {
  const created = await call(url, cookie, 'POST', '/channels', { name, kind: 'public' });
  if (created.status !== 201) throw new Error(`create channel: ${created.status}`);
  return created.body.channel.id as string;
}

/** Runs fn over items with at most `size` in flight: argon2 hashing makes registration CPU-bound. */
export async function inBatches<T>(items: T[], size: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
}

export const runTag = () => Math.random().toString(36).slice(2, 7);
export const newClientId = () => randomUUID();
