import type { FastifyInstance } from 'fastify';
import { IdParams, SavedQuery } from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { parse } from '../../errors.js';
import { requireUser } from '../../http/session.js';
import * as pins from './pins.service.js';

export function pinRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.put('/messages/:id/pin', async (req) => {
    const actor = await requireUser(ctx, req);
    return { message: await pins.pin(ctx, actor, parse(IdParams, req.params).id, true) };
  });

  app.delete('/messages/:id/pin', async (req) => {
    const actor = await requireUser(ctx, req);
    return { message: await pins.pin(ctx, actor, parse(IdParams, req.params).id, false) };
  });

  app.get('/channels/:id/pins', async (req) => {
    const actor = await requireUser(ctx, req);
    return { messages: await pins.listPins(ctx, actor, parse(IdParams, req.params).id) };
  });

  app.put('/messages/:id/save', async (req, reply) => {
    const actor = await requireUser(ctx, req);
    await pins.save(ctx, actor, parse(IdParams, req.params).id, true);
    return reply.status(204).send();
  });

  app.delete('/messages/:id/save', async (req, reply) => {
    const actor = await requireUser(ctx, req);
    await pins.save(ctx, actor, parse(IdParams, req.params).id, false);
    return reply.status(204).send();
  });

  app.get('/saved', async (req) => {
    const actor = await requireUser(ctx, req);
    return pins.listSaved(ctx, actor, parse(SavedQuery, req.query));
  });
}
