import type { FastifyInstance } from 'fastify';
import {
  CreateGroupBody,
  type GroupResponse,
  type GroupsResponse,
  IdParams,
  SetGroupMembersBody,
  UpdateGroupBody,
} from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { parse } from '../../errors.js';
import { requireUser } from '../../http/session.js';
import * as groups from './groups.service.js';

export function groupRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/groups', async (req): Promise<GroupsResponse> => {
    const actor = await requireUser(ctx, req);
    return { groups: await groups.listGroups(ctx, actor) };
  });

  app.post('/groups', async (req, reply) => {
    const actor = await requireUser(ctx, req);
    const group = await groups.createGroup(ctx, actor, parse(CreateGroupBody, req.body));
    return reply.status(201).send({ group } satisfies GroupResponse);
  });

  app.patch('/groups/:id', async (req): Promise<GroupResponse> => {
    const actor = await requireUser(ctx, req);
    const { id } = parse(IdParams, req.params);
    return { group: await groups.updateGroup(ctx, actor, id, parse(UpdateGroupBody, req.body)) };
  });

  app.put('/groups/:id/members', async (req): Promise<GroupResponse> => {
    const actor = await requireUser(ctx, req);
    const { id } = parse(IdParams, req.params);
    const { userIds } = parse(SetGroupMembersBody, req.body);
    return { group: await groups.setMembers(ctx, actor, id, userIds) };
  });

  app.delete('/groups/:id', async (req, reply) => {
    const actor = await requireUser(ctx, req);
    await groups.deleteGroup(ctx, actor, parse(IdParams, req.params).id);
    return reply.status(204).send();
  });
}
