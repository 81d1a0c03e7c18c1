import { randomUUID } from 'node:crypto';
import type { CreateGroupBody, UpdateGroupBody, UserGroup } from '@parley/protocol';
import type { AppContext } from '../../context.js';
import type { Conn } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../errors.js';
import { readSettings } from '../admin/admin.repo.js';
import { type Actor, canManageGroups } from '../channels/permissions.js';
import { recordChanges } from '../feed/feed.repo.js';
import { lockRegistrations } from '../users/users.repo.js';
import * as repo from './groups.repo.js';
import { groupAsSeenBy } from './group-visibility.js';

export async function listGroups(ctx: AppContext, actor: Actor): Promise<UserGroup[]> {
  return (await repo.listGroups(ctx.db)).map((g) => groupAsSeenBy(g, actor));
}

async function requireManager(db: Conn, actor: Actor): Promise<void> {
  const { groupManagers } = await readSettings(db);
  if (!canManageGroups(actor, groupManagers))
    throw new AppError(
      'forbidden',
      groupManagers === 'admins'
        ? 'Only owners and admins can manage user groups here.'
        : 'Guests cannot manage user groups.',
    );
}

/** Users and groups share one namespace: registrations take the same lock, so neither can slip past the other's check. */
async function claimHandle(tx: Conn, handle: string, exceptGroupId?: string): Promise<void> {
  await lockRegistrations(tx);
  if (await repo.isHandleTaken(tx, handle, exceptGroupId)) throw new AppError('group_handle_taken');
}

async function requireUsers(tx: Conn, userIds: string[]): Promise<void> {
  if ((await repo.countExistingUsers(tx, userIds)) !== userIds.length) throw new AppError('user_not_found');
}

/** Runs a change to one group and records it for everyone, then says so after commit. */
async function changeGroup(
  ctx: AppContext,
  actor: Actor,
  groupId: string,
  change: (tx: Conn) => Promise<void>,
): Promise<UserGroup> {
  try {
    await ctx.db.transaction(async (tx) => {
      await change(tx);
      await recordChanges(tx, [{ kind: 'group:updated', entityId: groupId }]);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('group_handle_taken');
    throw err;
  }
  ctx.events.publish('group.changed', { groupId });
  return groupAsSeenBy((await repo.findGroup(ctx.db, groupId))!, actor);
}

export async function createGroup(ctx: AppContext, actor: Actor, body: CreateGroupBody): Promise<UserGroup> {
  await requireManager(ctx.db, actor);
  const id = randomUUID();
  return changeGroup(ctx, actor, id, async (tx) => {
    await claimHandle(tx, body.handle);
    const userIds = body.userIds ?? [];
    await requireUsers(tx, userIds);
    await repo.insertGroup(tx, {
      id,
      handle: body.handle,
      name: body.name,
      description: body.description ?? '',
      createdBy: actor.id,
    });
    await repo.setGroupMembers(tx, id, userIds);
  });
}

async function requireGroup(db: Conn, groupId: string): Promise<void> {
  if (!(await repo.findGroup(db, groupId))) throw new AppError('not_found', 'That group was not found.');
}

export async function updateGroup(
  ctx: AppContext,
  actor: Actor,
  groupId: string,
  body: UpdateGroupBody,
): Promise<UserGroup> {
  await requireManager(ctx.db, actor);
  await requireGroup(ctx.db, groupId);
  return changeGroup(ctx, actor, groupId, async (tx) => {
    if (body.handle !== undefined) await claimHandle(tx, body.handle, groupId);
    if (!(await repo.updateGroup(tx, groupId, body))) throw new AppError('not_found');
  });
}

export async function setMembers(
  ctx: AppContext,
  actor: Actor,
  groupId: string,
  userIds: string[],
): Promise<UserGroup> {
  await requireManager(ctx.db, actor);
  await requireGroup(ctx.db, groupId);
  return changeGroup(ctx, actor, groupId, async (tx) => {
    await requireUsers(tx, userIds);
    if (!(await repo.findGroup(tx, groupId))) throw new AppError('not_found');
    await repo.setGroupMembers(tx, groupId, userIds);
  });
}

export async function deleteGroup(ctx: AppContext, actor: Actor, groupId: string): Promise<void> {
  await requireManager(ctx.db, actor);
  const gone = await ctx.db.transaction(async (tx) => {
    if (!(await repo.deleteGroup(tx, groupId))) return false;
    await recordChanges(tx, [{ kind: 'group:deleted', entityId: groupId }]);
    return true;
  });
  if (!gone) throw new AppError('not_found', 'That group was not found.');
  ctx.events.publish('group.changed', { groupId });
}
