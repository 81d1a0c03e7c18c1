import type { FastifyInstance } from 'fastify';
import { CreateBotBody, IdParams, type BotsResponse, type BotTokenResponse } from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { parse } from '../../errors.js';
import { requireAdmin } from '../../http/session.js';
import * as bots from './bots.service.js';

/** Admin → Bots: accounts that scripts drive with a token (`Authorization: Bearer`). */
export function botRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/admin/bots', async (req): Promise<BotsResponse> => {
    await requireAdmin(ctx, req);
    return { bots: await bots.listBots(ctx) };
  });

  app.post('/admin/bots', async (req, reply) => {
    const admin = await requireAdmin(ctx, req);
    const body: BotTokenResponse = await bots.createBot(ctx, admin, parse(CreateBotBody, req.body), req.ip);
    return reply.status(201).send(body);
  });

  app.post('/admin/bots/:id/token', async (req): Promise<BotTokenResponse> => {
    const admin = await requireAdmin(ctx, req);
    return bots.renewToken(ctx, admin, parse(IdParams, req.params).id, req.ip);
  });

  app.delete('/admin/bots/:id', async (req, reply) => {
    const admin = await requireAdmin(ctx, req);
    await bots.removeBot(ctx, admin, parse(IdParams, req.params).id, req.ip);
    return reply.status(204).send();
  });
}
