import type { FastifyInstance } from 'fastify';
import { DraftQuery, IdParams, SaveDraftBody } from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { parse } from '../../errors.js';
import { requireUser } from '../../http/session.js';
import * as drafts from './drafts.service.js';

export function draftRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/drafts', async (req) => {
    const actor = await requireUser(ctx, req);
    return { drafts: await drafts.listDrafts(ctx, actor) };
  });

  app.put('/channels/:id/draft', async (req) => {
    const actor = await requireUser(ctx, req);
    const { id } = parse(IdParams, req.params);
    return { draft: await drafts.saveDraft(ctx, actor, id, parse(SaveDraftBody, req.body)) };
  });

  app.delete('/channels/:id/draft', async (req, reply) => {
    const actor = await requireUser(ctx, req);
    const { id } = parse(IdParams, req.params);
    const { threadRootId } = parse(DraftQuery, req.query);
    await drafts.deleteDraft(ctx, actor, id, threadRootId ?? null);
    return reply.status(204).send();
  });
}
