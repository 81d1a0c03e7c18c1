import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ChannelRetentionBody,
  IdParams,
  RetentionPreviewQuery,
  type RetentionChannelsResponse,
  type User,
} from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { parse } from '../../errors.js';
import { listChannelRetention, previewRetention, setChannelRetention } from './retention.service.js';

/** Message retention beyond the instance's setting (PATCH /admin/settings): owners and admins only. */
export function retentionRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  requireAdmin: (req: FastifyRequest) => Promise<User>,
): void {
  app.get('/admin/retention', async (req) => {
    await requireAdmin(req);
    const { days, channelId } = parse(RetentionPreviewQuery, req.query);
    return previewRetention(ctx, days, channelId);
  });

  app.get('/admin/retention/channels', async (req): Promise<RetentionChannelsResponse> => {
    await requireAdmin(req);
    return { channels: await listChannelRetention(ctx) };
  });

  app.put('/channels/:id/retention', async (req) => {
    const admin = await requireAdmin(req);
    const { id } = parse(IdParams, req.params);
    const { retention } = parse(ChannelRetentionBody, req.body);
    return { channel: await setChannelRetention(ctx, admin, id, retention) };
  });
}
