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

/** Serves /config.json, the built web app, and index.html for every client route. */
export async function installWebApp(app: FastifyInstance, config: Config, serveWeb: boolean): Promise<void> {
  app.get('/config.json', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return clientConfig(config);
  });
  const indexFile = path.join(config.webDist, 'index.html');
  const hasWeb = serveWeb && fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      index: false,
      wildcard: false,
      setHeaders: (res, file) => {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const wantsPage =
      req.method === 'GET' && !req.url.startsWith('/api/') && !path.extname(req.url.split('?')[0]!);
    if (hasWeb && wantsPage) {
      reply.header('cache-control', 'no-cache');
      return reply.type('text/html').send(fs.createReadStream(indexFile));
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
