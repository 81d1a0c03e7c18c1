import type { FastifyInstance } from 'fastify';
import { VERSION, type HealthResponse } from '@parley/protocol';
import type { AppContext } from '../context.js';

const startedAt = Date.now();

export function publicRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/health', async (): Promise<HealthResponse> => ({
    status: 'ok',
    version: VERSION,
    mode: ctx.config.mode,
    uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
  }));
}
