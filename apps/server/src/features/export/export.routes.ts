import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { IdParams } from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { parse } from '../../errors.js';
import { requireUser } from '../../http/session.js';
import { exportChannel } from './export.service.js';

export function exportRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/channels/:id/export', async (req, reply) => {
    const actor = await requireUser(ctx, req);
    const { channel, document } = await exportChannel(ctx, actor, parse(IdParams, req.params).id);
    const day = new Date().toISOString().slice(0, 10);
    const name = channel.kind === 'dm' || channel.kind === 'group' ? 'conversation' : channel.name;
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="parley-${name}-${day}.json"`)
      .header('cache-control', 'private, no-store')
      .send(Readable.from(document));
  });
}
