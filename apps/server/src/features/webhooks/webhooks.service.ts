import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { IncomingWebhookBody, Message, Webhook } from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { accountChanged } from '../../events/account-changed.js';
import { loadVisible } from '../channels/channels.service.js';
import {
  type Actor,
  canManage,
  isInstanceAdmin,
  requireActive,
  requireMember,
} from '../channels/permissions.js';
import { sendMessage } from '../messages/messages.service.js';
import { findUserById } from '../users/users.repo.js';
import * as repo from './webhooks.repo.js';

/** Enough for every tool a channel reports from, and a bound on a repeated press. */
export const WEBHOOKS_PER_CHANNEL = 25;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A channel's webhooks, for its members. */
export async function listWebhooks(ctx: AppContext, actor: Actor, channelId: string): Promise<Webhook[]> {
  const { membership } = await loadVisible(ctx.db, actor, channelId);
  requireMember(membership);
  return (await repo.listForChannel(ctx.db, channelId)).map(repo.toWebhook);
}

/** A new webhook and its secret, which is returned this once and kept only as a hash. */
export async function createWebhook(
  ctx: AppContext,
  actor: Actor,
  channelId: string,
  input: { name: string; address: string },
): Promise<{ webhook: Webhook; token: string }> {
  const { channel, membership } = await loadVisible(ctx.db, actor, channelId);
  requireMember(membership);
  if (actor.role === 'guest') throw new AppError('forbidden', 'Guests cannot add webhooks.');
  if (channel.kind === 'dm' || channel.kind === 'group')
    throw new AppError('forbidden', 'Webhooks post to channels, not to direct messages.');
  // The server cannot seal a message, and an encrypted channel holds nothing else.
  if (channel.encrypted) throw new AppError('forbidden', 'Encrypted channels cannot take webhooks.');
  requireActive(channel);
  if ((await repo.countForChannel(ctx.db, channelId)) >= WEBHOOKS_PER_CHANNEL)
    throw new AppError('too_many_webhooks');
  const token = randomBytes(32).toString('base64url');
  const row = await repo.insertWebhook(ctx.db, {
    id: randomUUID(),
    channelId,
    createdBy: actor.id,
    name: input.name,
    tokenHash: hashToken(token),
  });
  accountChanged(ctx, 'webhook_added', actor.id, actor.id, {
    detail: { name: row.name, channel: channel.name },
    address: input.address,
  });
  return { webhook: repo.toWebhook(row), token };
}

/** A webhook, incoming or outgoing, its creator, the channel's admins or the instance's admins may change or remove. */
export async function requireManager(
  ctx: AppContext,
  actor: Actor,
  row: { channelId: string; createdBy: string },
): Promise<void> {
  if (isInstanceAdmin(actor)) return;
  const { channel, membership } = await loadVisible(ctx.db, actor, row.channelId).catch(() => {
    throw new AppError('webhook_not_found');
  });
  requireMember(membership);
  if (row.createdBy !== actor.id && !canManage(actor, channel, membership))
    throw new AppError('forbidden', 'Only who added a webhook or a channel admin can change it.');
}

async function loadManaged(ctx: AppContext, actor: Actor, id: string) {
  const row = await repo.findWebhook(ctx.db, id);
  if (!row) throw new AppError('webhook_not_found');
  await requireManager(ctx, actor, row);
  return row;
}

/** A new secret for the webhook's URL, answered this once: the old URL stops at once, as after a leak. */
export async function renewWebhookUrl(ctx: AppContext, actor: Actor, id: string, address: string) {
  const row = await loadManaged(ctx, actor, id);
  const token = randomBytes(32).toString('base64url');
  if (!(await repo.setTokenHash(ctx.db, id, hashToken(token)))) throw new AppError('webhook_not_found');
  accountChanged(ctx, 'webhook_url_renewed', actor.id, row.createdBy, {
    detail: { name: row.name },
    address,
  });
  return { webhook: repo.toWebhook(row), token };
}

/** Its URL stops at once; the messages it posted stay. */
export async function deleteWebhook(ctx: AppContext, actor: Actor, id: string, address: string) {
  const row = await loadManaged(ctx, actor, id);
  if (!(await repo.deleteWebhook(ctx.db, id))) throw new AppError('webhook_not_found');
  accountChanged(ctx, 'webhook_removed', actor.id, row.createdBy, { detail: { name: row.name }, address });
}

export async function listAllWebhooks(ctx: AppContext) {
  return (await repo.listAll(ctx.db)).map((r) => ({ ...repo.toWebhook(r), channelName: r.channelName }));
}

/**
 * Posts as the webhook's creator under the webhook's name, through the send every person's message
 * takes: a creator who left the channel, was deactivated or lost it to archiving posts nothing.
 */
export async function postThroughWebhook(
  ctx: AppContext,
  token: string,
  body: IncomingWebhookBody,
): Promise<Message> {
  const row = await repo.findByTokenHash(ctx.db, hashToken(token));
  if (!row) throw new AppError('webhook_not_found');
  await ctx.limits.consume('webhookPost', row.id);
  const author = await findUserById(ctx.db, row.createdBy);
  if (!author || author.status !== 'active')
    throw new AppError('forbidden', 'The person who added this webhook can no longer post.');
  const { message } = await sendMessage(
    ctx,
    { id: author.id, role: author.role },
    row.channelId,
    { clientId: randomUUID(), body: body.text },
    { via: { webhookId: row.id, name: body.username ?? row.name } },
  );
  await repo.markUsed(ctx.db, row.id, new Date(message.createdAt));
  return message;
}
