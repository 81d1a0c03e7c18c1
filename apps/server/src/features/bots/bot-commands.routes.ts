import type { FastifyInstance } from 'fastify';
import {
  CommandParams,
  EphemeralBody,
  IdParams,
  InvokeCommandBody,
  SetBotCommandsBody,
  type BotCommandsResponse,
  type ChannelCommandsResponse,
  type EphemeralResponse,
  type InvokedCommandResponse,
} from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { parse } from '../../errors.js';
import { requireUser } from '../../http/session.js';
import * as commands from './bot-commands.service.js';
import { sendEphemeral } from './ephemeral.service.js';

/** Bots' slash commands: a bot registers them; members run them in channels the bot is in. */
export function botCommandRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.put('/bots/me/commands', async (req): Promise<BotCommandsResponse> => {
    const bot = await requireUser(ctx, req);
    const body = parse(SetBotCommandsBody, req.body);
    return { commands: await commands.setCommands(ctx, bot, body.commands) };
  });

  app.get('/channels/:id/commands', async (req): Promise<ChannelCommandsResponse> => {
    const actor = await requireUser(ctx, req);
    return { commands: await commands.listChannelCommands(ctx, actor, parse(IdParams, req.params).id) };
  });

  app.post('/channels/:id/commands/:name', async (req, reply) => {
    const actor = await requireUser(ctx, req);
    const { id, name } = parse(CommandParams, req.params);
    const body: InvokedCommandResponse = await commands.invokeCommand(
      ctx,
      actor,
      id,
      name,
      parse(InvokeCommandBody, req.body),
    );
    return reply.status(202).send(body);
  });

  app.post('/channels/:id/ephemeral', async (req, reply) => {
    const bot = await requireUser(ctx, req);
    const { id } = parse(IdParams, req.params);
    const message = await sendEphemeral(ctx, bot, id, parse(EphemeralBody, req.body));
    const body: EphemeralResponse = { id: message.id };
    return reply.status(202).send(body);
  });
}
