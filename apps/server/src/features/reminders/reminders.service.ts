import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import type { Actor } from '../channels/permissions.js';
import { recordChanges } from '../feed/feed.repo.js';
import { loadMessage, requireNotSystem } from '../messages/messages.service.js';
import * as repo from './reminders.repo.js';

/** Reminders waiting per person, as with pins and invite links. */
export const REMINDERS_MAX = 100;
const YEAR_MS = 366 * 24 * 60 * 60 * 1000;
/** Reminders taken in one go; more wait for the next round, a moment later. */
export const REMINDER_BATCH = 500;

/** A reminder about a message the user can read (saving it), or none (`at` null); their other tabs hear saved:changed. */
export async function setReminder(ctx: AppContext, actor: Actor, messageId: string, at: Date | null) {
  const { row } = await loadMessage(ctx, actor, messageId, { read: true });
  if (at) {
    if (row.deletedAt) throw new AppError('message_not_found');
    requireNotSystem(row);
    const now = Date.now();
    if (at.getTime() <= now) throw new AppError('validation_failed', 'Pick a time ahead.');
    if (at.getTime() > now + YEAR_MS) throw new AppError('validation_failed', 'Pick a time within a year.');
  }
  await ctx.db.transaction(async (tx) => {
    if (at && (await repo.countReminders(tx, actor.id, messageId)) >= REMINDERS_MAX)
      throw new AppError('too_many_reminders');
    await repo.setReminder(tx, actor.id, messageId, at);
    await recordChanges(tx, [
      { kind: 'saved:changed', channelId: row.channelId, userId: actor.id, entityId: messageId },
    ]);
  });
  ctx.events.publish('saved.changed', { userId: actor.id, messageId });
}

/** Sets off every reminder now due: each is recorded in its owner's feed once, in one transaction. */
export async function fireDueReminders(ctx: AppContext, now = new Date()): Promise<number> {
  const fired = await ctx.db.transaction(async (tx) => {
    const due = await repo.takeDue(tx, now, REMINDER_BATCH);
    await recordChanges(
      tx,
      due.map((d) => ({
        kind: 'reminder:due',
        channelId: d.channelId,
        userId: d.userId,
        entityId: d.messageId,
      })),
    );
    return due.length;
  });
  if (fired) ctx.events.publish('reminders.due', { count: fired });
  return fired;
}
