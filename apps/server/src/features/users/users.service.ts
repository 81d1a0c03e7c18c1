import type { ListUsersQuery, User } from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { recordChanges } from '../feed/feed.repo.js';
import type { Actor } from '../channels/permissions.js';
import {
  findUserByUsername,
  findUsersByIds,
  searchUsers,
  sharesChannel,
  toUser,
  updateUser,
  coMemberIds,
} from './users.repo.js';

/** Changes a user and records it in the sync feed in one transaction, so every tab learns the new name or role. */
export async function updateUserRecorded(
  ctx: AppContext,
  userId: string,
  values: Parameters<typeof updateUser>[2],
) {
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await updateUser(tx, userId, values);
    await recordChanges(tx, [{ kind: 'user:updated', entityId: userId }]);
    return updated;
  });
  ctx.events.publish('user.updated', { userId });
  return row!;
}

/** Whether the actor may see or message a user: guests reach only people who share a channel with them. */
export async function canReach(ctx: AppContext, actor: Actor, userId: string): Promise<boolean> {
  if (actor.role !== 'guest' || actor.id === userId) return true;
  return sharesChannel(ctx.db, actor.id, userId);
}

/** Whose co-members bound what the actor may see in the directory: a guest's own, else no one's (everyone is visible). */
export const directoryScope = (actor: Actor): string | undefined =>
  actor.role === 'guest' ? actor.id : undefined;

export async function listUsers(ctx: AppContext, actor: Actor, query: ListUsersQuery): Promise<User[]> {
  const guest = directoryScope(actor);
  if (!query.ids) return (await searchUsers(ctx.db, query.q, query.limit, guest)).map(toUser);
  const rows = await findUsersByIds(ctx.db, query.ids);
  if (!guest) return rows.map(toUser);
  const visible = await visibleIds(ctx, guest);
  return rows.filter((r) => visible.has(r.id)).map(toUser);
}

/** The ids among `userIds` the actor may see: all for members, co-members (and self) for guests. */
export async function reachableIds(ctx: AppContext, actor: Actor, userIds: string[]): Promise<string[]> {
  if (actor.role !== 'guest') return userIds;
  const visible = await visibleIds(ctx, actor.id);
  return userIds.filter((id) => id === actor.id || visible.has(id));
}

const visibleIds = async (ctx: AppContext, userId: string) =>
  new Set((await coMemberIds(ctx.db, userId)).map((r) => r.id));

export async function userByUsername(ctx: AppContext, actor: Actor, username: string): Promise<User> {
  const row = await findUserByUsername(ctx.db, username);
  if (!row || !(await canReach(ctx, actor, row.id))) throw new AppError('user_not_found');
  return toUser(row);
}

/** Presence of the people the actor may see. */
export async function visiblePresence<T>(ctx: AppContext, actor: Actor, all: Record<string, T>) {
  if (actor.role !== 'guest') return all;
  const visible = await visibleIds(ctx, actor.id);
  return Object.fromEntries(Object.entries(all).filter(([id]) => visible.has(id)));
}
