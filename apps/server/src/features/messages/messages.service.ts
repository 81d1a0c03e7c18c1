import { randomUUID } from 'node:crypto';
import type { EditMessageBody, HistoryQuery, Message, SendMessageBody } from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../errors.js';
import { loadVisible } from '../channels/channels.service.js';
import { type Actor, canManage, requireActive, requireMember } from '../channels/permissions.js';
import type { ChannelRow } from '../channels/channels.repo.js';
import type { FeedPlace } from '../feed/feed-place.js';
import { recordChanges } from '../feed/feed.repo.js';
import { deleteReactionsOf } from '../reactions/reactions.repo.js';
import * as repo from './messages.repo.js';
import { fileStoreOf } from '../files/file-store.js';

export async function listHistory(ctx: AppContext, actor: Actor, channelId: string, query: HistoryQuery) {
  await loadVisible(ctx.db, actor, channelId);
  if (query.around !== undefined) {
    const { rows, hasMore, hasMoreAfter } = await repo.listAround(ctx.db, channelId, {
      around: query.around,
      limit: query.limit,
    });
    return { messages: await repo.withReactions(ctx.db, rows), hasMore, hasMoreAfter };
  }
  const { rows, hasMore } = await repo.listMessages(ctx.db, channelId, query);
  return { messages: await repo.withReactions(ctx.db, rows), hasMore };
}

export async function getMessage(ctx: AppContext, actor: Actor, messageId: string): Promise<Message> {
  const { row } = await loadMessage(ctx, actor, messageId, { read: true });
  return (await repo.withReactions(ctx.db, [row]))[0]!;
}

type Sent = { message: Message; created: boolean };

/** Sends once per clientId: a retry returns the message stored the first time. */
export async function sendMessage(
  ctx: AppContext,
  actor: Actor,
  channelId: string,
  body: SendMessageBody,
  opts: { via?: repo.NewMessage['via'] } = {},
): Promise<Sent> {
  const values = {
    id: randomUUID(),
    channelId,
    authorId: actor.id,
    clientId: body.clientId,
    threadRootId: body.threadRootId ?? null,
    alsoInChannel: body.alsoInChannel ?? false,
    via: opts.via ?? null,
  };
  try {
    // Most sends pass every check; one statement makes those checks and stores the message.
    const stored =
      'body' in body && !body.fileIds
        ? await repo.sendMessageRow(ctx.db, { ...values, body: body.body }, { checked: false })
        : undefined;
    return stored ? announce(ctx, stored) : await checkedSend(ctx, actor, body, values);
  } catch (err) {
    // A retry (or a racing twin) of a stored clientId: the rollback returned the seq; answer with the first message.
    const winner = isUniqueViolation(err)
      ? await repo.findByClientId(ctx.db, actor.id, body.clientId)
      : undefined;
    if (!winner) throw err;
    return { message: await checkRetry(ctx, winner, channelId), created: false };
  }
}

/** Every check one at a time, so a refused send gets its precise error (and encrypted sends their key checks). */
async function checkedSend(
  ctx: AppContext,
  actor: Actor,
  body: SendMessageBody,
  values: repo.NewMessage,
): Promise<Sent> {
  const { channel, membership } = await loadVisible(ctx.db, actor, values.channelId);
  requireMember(membership);
  let content;
  try {
    requireActive(channel);
    content = contentFor(channel, body);
  } catch (err) {
    // A retry of a message stored before the channel changed still gets its first answer.
    const existing = await repo.findByClientId(ctx.db, actor.id, body.clientId);
    if (existing) return { message: await checkRetry(ctx, existing, values.channelId), created: false };
    throw err;
  }
  if (values.threadRootId) {
    const root = await repo.findMessage(ctx.db, values.threadRootId);
    if (!root || root.channelId !== values.channelId)
      throw new AppError('message_not_found', 'The thread was not found.');
    if (root.threadRootId) throw new AppError('validation_failed', 'Reply to the thread’s first message.');
    requireNotSystem(root);
  }
  const fileIds = 'fileIds' in body ? (body.fileIds ?? []) : [];
  if (fileIds.length === 0) {
    const stored = await repo.sendMessageRow(ctx.db, { ...values, ...content }, { checked: true });
    if (!stored) throw new AppError('channel_not_found');
    return announce(ctx, stored);
  }
  // The message and its files are one change: files someone else uploaded, or sent already, refuse it all.
  const stored = await ctx.db.transaction(async (tx) => {
    const row = await repo.insertMessageRow(tx, { ...values, ...content }, { checked: true });
    if (!row) throw new AppError('channel_not_found');
    const attached = await repo.attachFiles(tx, fileIds, {
      messageId: row.id,
      channelId: row.channelId,
      authorId: row.authorId,
      sealed: !!row.encrypted,
    });
    if (attached !== fileIds.length)
      throw new AppError('validation_failed', 'Attach files you uploaded here and have not sent yet.');
    return row;
  });
  const message = (await repo.withReactions(ctx.db, [stored]))[0]!;
  ctx.events.publish('message.created', { message });
  return { message, created: true };
}

function announce(ctx: AppContext, { row, feed }: { row: repo.MessageRow; feed?: FeedPlace }): Sent {
  const message = repo.toMessage(row);
  ctx.events.publish('message.created', { message, feed });
  return { message, created: true };
}

export async function editMessage(ctx: AppContext, actor: Actor, messageId: string, body: EditMessageBody) {
  const { row, channel } = await loadMessage(ctx, actor, messageId);
  requireNotSystem(row);
  if (row.authorId !== actor.id) throw new AppError('forbidden', 'Only the author can edit a message.');
  if (row.via) throw new AppError('forbidden', 'A message posted through a webhook cannot be edited.');
  if (row.deletedAt) throw new AppError('message_not_found');
  requireActive(channel);
  const content = contentFor(channel, body);
  const updated = await ctx.db.transaction(async (tx) => {
    await repo.keepVersion(tx, row);
    const next = await repo.updateMessage(tx, messageId, { ...content, editedAt: new Date() });
    await recordChanges(tx, [{ kind: 'message:updated', channelId: row.channelId, entityId: messageId }]);
    return next;
  });
  const message = (await repo.withReactions(ctx.db, [updated]))[0]!;
  ctx.events.publish('message.edited', { message });
  return message;
}

/** A message's earlier versions, oldest first; a deleted message keeps none. */
export async function listVersions(ctx: AppContext, actor: Actor, messageId: string) {
  const { row } = await loadMessage(ctx, actor, messageId, { read: true });
  if (row.deletedAt) return [];
  return repo.listVersions(ctx.db, messageId);
}

/** A tombstone stays (threads keep their replies); reactions go, and a reply leaves its root's count. */
export async function deleteMessage(ctx: AppContext, actor: Actor, messageId: string) {
  const { row, channel, membership } = await loadMessage(ctx, actor, messageId);
  requireNotSystem(row);
  if (row.authorId !== actor.id && !canManage(actor, channel, membership)) {
    throw new AppError('forbidden', 'Only the author or an admin can delete a message.');
  }
  if (row.deletedAt) return repo.toMessage(row);
  let filesGone: string[] = [];
  const deleted = await ctx.db.transaction(async (tx) => {
    const next = await repo.updateMessage(tx, messageId, {
      body: null,
      encrypted: null,
      deletedAt: new Date(),
    });
    await deleteReactionsOf(tx, messageId);
    await repo.forgetVersions(tx, messageId);
    filesGone = await repo.detachFiles(tx, messageId);
    if (row.threadRootId) await repo.recountReplies(tx, row.threadRootId);
    await recordChanges(tx, [
      { kind: 'message:deleted', channelId: row.channelId, entityId: messageId },
      ...(row.threadRootId
        ? [{ kind: 'message:updated' as const, channelId: row.channelId, entityId: row.threadRootId }]
        : []),
    ]);
    return next;
  });
  const store = fileStoreOf(ctx);
  await Promise.all(filesGone.map((id) => store.remove(id)));
  const message = repo.toMessage(deleted);
  ctx.events.publish('message.deleted', { message });
  return message;
}

/** System lines ("Alice joined") are the channel's record: no one edits, deletes, reacts to or replies to them. */
export function requireNotSystem(row: repo.MessageRow): void {
  if (row.system) throw new AppError('system_message');
}

/** A message the actor may act on: a member of its channel (or, to read, anyone who may see the channel). */
export async function loadMessage(
  ctx: AppContext,
  actor: Actor,
  messageId: string,
  opts: { read?: boolean } = {},
) {
  const row = await repo.findMessage(ctx.db, messageId);
  if (!row) throw new AppError('message_not_found');
  const visible = await loadVisible(ctx.db, actor, row.channelId).catch(() => {
    throw new AppError('message_not_found');
  });
  if (!opts.read) requireMember(visible.membership);
  return { row, ...visible };
}

/** What a send or edit stores: sealed in an encrypted channel (under its current key), text otherwise. */
export function contentFor(channel: ChannelRow, body: EditMessageBody | SendMessageBody) {
  // In an encrypted channel even a message of files alone is an envelope: the files' keys travel in it.
  if (channel.encrypted) {
    if (!('encrypted' in body)) throw new AppError('encrypted_body_required');
    if (channel.keyRotationNeeded) throw new AppError('key_rotation_required');
    if (body.encrypted.keyVersion !== channel.keyVersion) throw new AppError('stale_key_version');
    return { body: null, encrypted: body.encrypted };
  }
  if (!('body' in body) && !('encrypted' in body)) return { body: null, encrypted: null };
  if (!('body' in body))
    throw new AppError('validation_failed', 'This channel is not encrypted: send a body.');
  return { body: body.body, encrypted: null };
}

async function checkRetry(ctx: AppContext, existing: repo.MessageRow, channelId: string): Promise<Message> {
  if (existing.channelId !== channelId)
    throw new AppError('conflict', 'That clientId was used in another channel.');
  return (await repo.withReactions(ctx.db, [existing]))[0]!;
}
