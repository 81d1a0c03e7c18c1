import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { VERSION, type BootData, type ClientConfig } from '@parley/protocol';
import type { Config } from '../config.js';
import type { AppContext } from '../context.js';
import { AppError } from '../errors.js';
import { syncSince } from '../features/feed/feed.service.js';
import { requireUser } from './session.js';
import { firstScreen } from './first-screen.js';
import { loadWebPage } from './web-page.js';

export function clientConfig(config: Config): ClientConfig {
  return {
    apiBase: config.publicApiBase,
    socketBase: config.publicSocketBase,
    socketPath: config.socketPath,
    cipherAlgorithm: config.cipherAlgorithm,
    version: VERSION,
    ...(config.oidc && { sso: { name: config.oidc.name } }),
  };
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Vite names every file under assets/ after a hash of its content, so it never changes at that address. */
function isHashed(file: string): boolean {
  return file.includes(`${path.sep}assets${path.sep}`);
}

/**
 * The config, the signed-in user, a sync cursor, then the first screen's answers (taken after the
 * cursor, so the feed replays anything they miss); undefined if they fail.
 */
async function bootData(
  app: FastifyInstance,
  ctx: AppContext,
  req: FastifyRequest,
): Promise<BootData | undefined> {
  try {
    const user = await requireUser(ctx, req).catch((err: unknown) => {
      if (err instanceof AppError && err.code === 'unauthenticated') return null;
      throw err;
    });
    const config = clientConfig(ctx.config);
    if (!user) return { config, user, cursor: null };
    const { cursor } = await syncSince(ctx, user, undefined);
    return { config, user, cursor, ...(await firstScreen(app, req)) };
  } catch (err) {
    // The page still loads: the app then asks for these itself and says what is wrong.
    req.log.warn({ err }, 'page served without its boot data');
    return undefined;
  }
}

/** Serves /config.json, the built web app, and every client route as index.html with its boot data. */
export async function installWebApp(app: FastifyInstance, ctx: AppContext, serveWeb: boolean): Promise<void> {
  const { config } = ctx;
  app.get('/config.json', async (_req, reply) => {
    reply.header('cache-control', 'no-cache');
    return clientConfig(config);
  });
  const indexFile = path.join(config.webDist, 'index.html');
  const hasWeb = serveWeb && fs.existsSync(indexFile);
  const page = hasWeb ? loadWebPage(config.webDist) : undefined;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      index: false,
      wildcard: false,
      preCompressed: true,
      // Our own header: the built-in one would replace it with max-age=0.
      cacheControl: false,
      setHeaders: (res, file) => {
        res.setHeader('cache-control', isHashed(file) ? IMMUTABLE : 'no-cache');
      },
    });
    // Appended when sending, as CORS has already set Vary: Origin by then.
    app.addHook('onSend', async (req, reply) => {
      if (req.method !== 'GET' || req.url.startsWith('/api/')) return;
      const vary = reply.getHeader('vary');
      reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    const wantsPage =
      req.method === 'GET' && !req.url.startsWith('/api/') && !path.extname(req.url.split('?')[0]!);
    if (page && wantsPage) {
      const boot = await bootData(app, ctx, req);
      // Without boot data the built page, as it is, still starts the app.
      if (!boot) return reply.header('cache-control', 'no-cache').sendFile('index.html');
      const { body, encoding } = page.render(boot, req.headers['accept-encoding']);
      if (encoding) reply.header('content-encoding', encoding);
      // Written for this session: no shared cache may keep it.
      return reply
        .header('cache-control', 'private, no-cache')
        .header('vary', reply.hasHeader('vary') ? `${String(reply.getHeader('vary'))}, Cookie` : 'Cookie')
        .type('text/html; charset=utf-8')
        .send(body);
    }
    const error = new AppError('not_found', `No route for ${req.method} ${req.url.split('?')[0]}`);
    return reply.status(404).send(error.toEnvelope());
  });
  app.log.info(
    hasWeb
      ? `serving the web app from ${config.webDist} (version ${VERSION})`
      : 'web app not built: API only',
  );
}
