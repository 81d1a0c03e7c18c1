import type { FastifyInstance } from 'fastify';
import { SyncQuery } from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { parse } from '../../errors.js';
import { requireUser } from '../../http/session.js';
import { syncSince } from './feed.service.js';

export function feedRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/sync', async (req) => {
    const actor = await requireUser(ctx, req);
    return syncSince(ctx, actor, parse(SyncQuery, req.query).since);
  });
}
