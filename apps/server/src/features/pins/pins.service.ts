import { LIMITS, type Message } from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { loadVisible } from '../channels/channels.service.js';
import { requireActive } from '../channels/permissions.js';
import { recordChanges } from '../feed/feed.repo.js';
import { loadMessage, requireNotSystem } from '../messages/messages.service.js';
import { withReactions } from '../messages/messages.repo.js';
import type { Actor } from '../channels/permissions.js';
import * as repo from './pins.repo.js';

/** Any member may pin or unpin, as in Slack; everyone in the channel sees it, live and after reconnecting. */
export async function pin(
  ctx: AppContext,
  actor: Actor,
  messageId: string,
  pinned: boolean,
): Promise<Message> {
  const { row, channel } = await loadMessage(ctx, actor, messageId);
  if (row.deletedAt) throw new AppError('message_not_found');
  requireNotSystem(row);
  requireActive(channel);
  if (!!row.pinnedAt === pinned) return (await withReactions(ctx.db, [row]))[0]!;
  const updated = await ctx.db.transaction(async (tx) => {
    if (pinned && (await repo.countPins(tx, row.channelId)) >= LIMITS.pinsPerChannel)
      throw new AppError('too_many_pins');
    const next = await repo.setPinned(tx, messageId, pinned ? actor.id : null);
    await recordChanges(tx, [{ kind: 'message:updated', channelId: row.channelId, entityId: messageId }]);
    return next;
  });
  const message = (await withReactions(ctx.db, [updated]))[0]!;
  ctx.events.publish('message.edited', { message });
  return message;
}

export async function listPins(ctx: AppContext, actor: Actor, channelId: string) {
  await loadVisible(ctx.db, actor, channelId);
  return withReactions(ctx.db, await repo.listPins(ctx.db, channelId));
}

/** Saved messages are the user's own: no one else learns of them. */
export async function save(ctx: AppContext, actor: Actor, messageId: string, saved: boolean): Promise<void> {
  const { row } = await loadMessage(ctx, actor, messageId, { read: true });
  if (saved && row.deletedAt) throw new AppError('message_not_found');
  if (saved) requireNotSystem(row);
  const changed = await ctx.db.transaction(async (tx) => {
    const did = await repo.setSaved(tx, actor.id, messageId, saved);
    if (did)
      await recordChanges(tx, [
        { kind: 'saved:changed', channelId: row.channelId, userId: actor.id, entityId: messageId },
      ]);
    return did;
  });
  if (changed) ctx.events.publish('saved.changed', { userId: actor.id, messageId });
}

export async function listSaved(ctx: AppContext, actor: Actor, page: { before?: string; limit: number }) {
  const rows = await repo.listSaved(
    ctx.db,
    { id: actor.id, guest: actor.role === 'guest' },
    { before: page.before ? new Date(page.before) : undefined, limit: page.limit + 1 },
  );
  const shown = rows.slice(0, page.limit);
  const messages = await withReactions(
    ctx.db,
    shown.map((r) => r.message),
  );
  return {
    saved: messages.map((message, i) => ({
      message,
      savedAt: shown[i]!.savedAt.toISOString(),
      remindAt: shown[i]!.remindAt?.toISOString() ?? null,
    })),
    more: rows.length > page.limit,
  };
}
