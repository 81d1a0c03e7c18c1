import type { FastifyInstance } from 'fastify';
import { MentionsQuery, type MentionsResponse } from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { parse } from '../../errors.js';
import { requireUser } from '../../http/session.js';
import { withReactions } from '../messages/messages.repo.js';
import { findUserById } from '../users/users.repo.js';
import { groupHandlesOf } from '../groups/groups.repo.js';
import { listMentions } from './mentions.repo.js';

export function mentionRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/mentions', async (req): Promise<MentionsResponse> => {
    const actor = await requireUser(ctx, req);
    const { cursor, limit } = parse(MentionsQuery, req.query);
    const user = (await findUserById(ctx.db, actor.id))!;
    const [at, id] = cursor ? cursor.split('.') : [];
    const before = at && id ? { at: new Date(Number(at)), id } : undefined;
    const groupHandles = await groupHandlesOf(ctx.db, user.id);
    const rows = await listMentions(ctx.db, { ...user, groupHandles }, { before, limit });
    const last = rows.length === limit ? rows.at(-1) : undefined;
    return {
      messages: await withReactions(ctx.db, rows),
      nextCursor: last ? `${last.createdAt.getTime()}.${last.id}` : null,
    };
  });
}
