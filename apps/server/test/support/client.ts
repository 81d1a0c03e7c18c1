import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents, User } from '@parley/protocol';

export type ApiResult<T = any> = { status: number; body: T; headers: Headers };

/** A signed-in (or not) HTTP client with its own cookie jar, like one browser. */
export class ApiClient {
  cookie = '';
  user!: User;

  constructor(readonly baseUrl: string) {}

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiResult<T>> {
    const res = await fetch(`${this.baseUrl}/api/v1${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(method !== 'GET' ? { 'x-parley-csrf': '1' } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('parley_session='));
    if (setCookie) this.cookie = setCookie.split(';')[0]!;
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
  }

  get = <T = any>(path: string) => this.request<T>('GET', path);
  post = <T = any>(path: string, body?: unknown) => this.request<T>('POST', path, body);
  patch = <T = any>(path: string, body?: unknown) => this.request<T>('PATCH', path, body);
  delete = <T = any>(path: string) => this.request<T>('DELETE', path);

  /** POST /files as a browser's form would send one file. */
  async upload(bytes: Uint8Array, name: string, type: string, query = ''): Promise<ApiResult> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
    const res = await fetch(`${this.baseUrl}/api/v1/files${query}`, {
      method: 'POST',
      headers: { cookie: this.cookie, 'x-parley-csrf': '1' },
      body: form,
    });
    return { status: res.status, body: await res.json(), headers: res.headers };
  }

  socket(
    opts: { transports?: ('polling' | 'websocket')[]; path?: string; origin?: string } = {},
  ): Socket<ServerToClientEvents, ClientToServerEvents> {
    return io(this.baseUrl, {
      path: opts.path ?? '/socket.io',
      transports: opts.transports ?? ['polling', 'websocket'],
      extraHeaders: { cookie: this.cookie, ...(opts.origin ? { origin: opts.origin } : {}) },
      reconnection: false,
      forceNew: true,
    });
  }
}

let counter = 0;

export async function signUp(baseUrl: string, name?: string): Promise<ApiClient> {
  const client = new ApiClient(baseUrl);
  const username = name ?? `user${++counter}${Math.random().toString(36).slice(2, 6)}`;
  const res = await client.post('/auth/register', {
    username,
    displayName: username,
    password: 'correct horse battery',
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  client.user = res.body.user;
  return client;
}

export function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.connected) return resolve();
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => reject(err));
  });
}

/** Resolves with the first event of that name matching the predicate, or fails after a timeout. */
export function nextEvent<T = any>(
  socket: Socket,
  event: string,
  match: (e: T) => boolean = () => true,
  ms = 5000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, handler);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    const handler = (e: T) => {
      if (!match(e)) return;
      clearTimeout(timer);
      socket.off(event, handler);
      resolve(e);
    };
    socket.on(event, handler);
  });
}

export const clientId = () => crypto.randomUUID();

export async function waitFor(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** One series' value in a Prometheus text scrape; NaN when it is absent. */
export function metricValue(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : NaN;
}
