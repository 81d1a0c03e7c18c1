import type { FastifyInstance } from 'fastify';
import { ReactionParams } from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { parse } from '../../errors.js';
import { requireUser } from '../../http/session.js';
import { setReaction } from './reactions.service.js';

export function reactionRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const [method, on] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/messages/:id/reactions/:emoji',
      handler: async (req) => {
        const actor = await requireUser(ctx, req);
        const { id, emoji } = parse(ReactionParams, req.params);
        return { reactions: await setReaction(ctx, actor, id, emoji, on) };
      },
    });
  }
}
