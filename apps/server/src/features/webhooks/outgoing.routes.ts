import type { FastifyInstance } from 'fastify';
import {
  CreateOutgoingWebhookBody,
  IdParams,
  type CreatedOutgoingWebhookResponse,
  type OutgoingWebhooksResponse,
} from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { parse } from '../../errors.js';
import { requireUser } from '../../http/session.js';
import * as outgoing from './outgoing.service.js';

export function outgoingWebhookRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/channels/:id/outgoing-webhooks', async (req): Promise<OutgoingWebhooksResponse> => {
    const actor = await requireUser(ctx, req);
    return { webhooks: await outgoing.listOutgoing(ctx, actor, parse(IdParams, req.params).id) };
  });

  app.post('/channels/:id/outgoing-webhooks', async (req, reply) => {
    const actor = await requireUser(ctx, req);
    const { id } = parse(IdParams, req.params);
    const input = parse(CreateOutgoingWebhookBody, req.body);
    const body: CreatedOutgoingWebhookResponse = await outgoing.createOutgoing(ctx, actor, id, input, req.ip);
    return reply.status(201).send(body);
  });

  app.delete('/outgoing-webhooks/:id', async (req, reply) => {
    const actor = await requireUser(ctx, req);
    await outgoing.deleteOutgoing(ctx, actor, parse(IdParams, req.params).id, req.ip);
    return reply.status(204).send();
  });
}
