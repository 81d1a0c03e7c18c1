import type { FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import helmet from 'helmet';
import { API_PREFIX, CSRF_HEADER } from '@parley/protocol';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import { installHostCheck } from './allowed-hosts.js';
import { isAllowedOrigin } from './origins.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const HOOKS_PREFIX = `${API_PREFIX}/hooks/`;
const HSTS = 'max-age=31536000; includeSubDomains';

/** Origins of the configured API and socket bases, and their WebSocket forms, for connect-src. */
function connectSources(config: Config): string[] {
  const sources = new Set<string>(["'self'"]);
  for (const base of [config.publicApiBase, config.publicSocketBase]) {
    if (!/^https?:/.test(base)) continue;
    const url = new URL(base);
    sources.add(url.origin);
    sources.add(`${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`);
  }
  return [...sources];
}

export async function installSecurity(app: FastifyInstance, config: Config): Promise<void> {
  installHostCheck(app, config);
  // Built once: @fastify/helmet rebuilt the whole middleware, CSP parsing included, on every request.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: connectSources(config),
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginResourcePolicy: { policy: 'same-site' },
    hsts: false,
  });
  const hsts = config.mode === 'production';
  app.addHook('onRequest', (req, reply, done) => {
    // Only over HTTPS (X-Forwarded-Proto counts from a trusted proxy): over plain HTTP browsers ignore it.
    if (hsts && req.protocol === 'https') void reply.header('strict-transport-security', HSTS);
    securityHeaders(req.raw, reply.raw, () => done());
  });
  await app.register(cors, {
    origin: (origin, cb) => cb(null, origin !== undefined && config.allowedOrigins.includes(origin)),
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['content-type', CSRF_HEADER],
    maxAge: 600,
  });
  app.addHook('onRequest', async (req) => {
    if (SAFE_METHODS.has(req.method) || !req.url.startsWith('/api/')) return;
    // A webhook's URL carries its own secret and no session: tools post there from anywhere.
    if (req.url.startsWith(HOOKS_PREFIX)) return;
    // A bot's token is sent by its script, never by a browser on its own: the cookie is then ignored.
    if (req.headers.authorization !== undefined) return;
    if (req.headers[CSRF_HEADER] !== '1') throw new AppError('csrf_required');
    if (!isAllowedOrigin(req.headers.origin, req.headers.host, config.allowedOrigins, req.protocol))
      throw new AppError('forbidden', 'Origin not allowed.');
  });
}
