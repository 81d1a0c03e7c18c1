import type { FastifyInstance } from 'fastify';
import {
  EditMessageBody,
  HistoryQuery,
  IdParams,
  type MessageEditsResponse,
  SendMessageBody,
} from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { parse } from '../../errors.js';
import { requireUser } from '../../http/session.js';
import * as messages from './messages.service.js';

export function messageRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/channels/:id/messages', async (req) => {
    const actor = await requireUser(ctx, req);
    const { id } = parse(IdParams, req.params);
    return messages.listHistory(ctx, actor, id, parse(HistoryQuery, req.query));
  });

  app.post('/channels/:id/messages', async (req, reply) => {
    const actor = await requireUser(ctx, req);
    const { id } = parse(IdParams, req.params);
    const { message, created } = await messages.sendMessage(ctx, actor, id, parse(SendMessageBody, req.body));
    return reply.status(created ? 201 : 200).send({ message });
  });

  app.get('/messages/:id', async (req) => {
    const actor = await requireUser(ctx, req);
    return { message: await messages.getMessage(ctx, actor, parse(IdParams, req.params).id) };
  });

  app.get('/messages/:id/edits', async (req): Promise<MessageEditsResponse> => {
    const actor = await requireUser(ctx, req);
    return { versions: await messages.listVersions(ctx, actor, parse(IdParams, req.params).id) };
  });

  app.patch('/messages/:id', async (req) => {
    const actor = await requireUser(ctx, req);
    const { id } = parse(IdParams, req.params);
    return { message: await messages.editMessage(ctx, actor, id, parse(EditMessageBody, req.body)) };
  });

  app.delete('/messages/:id', async (req) => {
    const actor = await requireUser(ctx, req);
    return { message: await messages.deleteMessage(ctx, actor, parse(IdParams, req.params).id) };
  });
}
