import type { FastifyInstance } from 'fastify';
import { IdParams, SetReminderBody } from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { parse } from '../../errors.js';
import { requireUser } from '../../http/session.js';
import { setReminder } from './reminders.service.js';

export function reminderRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.put('/messages/:id/reminder', async (req, reply) => {
    const actor = await requireUser(ctx, req);
    const { at } = parse(SetReminderBody, req.body);
    await setReminder(ctx, actor, parse(IdParams, req.params).id, new Date(at));
    return reply.status(204).send();
  });

  app.delete('/messages/:id/reminder', async (req, reply) => {
    const actor = await requireUser(ctx, req);
    await setReminder(ctx, actor, parse(IdParams, req.params).id, null);
    return reply.status(204).send();
  });
}
