import type { FastifyInstance } from 'fastify';
import { IdParams, ScheduleMessageBody, UpdateScheduledBody } from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { parse } from '../../errors.js';
import { requireUser } from '../../http/session.js';
import * as scheduled from './scheduled.service.js';

export function scheduledRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/scheduled', async (req) => {
    const actor = await requireUser(ctx, req);
    return { scheduled: await scheduled.listScheduled(ctx, actor) };
  });

  app.post('/channels/:id/scheduled', async (req, reply) => {
    const actor = await requireUser(ctx, req);
    const { id } = parse(IdParams, req.params);
    const body = parse(ScheduleMessageBody, req.body);
    return reply.status(201).send({ scheduled: await scheduled.scheduleMessage(ctx, actor, id, body) });
  });

  app.patch('/scheduled/:id', async (req) => {
    const actor = await requireUser(ctx, req);
    const { id } = parse(IdParams, req.params);
    const body = parse(UpdateScheduledBody, req.body);
    return { scheduled: await scheduled.updateScheduled(ctx, actor, id, body) };
  });

  app.delete('/scheduled/:id', async (req, reply) => {
    const actor = await requireUser(ctx, req);
    await scheduled.deleteScheduled(ctx, actor, parse(IdParams, req.params).id);
    return reply.status(204).send();
  });

  app.post('/scheduled/:id/send', async (req) => {
    const actor = await requireUser(ctx, req);
    return { message: await scheduled.sendScheduledNow(ctx, actor, parse(IdParams, req.params).id) };
  });
}
