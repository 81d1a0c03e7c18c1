import { z } from 'zod';
import { Id, MessageBody, SafeString } from './entities.js';

/** Commands the web client runs itself; a bot cannot take their names. */
export const RESERVED_COMMANDS = [
  'invite',
  'leave',
  'topic',
  'mute',
  'search',
  'star',
  'me',
  'shrug',
] as const;

export const CommandName = z
  .string()
  .regex(/^[a-z]{1,32}$/, 'lowercase letters, 1–32')
  .refine((n) => !(RESERVED_COMMANDS as readonly string[]).includes(n), 'a command Parley runs itself');

/** A slash command a bot answers, as it registered it. */
export const BotCommand = z.strictObject({
  name: CommandName,
  description: SafeString.trim().min(1).max(100),
  args: SafeString.trim().max(50).optional(),
});
export type BotCommand = z.infer<typeof BotCommand>;

export const SetBotCommandsBody = z.strictObject({ commands: z.array(BotCommand).max(25) });
export type SetBotCommandsBody = z.infer<typeof SetBotCommandsBody>;
export type BotCommandsResponse = { commands: BotCommand[] };
/** The commands of the bots in a channel, for its composer. */
export type ChannelCommandsResponse = { commands: (BotCommand & { botId: string })[] };

export const CommandParams = z.strictObject({ id: Id, name: CommandName });
export const InvokeCommandBody = z.strictObject({ text: SafeString.max(4000), threadRootId: Id.optional() });
export type InvokeCommandBody = z.infer<typeof InvokeCommandBody>;
export type InvokedCommandResponse = { botId: string };

/** What a bot's socket hears when someone runs its command; it acks at once, then answers by posting. */
export type CommandInvoked = {
  command: string;
  text: string;
  channelId: string;
  /** Run from this thread's composer: the bot answers there. */
  threadRootId?: string;
  userId: string;
};

/** A bot's answer that one member sees, as Slack's ephemeral messages: never stored, gone on reload. */
export const EphemeralBody = z.strictObject({
  userId: Id,
  text: MessageBody,
  threadRootId: Id.optional(),
});
export type EphemeralBody = z.infer<typeof EphemeralBody>;

/** What the member's tabs hear; `authorId` is the bot. */
export type EphemeralMessage = {
  id: string;
  channelId: string;
  threadRootId?: string;
  authorId: string;
  body: string;
  createdAt: string;
};
export type EphemeralResponse = { id: string };
