import { randomUUID } from 'node:crypto';
import type {
  Channel,
  CreateChannelBody,
  Member,
  MembersQuery,
  MembersResponse,
  MentionableQuery,
  MentionableResponse,
  NonMembersResponse,
  ReadState,
  SystemEvent,
  UpdateChannelBody,
  UpdateMembershipBody,
} from '@parley/protocol';
import type { AppContext } from '../../context.js';
import type { Conn } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { isUniqueViolation } from '../../db/errors.js';
import { findUserById, toUser } from '../users/users.repo.js';
import { directoryScope } from '../users/users.service.js';
import { type NewChange, recordChanges } from '../feed/feed.repo.js';
import { insertSystemLine } from '../messages/messages.repo.js';
import * as repo from './channels.repo.js';
import { type Actor, canManage, canSee, requireActive, requireMember } from './permissions.js';

/** Loads a channel the actor may see; anything else looks like it does not exist. */
export async function loadVisible(db: Conn, actor: Actor, channelId: string) {
  const row = await repo.findChannelFor(db, channelId, actor.id);
  const membership = row?.membership ?? undefined;
  if (!row || !canSee(actor, row.channel, membership)) throw new AppError('channel_not_found');
  return { channel: row.channel, membership };
}

export async function listChannels(
  ctx: AppContext,
  actor: Actor,
  scope: 'joined' | 'browse',
): Promise<Channel[]> {
  if (scope === 'browse') return actor.role === 'guest' ? [] : repo.listPublic(ctx.db, actor.id);
  return repo.listJoined(ctx.db, actor.id);
}

export async function getChannel(ctx: AppContext, actor: Actor, channelId: string): Promise<Channel> {
  await loadVisible(ctx.db, actor, channelId);
  return (await repo.viewChannel(ctx.db, channelId, actor.id))!;
}

export async function createChannel(
  ctx: AppContext,
  actor: Actor,
  body: CreateChannelBody,
): Promise<Channel> {
  if (actor.role === 'guest') throw new AppError('forbidden', 'Guests cannot create channels.');
  if (body.encrypted && body.kind !== 'private') {
    throw new AppError('validation_failed', 'Only private channels can be encrypted.');
  }
  const id = randomUUID();
  try {
    await ctx.db.transaction(async (tx) => {
      await repo.insertChannel(tx, {
        id,
        name: body.name,
        kind: body.kind,
        topic: body.topic ?? '',
        encrypted: body.encrypted ?? false,
        createdBy: actor.id,
      });
      await repo.insertMembership(tx, { channelId: id, userId: actor.id, role: 'admin' });
      await recordChanges(tx, [joined(id, actor.id)]);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
  ctx.events.publish('member.joined', { channelId: id, userId: actor.id });
  return (await repo.viewChannel(ctx.db, id, actor.id))!;
}

export async function updateChannel(
  ctx: AppContext,
  actor: Actor,
  channelId: string,
  body: UpdateChannelBody,
): Promise<Channel> {
  const { channel, membership } = await loadVisible(ctx.db, actor, channelId);
  requireMember(membership);
  const manages = canManage(actor, channel, membership);
  if ((body.name !== undefined || body.archived !== undefined) && !manages) throw new AppError('forbidden');
  if ((body.name !== undefined || body.archived) && repo.isDefaultChannel(channel))
    throw new AppError('forbidden', 'The #general channel cannot be renamed or archived.');
  if (body.topic !== undefined && (channel.kind === 'dm' || channel.kind === 'group'))
    throw new AppError('forbidden');
  const unarchiving = body.archived === false;
  if (!unarchiving) requireActive(channel);
  const lines = changeLines(channel, body);
  try {
    await ctx.db.transaction(async (tx) => {
      await repo.updateChannel(tx, channelId, {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.topic !== undefined ? { topic: body.topic } : {}),
        ...(body.archived !== undefined ? { archivedAt: body.archived ? new Date() : null } : {}),
      });
      await recordChanges(tx, [{ kind: 'channel:updated', channelId }]);
      for (const system of lines) await writeLine(tx, channel, actor.id, system);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
  ctx.events.publish('channel.updated', { channelId });
  return (await repo.viewChannel(ctx.db, channelId, actor.id))!;
}

export async function joinChannel(ctx: AppContext, actor: Actor, channelId: string): Promise<Channel> {
  const { channel, membership } = await loadVisible(ctx.db, actor, channelId);
  if (channel.kind !== 'public') throw new AppError('forbidden');
  requireActive(channel);
  if (!membership) await addMembership(ctx, channelId, actor.id);
  return (await repo.viewChannel(ctx.db, channelId, actor.id))!;
}

export async function leaveChannel(ctx: AppContext, actor: Actor, channelId: string): Promise<void> {
  const { channel, membership } = await loadVisible(ctx.db, actor, channelId);
  requireMember(membership);
  if (channel.kind === 'dm') throw new AppError('forbidden', 'Direct messages cannot be left.');
  if (repo.isDefaultChannel(channel)) throw new AppError('forbidden', 'Everyone stays in #general.');
  await removeMembership(ctx, channelId, actor.id, 'left');
}

/** A page of members, asked for one more than the limit to know whether another page follows. */
export async function listMembers(
  ctx: AppContext,
  actor: Actor,
  channelId: string,
  query: MembersQuery,
): Promise<MembersResponse> {
  requireMember((await loadVisible(ctx.db, actor, channelId)).membership);
  const rows = await repo.listMembers(ctx.db, channelId, {
    q: query.q,
    after: query.cursor,
    limit: query.limit + 1,
  });
  const members = rows.slice(0, query.limit);
  return { members, nextCursor: rows.length > query.limit ? members.at(-1)!.user.id : null };
}

/** One answer per key typed after `@`: the channel's matching members, then others who match, never twice. */
export async function listMentionable(
  ctx: AppContext,
  actor: Actor,
  channelId: string,
  query: MentionableQuery,
): Promise<MentionableResponse> {
  const { members } = await listMembers(ctx, actor, channelId, { q: query.q, limit: query.limit });
  const inChannel = members.map((m) => m.user);
  if (!query.q || inChannel.length >= query.limit) return { users: inChannel, notInChannel: [] };
  const others = await repo.listNonMembers(ctx.db, channelId, {
    q: query.q,
    limit: query.limit - inChannel.length,
    visibleTo: directoryScope(actor),
  });
  return { users: [...inChannel, ...others], notInChannel: others.map((u) => u.id) };
}

/** People a notice offers to add at once; a bigger group is added from the members panel. */
const NAMED_AT_MOST = 50;

/** The people named, or in a group named, who are not in the channel, for its members: whom a mention did not reach. */
export async function listNonMembers(
  ctx: AppContext,
  actor: Actor,
  channelId: string,
  names: string[],
): Promise<NonMembersResponse> {
  const { membership } = await loadVisible(ctx.db, actor, channelId);
  requireMember(membership);
  return repo.listNamedNonMembers(ctx.db, channelId, names, {
    limit: NAMED_AT_MOST,
    visibleTo: directoryScope(actor),
  });
}

export async function addMember(
  ctx: AppContext,
  actor: Actor,
  channelId: string,
  userId: string,
): Promise<Member> {
  const { channel, membership } = await loadVisible(ctx.db, actor, channelId);
  requireMember(membership);
  requireActive(channel);
  if (channel.kind === 'dm' || (channel.kind !== 'public' && !canManage(actor, channel, membership))) {
    throw new AppError('forbidden');
  }
  const user = await findUserById(ctx.db, userId);
  if (!user || user.status !== 'active') throw new AppError('user_not_found');
  const existing = await repo.findMembership(ctx.db, channelId, userId);
  if (!existing) await addMembership(ctx, channelId, userId, actor.id);
  return { user: toUser(user), role: existing?.role ?? 'member' };
}

export async function removeMember(
  ctx: AppContext,
  actor: Actor,
  channelId: string,
  userId: string,
): Promise<void> {
  if (userId === actor.id) return leaveChannel(ctx, actor, channelId);
  const { channel, membership } = await loadVisible(ctx.db, actor, channelId);
  if (!canManage(actor, channel, membership)) throw new AppError('forbidden');
  if (repo.isDefaultChannel(channel)) throw new AppError('forbidden', 'Everyone stays in #general.');
  if (!(await repo.findMembership(ctx.db, channelId, userId)))
    throw new AppError('user_not_found', 'Not a member.');
  await removeMembership(ctx, channelId, userId, 'removed', actor.id);
}

export const markRead = (ctx: AppContext, actor: Actor, channelId: string, seq: number) =>
  moveRead(ctx, actor, channelId, (tx) => repo.advanceRead(tx, channelId, actor.id, seq));

/** "Mark all as read": every channel's read point to its newest message, each recorded for the user's other tabs. */
export async function markAllRead(ctx: AppContext, actor: Actor): Promise<ReadState[]> {
  const moved = await ctx.db.transaction(async (tx) => {
    const rows = await repo.advanceAllReads(tx, actor.id);
    await recordChanges(
      tx,
      rows.map((r) => ({ kind: 'read:updated', channelId: r.channelId, userId: actor.id })),
    );
    return rows;
  });
  for (const { channelId, seq } of moved)
    ctx.events.publish('read.updated', { channelId, userId: actor.id, seq });
  // Read up to the newest message when it moved: nothing was unread up to there.
  return moved.map(({ channelId, seq }) => ({ channelId, seq, unread: 0, mentions: 0, lastSeq: seq }));
}

/** "Mark unread" from the message at `seq`: the read point moves back to just before it. */
export const markUnread = (ctx: AppContext, actor: Actor, channelId: string, seq: number) =>
  moveRead(ctx, actor, channelId, (tx) => repo.rewindRead(tx, channelId, actor.id, seq - 1));

/** The member's read point moved by `move`, recorded in the feed; the new point and what is unread after it. */
async function moveRead(
  ctx: AppContext,
  actor: Actor,
  channelId: string,
  move: (tx: Conn) => Promise<number>,
) {
  const { membership } = await loadVisible(ctx.db, actor, channelId);
  requireMember(membership);
  const readSeq = await ctx.db.transaction(async (tx) => {
    const next = await move(tx);
    await recordChanges(tx, [{ kind: 'read:updated', channelId, userId: actor.id }]);
    return next;
  });
  const counts = await repo.countUnread(ctx.db, channelId, actor.id, readSeq);
  ctx.events.publish('read.updated', { channelId, userId: actor.id, seq: readSeq });
  return { seq: readSeq, ...counts };
}

/** The member's own settings for a channel: notification level and mute. */
export async function updateMySettings(
  ctx: AppContext,
  actor: Actor,
  channelId: string,
  settings: UpdateMembershipBody,
) {
  const { membership } = await loadVisible(ctx.db, actor, channelId);
  requireMember(membership);
  await ctx.db.transaction(async (tx) => {
    await repo.updateMembership(tx, channelId, actor.id, settings);
    await recordChanges(tx, [{ kind: 'channel:updated', channelId, userId: actor.id }]);
  });
  ctx.events.publish('channel.updated', { channelId });
  return (await repo.viewChannel(ctx.db, channelId, actor.id))!;
}

/** Adds a member; the channel's history says "joined", or "added" when someone else (`addedBy`) did it. */
export async function addMembership(
  ctx: AppContext,
  channelId: string,
  userId: string,
  addedBy: string = userId,
): Promise<void> {
  const added = await ctx.db.transaction(async (tx) => {
    if (!(await repo.insertMembership(tx, { channelId, userId }))) return false;
    await recordChanges(tx, [
      joined(channelId, userId),
      { kind: 'member:joined', channelId, entityId: userId },
    ]);
    const system: SystemEvent = addedBy === userId ? { type: 'joined' } : { type: 'added', userId };
    await writeLine(tx, channelId, addedBy, system);
    return true;
  });
  if (added) ctx.events.publish('member.joined', { channelId, userId });
}

/** The joiner's own change: their sockets join the channel's room, then they get the channel with their membership. */
export const joined = (channelId: string, userId: string): NewChange => ({
  kind: 'channel:updated',
  channelId,
  userId,
  data: { joined: true },
});

/** Removes a member; the history says "left", or "removed" when `removedBy` is given (none for an admin's sweep). */
export async function removeMembership(
  ctx: AppContext,
  channelId: string,
  userId: string,
  reason: 'left' | 'removed',
  removedBy?: string,
) {
  const removed = await ctx.db.transaction(async (tx) => {
    if (!(await repo.deleteMembership(tx, channelId, userId))) return false;
    if (reason === 'left') await writeLine(tx, channelId, userId, { type: 'left' });
    else if (removedBy) await writeLine(tx, channelId, removedBy, { type: 'removed', userId });
    // Whoever leaves an encrypted channel must not read what follows: no sends until the key rotates.
    const rotation = await repo.requireRotationIfEncrypted(tx, channelId);
    await recordChanges(tx, [
      { kind: 'channel:removed', channelId, userId, data: { reason } },
      { kind: 'member:left', channelId, entityId: userId },
      ...(rotation ? [{ kind: 'keys:changed' as const, channelId }] : []),
    ]);
    return true;
  });
  if (removed) ctx.events.publish('member.left', { channelId, userId, reason });
}

/** What a channel update says in the history, one line per change that changes something. */
function changeLines(channel: repo.ChannelRow, body: UpdateChannelBody): SystemEvent[] {
  const lines: SystemEvent[] = [];
  if (body.name !== undefined && body.name !== channel.name)
    lines.push({ type: 'renamed', from: channel.name ?? '', to: body.name });
  if (body.topic !== undefined && body.topic !== channel.topic)
    lines.push({ type: 'topic', topic: body.topic });
  if (body.archived === true && !channel.archivedAt) lines.push({ type: 'archived' });
  if (body.archived === false && channel.archivedAt) lines.push({ type: 'unarchived' });
  return lines;
}

/**
 * A system line in the same transaction as the change it tells of. Channels only: DMs and group DMs
 * say nothing of who is in them.
 */
async function writeLine(
  tx: Conn,
  channel: string | repo.ChannelRow,
  actorId: string,
  system: SystemEvent,
): Promise<void> {
  const row = typeof channel === 'string' ? await repo.findChannel(tx, channel) : channel;
  if (!row || row.kind === 'dm' || row.kind === 'group') return;
  await insertSystemLine(tx, { channelId: row.id, actorId, system });
}

/** The same answer whoever holds the name, so a private channel's name does not reveal more than that it is taken. */
const nameTaken = () => new AppError('channel_name_taken', 'That name is not available; choose another.');
