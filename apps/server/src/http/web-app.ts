import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { VERSION, type ClientConfig } from '@parley/protocol';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';

export function clientConfig(config: Config): ClientConfig {
  return {
    apiBase: config.publicApiBase,
    socketBase: config.publicSocketBase,
    socketPath: config.socketPath,
    cipherAlgorithm: config.cipherAlgorithm,
    version: VERSION,
  };
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Vite names every file under assets/ after a hash of its content, so it never changes at that address. */
function isHashed(file: string): boolean {
  return file.includes(`${path.sep}assets${path.sep}`);
}

/** Serves /config.json, the built web app, and index.html for every client route. */
export async function installWebApp(app: FastifyInstance, config: Config, serveWeb: boolean): Promise<void> {
  app.get('/config.json', async (_req, reply) => {
    reply.header('cache-control', 'no-cache');
    return clientConfig(config);
  });
  const indexFile = path.join(config.webDist, 'index.html');
  const hasWeb = serveWeb && fs.existsSync(indexFile);
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
  app.setNotFoundHandler((req, reply) => {
    const wantsPage =
      req.method === 'GET' && !req.url.startsWith('/api/') && !path.extname(req.url.split('?')[0]!);
    if (hasWeb && wantsPage) {
      // sendFile picks index.html.br or .gz as the browser accepts and sets no-cache.
      return reply.sendFile('index.html');
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
