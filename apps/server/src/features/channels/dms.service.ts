import { randomUUID } from 'node:crypto';
import type { Channel } from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../errors.js';
import { findUserById } from '../users/users.repo.js';
import { canReach } from '../users/users.service.js';
import { recordChanges } from '../feed/feed.repo.js';
import { addMembership, joined } from './channels.service.js';
import * as repo from './channels.repo.js';
import type { Actor } from './permissions.js';

/**
 * Finds or creates the one conversation of exactly these people: a DM with one other (or oneself), a
 * group DM with several. An encrypted one is its own conversation beside the plain one.
 */
export async function openConversation(
  ctx: AppContext,
  actor: Actor,
  userIds: string[],
  encrypted = false,
): Promise<{ channel: Channel; created: boolean }> {
  for (const userId of userIds) {
    const other = await findUserById(ctx.db, userId);
    // A guest reaches only people who share a channel with them; anyone else looks like no one.
    if (!other || other.status !== 'active' || !(await canReach(ctx, actor, userId)))
      throw new AppError('user_not_found');
  }
  const people = [...new Set([actor.id, ...userIds])].sort();
  const group = userIds.length > 1;
  if (group && people.length !== userIds.length + 1)
    throw new AppError('validation_failed', 'A group DM is with other people than oneself.');
  // A DM's key is both ids (oneself twice for notes to self), as it always was; a group's all of them.
  const ids = group ? people : [actor.id, userIds[0]!].sort();
  const dmKey = ids.join(':') + (group ? ':group' : '') + (encrypted ? ':e2e' : '');
  const existing = await repo.findDmByKey(ctx.db, dmKey);
  if (existing) {
    // Someone who left a group DM and opens it again is back in it.
    if (!(await repo.findMembership(ctx.db, existing.id, actor.id)))
      await addMembership(ctx, existing.id, actor.id);
    return { channel: (await repo.viewChannel(ctx.db, existing.id, actor.id))!, created: false };
  }
  const id = randomUUID();
  try {
    await ctx.db.transaction(async (tx) => {
      await repo.insertChannel(tx, {
        id,
        kind: group ? 'group' : 'dm',
        dmKey,
        encrypted,
        createdBy: actor.id,
      });
      for (const memberId of people) {
        await repo.insertMembership(tx, { channelId: id, userId: memberId });
        await recordChanges(tx, [joined(id, memberId)]);
      }
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const winner = (await repo.findDmByKey(ctx.db, dmKey))!;
    return { channel: (await repo.viewChannel(ctx.db, winner.id, actor.id))!, created: false };
  }
  for (const memberId of people) ctx.events.publish('member.joined', { channelId: id, userId: memberId });
  return { channel: (await repo.viewChannel(ctx.db, id, actor.id))!, created: true };
}
