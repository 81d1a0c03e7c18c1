import type { BotCommand, InvokeCommandBody, User } from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { loadVisible } from '../channels/channels.service.js';
import { type Actor, requireActive, requireMember } from '../channels/permissions.js';
import { findMessage } from '../messages/messages.repo.js';
import { findUserById } from '../users/users.repo.js';
import * as repo from './bot-commands.repo.js';

/** As Slack's Socket Mode: a bot's socket acks at once, then answers by posting. */
export const ACK_MS = 3_000;

/** A bot says which slash commands it answers; its list replaces the one before. */
export async function setCommands(ctx: AppContext, bot: User, commands: BotCommand[]): Promise<BotCommand[]> {
  if (!bot.bot) throw new AppError('forbidden', 'Only a bot registers slash commands.');
  const names = new Set(commands.map((c) => c.name));
  if (names.size !== commands.length) throw new AppError('validation_failed', 'Each command once.');
  await ctx.db.transaction((tx) => repo.replaceCommands(tx, bot.id, commands));
  return repo.listCommands(ctx.db, bot.id);
}

/** The commands a channel's members may run: those of the bots in it. */
export async function listChannelCommands(ctx: AppContext, actor: Actor, channelId: string) {
  const { membership } = await loadVisible(ctx.db, actor, channelId);
  requireMember(membership);
  return repo.channelCommands(ctx.db, channelId);
}

/** Hands `/name text` to the bot in the channel that answers it; refused when no socket of it acks. */
export async function invokeCommand(
  ctx: AppContext,
  actor: Actor,
  channelId: string,
  name: string,
  body: InvokeCommandBody,
) {
  const { channel, membership } = await loadVisible(ctx.db, actor, channelId);
  requireMember(membership);
  requireActive(channel);
  const command = (await repo.channelCommands(ctx.db, channelId)).find((c) => c.name === name);
  if (!command) throw new AppError('not_found', `No bot in this channel answers /${name}.`);
  if (body.threadRootId) await requireThreadRoot(ctx, channelId, body.threadRootId);
  const acked = await ctx.realtime.invokeCommand(
    command.botId,
    {
      command: name,
      text: body.text,
      channelId,
      ...(body.threadRootId && { threadRootId: body.threadRootId }),
      userId: actor.id,
    },
    ACK_MS,
  );
  if (acked === 0) {
    const bot = await findUserById(ctx.db, command.botId);
    throw new AppError(
      'conflict',
      `${bot?.displayName ?? 'The bot'} is not connected right now: try again later.`,
    );
  }
  return { botId: command.botId };
}

/** A thread a command or a bot's answer names must start in that channel. */
export async function requireThreadRoot(ctx: AppContext, channelId: string, rootId: string): Promise<void> {
  const root = await findMessage(ctx.db, rootId);
  if (!root || root.channelId !== channelId || root.threadRootId)
    throw new AppError('message_not_found', 'The thread was not found.');
}
