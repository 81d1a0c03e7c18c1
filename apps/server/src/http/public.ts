import type { FastifyInstance } from 'fastify';
import { VERSION, type HealthResponse } from '@parley/protocol';
import type { AppContext } from '../context.js';
import { readinessCheck, type Readiness } from '../observability/readiness.js';

const startedAt = Date.now();

export function publicRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Liveness: the process answers; it checks nothing else, so a slow database never restarts it.
  app.get('/health', async (): Promise<HealthResponse> => ({
    status: 'ok',
    version: VERSION,
    mode: ctx.config.mode,
    uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
  }));
  const readiness = readinessCheck(app, ctx);
  app.get('/health/ready', async (_req, reply): Promise<Readiness> => {
    const result = await readiness();
    reply.header('cache-control', 'no-store');
    return reply.status(result.status === 'ready' ? 200 : 503).send(result);
  });
}
