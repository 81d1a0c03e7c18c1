import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

export type SafeFetchOptions = {
  /** Hostnames or IP literals allowed even though they resolve to a private/loopback address (an intranet wiki; tests use 127.0.0.1). */
  allowHosts: ReadonlySet<string>;
  /** The whole request, redirects and body included. */
  timeoutMs: number;
  /** A longer body is refused with reason 'size'. */
  maxBytes: number;
  accept: 'html' | 'image' | 'json';
  userAgent: string;
  maxRedirects?: number;
  /** A POST of this body instead of a GET; a POST follows no redirect. */
  post?: { body: string; headers: Record<string, string> };
};

/** url: the final URL after redirects; contentType: the bare lowercase media type; charset: its charset parameter, if sent. */
export type Fetched = { url: string; contentType: string; charset?: string; body: Buffer };

export type RefusedReason =
  'scheme' | 'port' | 'private' | 'status' | 'type' | 'size' | 'timeout' | 'redirects' | 'network';

export class FetchRefused extends Error {
  constructor(
    readonly reason: RefusedReason,
    message?: string,
  ) {
    super(message ?? `fetch refused: ${reason}`);
    this.name = 'FetchRefused';
  }
}

// SVG is left out: it can carry script and is no picture we want to pass on.
const ACCEPTED_TYPES = {
  html: new Set(['text/html', 'application/xhtml+xml']),
  image: new Set([
    'image/png',
    'image/jpeg',
    'image/gif',
    'image/webp',
    'image/x-icon',
    'image/vnd.microsoft.icon',
  ]),
  json: new Set(['application/json']),
};
const ACCEPT_HEADER = {
  html: 'text/html,application/xhtml+xml',
  image: 'image/*',
  json: 'application/json',
};
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

/** True only for a globally routable unicast address; IPv4-mapped IPv6 is judged as its IPv4. */
export function isPublicAddress(ip: string): boolean {
  try {
    return ipaddr.process(ip).range() === 'unicast';
  } catch {
    return false;
  }
}

/** A GET (or a POST) that refuses private addresses, odd ports, other schemes, unwanted types and large bodies. */
export async function safeFetch(url: string, opts: SafeFetchOptions): Promise<Fetched> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), opts.timeoutMs);
  try {
    return await follow(url, opts, abort.signal);
  } catch (err) {
    if (err instanceof FetchRefused) throw err;
    if (abort.signal.aborted) throw new FetchRefused('timeout');
    throw new FetchRefused('network', err instanceof Error ? err.message : undefined);
  } finally {
    clearTimeout(timer);
  }
}

async function follow(start: string, opts: SafeFetchOptions, signal: AbortSignal): Promise<Fetched> {
  let target = parseTarget(start);
  for (let redirects = 0; ; redirects += 1) {
    const host = checkTarget(target, opts);
    const address = await untilAborted(resolvePublic(host, opts.allowHosts), signal);
    const res = await send(target, host, address, opts, signal);
    const status = res.statusCode ?? 0;
    const location = res.headers.location;
    if (REDIRECTS.has(status) && location !== undefined && !opts.post) {
      res.destroy();
      if (redirects >= (opts.maxRedirects ?? 3)) throw new FetchRefused('redirects');
      target = parseTarget(location, target);
      continue;
    }
    if (status < 200 || status > 299) {
      res.destroy();
      throw new FetchRefused('status', `status ${status}`);
    }
    const header = res.headers['content-type'] ?? '';
    const contentType = header.split(';')[0]!.trim().toLowerCase();
    if (!ACCEPTED_TYPES[opts.accept].has(contentType)) {
      res.destroy();
      throw new FetchRefused('type', `type ${contentType || 'missing'}`);
    }
    const charset = /;\s*charset\s*=\s*["']?([^"';\s]+)/i.exec(header)?.[1];
    const body = await readBody(res, opts.maxBytes);
    return { url: target.href, contentType, ...(charset && { charset }), body };
  }
}

function parseTarget(url: string, base?: URL): URL {
  try {
    return new URL(url, base);
  } catch {
    throw new FetchRefused('scheme', 'not a URL');
  }
}

/** Checks what needs no network; returns the host as allowHosts spells it. */
function checkTarget(target: URL, opts: SafeFetchOptions): string {
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new FetchRefused('scheme');
  if (target.username !== '' || target.password !== '') throw new FetchRefused('scheme', 'credentials');
  const host = target.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  const port = target.port || DEFAULT_PORTS[target.protocol];
  if (port !== DEFAULT_PORTS[target.protocol] && !opts.allowHosts.has(host)) throw new FetchRefused('port');
  return host;
}

async function resolvePublic(host: string, allowHosts: ReadonlySet<string>) {
  const addresses = await lookup(host, { all: true });
  const first = addresses[0];
  if (first === undefined) throw new FetchRefused('network', 'no address');
  // One private address is enough to refuse: the connection might pick it.
  if (!allowHosts.has(host) && !addresses.every((a) => isPublicAddress(a.address))) {
    throw new FetchRefused('private');
  }
  return first;
}

function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new FetchRefused('timeout'));
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function send(
  target: URL,
  host: string,
  address: { address: string; family: number },
  opts: SafeFetchOptions,
  signal: AbortSignal,
): Promise<http.IncomingMessage> {
  // Connect to the address just checked, so a second DNS answer cannot point elsewhere.
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [address]);
    else callback(null, address.address, address.family);
  };
  const request = target.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        protocol: target.protocol,
        hostname: host,
        port: target.port || undefined,
        path: target.pathname + target.search,
        method: opts.post ? 'POST' : 'GET',
        headers: {
          ...opts.post?.headers,
          'user-agent': opts.userAgent,
          accept: ACCEPT_HEADER[opts.accept],
          'accept-encoding': 'identity',
          ...(opts.post && { 'content-length': String(Buffer.byteLength(opts.post.body)) }),
        },
        lookup: pinned,
        agent: false,
        signal,
      },
      (res) => {
        // Errors after the handover surface through the body read; this keeps them from crashing.
        res.on('error', () => {});
        resolve(res);
      },
    );
    req.on('error', reject);
    req.end(opts.post?.body);
  });
}

async function readBody(res: http.IncomingMessage, maxBytes: number): Promise<Buffer> {
  if (Number(res.headers['content-length']) > maxBytes) {
    res.destroy();
    throw new FetchRefused('size');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      res.destroy();
      throw new FetchRefused('size');
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}
