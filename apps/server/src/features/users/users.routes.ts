import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DND_MAX_MS, ListUsersQuery, UpdateProfileBody, Username } from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { AppError, parse } from '../../errors.js';
import { requireUser } from '../../http/session.js';
import { listUsers, updateUserRecorded, userByUsername, visiblePresence } from './users.service.js';
import { toUser } from './users.repo.js';

const UsernameParams = z.strictObject({ username: Username });

export function userRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/users', async (req) => {
    const actor = await requireUser(ctx, req);
    return { users: await listUsers(ctx, actor, parse(ListUsersQuery, req.query)) };
  });

  app.get('/users/by-username/:username', async (req) => {
    const actor = await requireUser(ctx, req);
    const { username } = parse(UsernameParams, req.params);
    return { user: await userByUsername(ctx, actor, username) };
  });

  app.patch('/users/me', async (req) => {
    const me = await requireUser(ctx, req);
    const body = parse(UpdateProfileBody, req.body);
    const user = toUser(await updateUserRecorded(ctx, me.id, profileChanges(body)));
    ctx.sessionCache.forgetUser(me.id);
    return { user };
  });

  app.get('/presence', async (req) => {
    const actor = await requireUser(ctx, req);
    return { presence: await visiblePresence(ctx, actor, await ctx.realtime.presence()) };
  });
}

/** A name, and do-not-disturb until a time in the coming year (null: back on). */
function profileChanges(body: UpdateProfileBody) {
  const until = body.dndUntil ? new Date(body.dndUntil) : (body.dndUntil as null | undefined);
  if (until && (until.getTime() <= Date.now() || until.getTime() > Date.now() + DND_MAX_MS))
    throw new AppError('validation_failed', 'Do not disturb ends within the coming year.');
  const statusUntil = body.status?.until ? new Date(body.status.until) : null;
  if (statusUntil && statusUntil.getTime() <= Date.now())
    throw new AppError('validation_failed', 'A status ends in the future.');
  if (body.timeZone && !knownZone(body.timeZone))
    throw new AppError('validation_failed', 'Unknown time zone.');
  const status =
    body.status === undefined
      ? {}
      : body.status === null || (!body.status.text && !body.status.emoji)
        ? { statusText: null, statusEmoji: null, statusUntil: null }
        : { statusText: body.status.text, statusEmoji: body.status.emoji, statusUntil };
  return { displayName: body.displayName, dndUntil: until, timeZone: body.timeZone, ...status };
}

function knownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
