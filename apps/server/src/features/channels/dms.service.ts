import { randomUUID } from 'node:crypto';
import type { Channel } from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../errors.js';
import { findUserById } from '../users/users.repo.js';
import { canReach } from '../users/users.service.js';
import { recordChanges } from '../feed/feed.repo.js';
import { joined } from './channels.service.js';
import * as repo from './channels.repo.js';
import type { Actor } from './permissions.js';

/** Finds or creates the one DM between two users (a user may also message themself). */
export async function openDm(
  ctx: AppContext,
  actor: Actor,
  userId: string,
  encrypted = false,
): Promise<{ channel: Channel; created: boolean }> {
  const other = await findUserById(ctx.db, userId);
  // A guest reaches only people who share a channel with them; anyone else looks like no one.
  if (!other || other.status !== 'active' || !(await canReach(ctx, actor, userId)))
    throw new AppError('user_not_found');
  // An encrypted DM is its own conversation beside the plain one.
  const dmKey = [actor.id, userId].sort().join(':') + (encrypted ? ':e2e' : '');
  const existing = await repo.findDmByKey(ctx.db, dmKey);
  if (existing) return { channel: (await repo.viewChannel(ctx.db, existing.id, actor.id))!, created: false };
  const id = randomUUID();
  try {
    await ctx.db.transaction(async (tx) => {
      await repo.insertChannel(tx, { id, kind: 'dm', dmKey, encrypted, createdBy: actor.id });
      for (const memberId of new Set([actor.id, userId])) {
        await repo.insertMembership(tx, { channelId: id, userId: memberId });
        await recordChanges(tx, [joined(id, memberId)]);
      }
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const winner = (await repo.findDmByKey(ctx.db, dmKey))!;
    return { channel: (await repo.viewChannel(ctx.db, winner.id, actor.id))!, created: false };
  }
  for (const memberId of new Set([actor.id, userId]))
    ctx.events.publish('member.joined', { channelId: id, userId: memberId });
  return { channel: (await repo.viewChannel(ctx.db, id, actor.id))!, created: true };
}
