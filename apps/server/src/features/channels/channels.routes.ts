import type { FastifyInstance } from 'fastify';
import {
  AddMemberBody,
  BrowseChannelsQuery,
  CreateChannelBody,
  IdParams,
  MarkReadBody,
  MarkUnreadBody,
  MemberParams,
  MembersQuery,
  MentionableQuery,
  NonMembersQuery,
  OpenDmBody,
  UpdateChannelBody,
  UpdateMembershipBody,
  type ReadAllResponse,
} from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { parse } from '../../errors.js';
import { requireUser } from '../../http/session.js';
import * as channels from './channels.service.js';
import { openConversation } from './dms.service.js';

export function channelRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/channels', async (req) => {
    const actor = await requireUser(ctx, req);
    const { scope } = parse(BrowseChannelsQuery, req.query);
    return { channels: await channels.listChannels(ctx, actor, scope) };
  });

  app.post('/channels', async (req, reply) => {
    const actor = await requireUser(ctx, req);
    const channel = await channels.createChannel(ctx, actor, parse(CreateChannelBody, req.body));
    return reply.status(201).send({ channel });
  });

  app.get('/channels/:id', async (req) => {
    const actor = await requireUser(ctx, req);
    return { channel: await channels.getChannel(ctx, actor, parse(IdParams, req.params).id) };
  });

  app.patch('/channels/:id', async (req) => {
    const actor = await requireUser(ctx, req);
    const { id } = parse(IdParams, req.params);
    return { channel: await channels.updateChannel(ctx, actor, id, parse(UpdateChannelBody, req.body)) };
  });

  app.post('/channels/:id/join', async (req) => {
    const actor = await requireUser(ctx, req);
    return { channel: await channels.joinChannel(ctx, actor, parse(IdParams, req.params).id) };
  });

  app.post('/channels/:id/leave', async (req, reply) => {
    const actor = await requireUser(ctx, req);
    await channels.leaveChannel(ctx, actor, parse(IdParams, req.params).id);
    return reply.status(204).send();
  });

  app.get('/channels/:id/members', async (req) => {
    const actor = await requireUser(ctx, req);
    const { id } = parse(IdParams, req.params);
    return channels.listMembers(ctx, actor, id, parse(MembersQuery, req.query));
  });

  app.get('/channels/:id/mentionable', async (req) => {
    const actor = await requireUser(ctx, req);
    const { id } = parse(IdParams, req.params);
    return channels.listMentionable(ctx, actor, id, parse(MentionableQuery, req.query));
  });

  app.get('/channels/:id/non-members', async (req) => {
    const actor = await requireUser(ctx, req);
    const { id } = parse(IdParams, req.params);
    const { usernames } = parse(NonMembersQuery, req.query);
    return channels.listNonMembers(ctx, actor, id, usernames);
  });

  app.post('/channels/:id/members', async (req, reply) => {
    const actor = await requireUser(ctx, req);
    const { id } = parse(IdParams, req.params);
    const { userId } = parse(AddMemberBody, req.body);
    return reply.status(201).send({ member: await channels.addMember(ctx, actor, id, userId) });
  });

  app.delete('/channels/:id/members/:userId', async (req, reply) => {
    const actor = await requireUser(ctx, req);
    const { id, userId } = parse(MemberParams, req.params);
    await channels.removeMember(ctx, actor, id, userId);
    return reply.status(204).send();
  });

  app.patch('/channels/:id/membership', async (req) => {
    const actor = await requireUser(ctx, req);
    const { id } = parse(IdParams, req.params);
    return {
      channel: await channels.updateMySettings(ctx, actor, id, parse(UpdateMembershipBody, req.body)),
    };
  });

  app.post('/channels/:id/read', async (req) => {
    const actor = await requireUser(ctx, req);
    const { id } = parse(IdParams, req.params);
    const { seq } = parse(MarkReadBody, req.body);
    return { read: await channels.markRead(ctx, actor, id, seq) };
  });

  app.post('/channels/read', async (req): Promise<ReadAllResponse> => {
    const actor = await requireUser(ctx, req);
    return { reads: await channels.markAllRead(ctx, actor) };
  });

  app.post('/channels/:id/unread', async (req) => {
    const actor = await requireUser(ctx, req);
    const { id } = parse(IdParams, req.params);
    const { seq } = parse(MarkUnreadBody, req.body);
    return { read: await channels.markUnread(ctx, actor, id, seq) };
  });

  app.post('/dms', async (req, reply) => {
    const actor = await requireUser(ctx, req);
    const body = parse(OpenDmBody, req.body);
    const userIds = 'userIds' in body ? body.userIds : [body.userId];
    const { channel, created } = await openConversation(ctx, actor, userIds, body.encrypted);
    return reply.status(created ? 201 : 200).send({ channel });
  });
}
