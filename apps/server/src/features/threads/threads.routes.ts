import type { FastifyInstance } from 'fastify';
import { IdParams, MarkReadBody, ThreadQuery } from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { parse } from '../../errors.js';
import { requireUser } from '../../http/session.js';
import * as threads from './threads.service.js';

export function threadRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/messages/:id/thread', async (req) => {
    const actor = await requireUser(ctx, req);
    const { id } = parse(IdParams, req.params);
    return threads.getThread(ctx, actor, id, parse(ThreadQuery, req.query));
  });

  app.put('/messages/:id/follow', async (req) => {
    const actor = await requireUser(ctx, req);
    return { thread: await threads.follow(ctx, actor, parse(IdParams, req.params).id, true) };
  });

  app.delete('/messages/:id/follow', async (req) => {
    const actor = await requireUser(ctx, req);
    return { thread: await threads.follow(ctx, actor, parse(IdParams, req.params).id, false) };
  });

  app.post('/messages/:id/thread/read', async (req) => {
    const actor = await requireUser(ctx, req);
    const { id } = parse(IdParams, req.params);
    const { seq } = parse(MarkReadBody, req.body);
    return { thread: await threads.markThreadRead(ctx, actor, id, seq) };
  });

  app.get('/threads', async (req) => {
    const actor = await requireUser(ctx, req);
    return { threads: await threads.listThreads(ctx, actor) };
  });
}
