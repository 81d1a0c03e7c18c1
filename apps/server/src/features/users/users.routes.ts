import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ListUsersQuery, UpdateProfileBody, Username } from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { AppError, parse } from '../../errors.js';
import { requireUser } from '../../http/session.js';
import { updateUserRecorded } from './users.service.js';
import { findUserByUsername, findUsersByIds, searchUsers, toUser } from './users.repo.js';

const UsernameParams = z.strictObject({ username: Username });

export function userRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/users', async (req) => {
    await requireUser(ctx, req);
    const query = parse(ListUsersQuery, req.query);
    const rows = query.ids
      ? await findUsersByIds(ctx.db, query.ids)
      : await searchUsers(ctx.db, query.q, query.limit);
    return { users: rows.map(toUser) };
  });

  app.get('/users/by-username/:username', async (req) => {
    await requireUser(ctx, req);
    const { username } = parse(UsernameParams, req.params);
    const row = await findUserByUsername(ctx.db, username);
    if (!row) throw new AppError('user_not_found');
    return { user: toUser(row) };
  });

  app.patch('/users/me', async (req) => {
    const me = await requireUser(ctx, req);
    const body = parse(UpdateProfileBody, req.body);
    const user = toUser(await updateUserRecorded(ctx, me.id, { displayName: body.displayName }));
    ctx.sessionCache.forgetUser(me.id);
    return { user };
  });

  app.get('/presence', async (req) => {
    await requireUser(ctx, req);
    return { presence: await ctx.realtime.presence() };
  });
}
