import { randomUUID } from 'node:crypto';
import type { EphemeralBody, EphemeralMessage, User } from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { findMembership } from '../channels/channels.repo.js';
import { loadVisible } from '../channels/channels.service.js';
import { requireActive, requireMember } from '../channels/permissions.js';
import { requireThreadRoot } from './bot-commands.service.js';

/** A bot's answer to one member of a channel it is in: to that member's open tabs, and stored nowhere. */
export async function sendEphemeral(
  ctx: AppContext,
  bot: User,
  channelId: string,
  body: EphemeralBody,
): Promise<EphemeralMessage> {
  if (!bot.bot) throw new AppError('forbidden', 'Only a bot sends a message only one person sees.');
  const { channel, membership } = await loadVisible(ctx.db, bot, channelId);
  requireMember(membership);
  requireActive(channel);
  // The server never carries plain text into an end-to-end encrypted conversation.
  if (channel.encrypted)
    throw new AppError('forbidden', 'This conversation is end-to-end encrypted: a bot cannot write here.');
  if (!(await findMembership(ctx.db, channelId, body.userId)))
    throw new AppError('not_found', 'That person is not in this conversation.');
  if (body.threadRootId) await requireThreadRoot(ctx, channelId, body.threadRootId);
  const message: EphemeralMessage = {
    id: randomUUID(),
    channelId,
    ...(body.threadRootId && { threadRootId: body.threadRootId }),
    authorId: bot.id,
    body: body.text,
    createdAt: new Date().toISOString(),
  };
  ctx.realtime.sendEphemeral(body.userId, message);
  return message;
}
