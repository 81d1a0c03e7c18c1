import { randomUUID } from 'node:crypto';
import type {
  Message,
  ScheduleMessageBody,
  ScheduledMessage,
  SendMessageBody,
  UpdateScheduledBody,
} from '@parley/protocol';
import type { AppContext } from '../../context.js';
import type { Conn } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { loadVisible } from '../channels/channels.service.js';
import { type Actor, requireActive, requireMember } from '../channels/permissions.js';
import { recordChanges } from '../feed/feed.repo.js';
import { findMessage } from '../messages/messages.repo.js';
import { contentFor, requireNotSystem, sendMessage } from '../messages/messages.service.js';
import { findUserById } from '../users/users.repo.js';
import * as repo from './scheduled.repo.js';

/** Scheduled messages waiting per person, as with reminders. */
export const SCHEDULED_MAX = 100;
/** Messages sent in one round of the clock; more wait for the next, a moment later. */
export const SCHEDULED_BATCH = 100;
const YEAR_MS = 366 * 24 * 60 * 60 * 1000;
// A node that dies while sending lets another try after this; the clientId keeps the message single.
const HOLD_MS = 60_000;

export async function listScheduled(ctx: AppContext, actor: Actor): Promise<ScheduledMessage[]> {
  return (await repo.listScheduled(ctx.db, actor.id)).map(repo.toScheduled);
}

/** Keeps a message to send at `sendAt` as the actor, checked now as a send would be (and again when due). */
export async function scheduleMessage(
  ctx: AppContext,
  actor: Actor,
  channelId: string,
  input: ScheduleMessageBody,
): Promise<ScheduledMessage> {
  const { channel, membership } = await loadVisible(ctx.db, actor, channelId);
  requireMember(membership);
  requireActive(channel);
  const content = contentFor(channel, input);
  const threadRootId = input.threadRootId ? await requireRoot(ctx.db, channelId, input.threadRootId) : null;
  const sendAt = timeAhead(input.sendAt);
  const row = await ctx.db.transaction(async (tx) => {
    // A retry gets its first answer, even once the limit is reached.
    const first = await repo.findByClientId(tx, actor.id, input.clientId);
    if (!first && (await repo.countScheduled(tx, actor.id)) >= SCHEDULED_MAX)
      throw new AppError('too_many_scheduled');
    const stored = await repo.insertScheduled(tx, {
      id: randomUUID(),
      userId: actor.id,
      channelId,
      threadRootId,
      alsoInChannel: !!(threadRootId && input.alsoInChannel),
      clientId: input.clientId,
      ...content,
      sendAt,
    });
    if (stored.channelId !== channelId)
      throw new AppError('conflict', 'That clientId was used in another channel.');
    await recordChanges(tx, [changeOf(stored)]);
    return stored;
  });
  ctx.events.publish('scheduled.changed', { userId: actor.id });
  return repo.toScheduled(row);
}

/** A new time or text; a message that could not be sent is tried again at its (new) time. */
export async function updateScheduled(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: UpdateScheduledBody,
): Promise<ScheduledMessage> {
  const row = await requireOwn(ctx, actor, id);
  let content = {};
  if ('body' in input || 'encrypted' in input) {
    const { channel } = await loadVisible(ctx.db, actor, row.channelId);
    content = contentFor(channel, input);
  }
  const sendAt = input.sendAt ? timeAhead(input.sendAt) : undefined;
  const updated = await ctx.db.transaction(async (tx) => {
    const next = await repo.updateScheduled(tx, id, { ...content, sendAt }, new Date());
    if (!next) throw new AppError('scheduled_not_found');
    await recordChanges(tx, [changeOf(next)]);
    return next;
  });
  ctx.events.publish('scheduled.changed', { userId: actor.id });
  return repo.toScheduled(updated);
}

export async function deleteScheduled(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  const row = await requireOwn(ctx, actor, id);
  await ctx.db.transaction(async (tx) => {
    if (await repo.deleteScheduled(tx, id)) await recordChanges(tx, [changeOf(row)]);
  });
  ctx.events.publish('scheduled.changed', { userId: actor.id });
}

/** Sends it now instead of later; a refusal is kept on it, as when it is due, and answered. */
export async function sendScheduledNow(ctx: AppContext, actor: Actor, id: string): Promise<Message> {
  await requireOwn(ctx, actor, id);
  const now = new Date();
  const row = await repo.claim(ctx.db, id, now, new Date(now.getTime() + HOLD_MS));
  if (!row) throw new AppError('scheduled_not_found');
  return deliver(ctx, row);
}

/** Sends every message now due, each as its author with every check a send makes; answers how many it took. */
export async function sendDueMessages(ctx: AppContext, now = new Date()): Promise<number> {
  const due = await repo.claimDue(ctx.db, now, new Date(now.getTime() + HOLD_MS), SCHEDULED_BATCH);
  for (const row of due) {
    await deliver(ctx, row).catch((err: unknown) => {
      // A refusal is kept on the message; anything else (the database away) leaves it for the next try.
      if (!(err instanceof AppError))
        ctx.log.warn({ err, scheduledId: row.id }, 'scheduled message: send failed');
    });
  }
  return due.length;
}

export const nextDue = (ctx: AppContext) => repo.nextDue(ctx.db);

async function deliver(ctx: AppContext, row: repo.ScheduledRow): Promise<Message> {
  try {
    const author = await findUserById(ctx.db, row.userId);
    if (!author || author.status !== 'active') throw new AppError('account_deactivated');
    const { message } = await sendMessage(
      ctx,
      { id: author.id, role: author.role },
      row.channelId,
      sendBodyOf(row),
    );
    await ctx.db.transaction(async (tx) => {
      if (await repo.deleteScheduled(tx, row.id)) await recordChanges(tx, [changeOf(row)]);
    });
    ctx.events.publish('scheduled.changed', { userId: row.userId });
    return message;
  } catch (err) {
    if (err instanceof AppError && err.status < 500) {
      await ctx.db.transaction(async (tx) => {
        if (await repo.markFailed(tx, row.id, err.code)) await recordChanges(tx, [changeOf(row)]);
      });
      ctx.events.publish('scheduled.changed', { userId: row.userId });
    }
    throw err;
  }
}

function sendBodyOf(row: repo.ScheduledRow): SendMessageBody {
  const thread = row.threadRootId
    ? { threadRootId: row.threadRootId, ...(row.alsoInChannel && { alsoInChannel: true }) }
    : {};
  const encrypted = repo.toScheduled(row).encrypted;
  return encrypted
    ? { clientId: row.clientId, encrypted, ...thread }
    : { clientId: row.clientId, body: row.body ?? '', ...thread };
}

async function requireOwn(ctx: AppContext, actor: Actor, id: string): Promise<repo.ScheduledRow> {
  const row = await repo.findScheduled(ctx.db, id);
  if (!row || row.userId !== actor.id) throw new AppError('scheduled_not_found');
  return row;
}

/** A reply goes to a thread's first message, in the same channel. */
async function requireRoot(db: Conn, channelId: string, rootId: string): Promise<string> {
  const root = await findMessage(db, rootId);
  if (!root || root.channelId !== channelId || root.deletedAt)
    throw new AppError('message_not_found', 'The thread was not found.');
  if (root.threadRootId) throw new AppError('validation_failed', 'Reply to the thread’s first message.');
  requireNotSystem(root);
  return root.id;
}

function timeAhead(iso: string): Date {
  const at = new Date(iso);
  const now = Date.now();
  if (at.getTime() <= now) throw new AppError('validation_failed', 'Pick a time ahead.');
  if (at.getTime() > now + YEAR_MS) throw new AppError('validation_failed', 'Pick a time within a year.');
  return at;
}

const changeOf = (row: repo.ScheduledRow) =>
  ({ kind: 'scheduled:changed', channelId: row.channelId, userId: row.userId, entityId: row.id }) as const;
