import type { FastifyInstance } from 'fastify';
import {
  IdParams,
  PostChannelKeysBody,
  RewrapKeysBody,
  SetupKeysBody,
  UserKeysQuery,
} from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { parse } from '../../errors.js';
import { requireUser } from '../../http/session.js';
import * as keys from './keys.service.js';
import { reachableIds } from '../users/users.service.js';
import { findUserKeys, listUserKeys, toOwnKeys, toUserKeys } from './keys.repo.js';

export function keyRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/keys/me', async (req) => {
    const actor = await requireUser(ctx, req);
    const row = await findUserKeys(ctx.db, actor.id);
    return { keys: row ? toOwnKeys(row) : null };
  });

  app.put('/keys/me', async (req) => {
    const actor = await requireUser(ctx, req);
    return { keys: await keys.setupKeys(ctx, actor, parse(SetupKeysBody, req.body)) };
  });

  app.patch('/keys/me', async (req) => {
    const actor = await requireUser(ctx, req);
    return { keys: await keys.rewrapKeys(ctx, actor, parse(RewrapKeysBody, req.body)) };
  });

  app.get('/keys', async (req) => {
    const actor = await requireUser(ctx, req);
    const { userIds } = parse(UserKeysQuery, req.query);
    // A guest learns keys only of people it shares a channel with, as with their profiles.
    const visible = await reachableIds(ctx, actor, userIds);
    return { keys: visible.length ? (await listUserKeys(ctx.db, visible)).map(toUserKeys) : [] };
  });

  app.get('/channels/:id/keys', async (req) => {
    const actor = await requireUser(ctx, req);
    return keys.channelKeysFor(ctx, actor, parse(IdParams, req.params).id);
  });

  app.get('/channels/:id/keys/status', async (req) => {
    const actor = await requireUser(ctx, req);
    return { status: await keys.channelKeyStatus(ctx, actor, parse(IdParams, req.params).id) };
  });

  app.post('/channels/:id/keys', async (req, reply) => {
    const actor = await requireUser(ctx, req);
    const { id } = parse(IdParams, req.params);
    const result = await keys.postChannelKeys(ctx, actor, id, parse(PostChannelKeysBody, req.body));
    return reply.status(201).send(result);
  });
}
