import type { Reaction } from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { requireActive } from '../channels/permissions.js';
import type { Actor } from '../channels/permissions.js';
import { recordChanges } from '../feed/feed.repo.js';
import { listReactions } from '../messages/messages.repo.js';
import { loadMessage, requireNotSystem } from '../messages/messages.service.js';
import { findEmojiByName } from '../emoji/emoji.repo.js';
import { customEmojiName, normalizeEmoji } from './emoji.js';
import * as repo from './reactions.repo.js';

/** Adds or removes the actor's reaction, once per person and emoji; answers the message's reactions. */
export async function setReaction(
  ctx: AppContext,
  actor: Actor,
  messageId: string,
  rawEmoji: string,
  on: boolean,
): Promise<Reaction[]> {
  const emoji = normalizeEmoji(rawEmoji) ?? (await customReaction(ctx, rawEmoji, on));
  if (!emoji)
    throw new AppError(
      'validation_failed',
      'React with one emoji, a known :shortcode: or a custom :emoji:.',
      [{ path: 'emoji', message: 'Not an emoji' }],
    );
  const quick = await repo.tryQuickSet(ctx.db, messageId, actor.id, emoji, on);
  if (quick) {
    if (quick.changed)
      ctx.events.publish(on ? 'reaction.added' : 'reaction.removed', {
        channelId: quick.channelId,
        messageId,
        userId: actor.id,
        emoji,
        reactions: quick.reactions,
        feed: quick.feed,
      });
    return quick.reactions;
  }
  const { row, channel } = await loadMessage(ctx, actor, messageId);
  if (row.deletedAt) throw new AppError('message_not_found');
  requireNotSystem(row);
  requireActive(channel);
  const changed = await ctx.db.transaction(async (tx) => {
    let done: boolean;
    if (on) {
      const { added, full } = await repo.addReaction(tx, messageId, actor.id, emoji);
      if (full) throw new AppError('too_many_reactions');
      done = added;
    } else done = await repo.removeReaction(tx, messageId, actor.id, emoji);
    if (done)
      await recordChanges(tx, [{ kind: 'reaction:changed', channelId: row.channelId, entityId: messageId }]);
    return done;
  });
  if (changed)
    ctx.events.publish(on ? 'reaction.added' : 'reaction.removed', {
      channelId: row.channelId,
      messageId,
      userId: actor.id,
      emoji,
    });
  return (await listReactions(ctx.db, [messageId])).get(messageId) ?? [];
}

/**
 * `:name:` of a custom emoji. Adding needs it to exist; removing does not, so a reaction whose
 * emoji was removed can still be taken back.
 */
async function customReaction(ctx: AppContext, raw: string, on: boolean): Promise<string | undefined> {
  const name = customEmojiName(raw);
  if (!name) return undefined;
  if (on && !(await findEmojiByName(ctx.db, name))) return undefined;
  return `:${name}:`;
}
