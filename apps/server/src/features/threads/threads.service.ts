import type { ThreadQuery, ThreadState } from '@parley/protocol';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { Actor } from '../channels/permissions.js';
import { recordChanges } from '../feed/feed.repo.js';
import * as messages from '../messages/messages.repo.js';
import { loadMessage, requireNotSystem } from '../messages/messages.service.js';
import * as repo from './threads.repo.js';

/** A thread by its root or any reply's id (a permalink to a reply opens its thread). */
export async function getThread(ctx: AppContext, actor: Actor, messageId: string, query: ThreadQuery) {
  const { row } = await loadMessage(ctx, actor, messageId, { read: true });
  const root = row.threadRootId ? await messages.findMessage(ctx.db, row.threadRootId) : row;
  if (!root) throw new AppError('message_not_found');
  const { rows, hasMore } = await messages.listReplies(ctx.db, root.id, query);
  const [rootMessage, ...replies] = await messages.withReactions(ctx.db, [root, ...rows]);
  const thread = await repo.threadState(ctx.db, root.id, root.channelId, actor.id);
  return { root: rootMessage!, messages: replies, hasMore, thread };
}

export async function follow(ctx: AppContext, actor: Actor, messageId: string, following: boolean) {
  const root = await loadRoot(ctx, actor, messageId);
  return changeThread(ctx, actor, root, (tx) => repo.setFollowing(tx, root.id, actor.id, following));
}

export async function markThreadRead(ctx: AppContext, actor: Actor, messageId: string, seq: number) {
  const root = await loadRoot(ctx, actor, messageId);
  return changeThread(ctx, actor, root, (tx) => repo.advanceThreadRead(tx, root.id, actor.id, seq));
}

export async function listThreads(ctx: AppContext, actor: Actor) {
  const rows = await repo.listFollowed(ctx.db, actor.id);
  const roots = await messages.withReactions(
    ctx.db,
    rows.map((r) => r.root),
  );
  return rows.map((r, i) => ({ thread: r.thread, root: roots[i]! }));
}

async function loadRoot(ctx: AppContext, actor: Actor, messageId: string) {
  const { row } = await loadMessage(ctx, actor, messageId);
  if (row.threadRootId) throw new AppError('validation_failed', 'That message is a reply, not a thread.');
  requireNotSystem(row);
  return row;
}

/** One user's thread state changed: recorded for their other tabs, answered with the new state. */
async function changeThread(
  ctx: AppContext,
  actor: Actor,
  root: messages.MessageRow,
  change: (tx: Tx) => Promise<void>,
): Promise<ThreadState> {
  await ctx.db.transaction(async (tx) => {
    await change(tx);
    await recordChanges(tx, [
      { kind: 'thread:updated', channelId: root.channelId, userId: actor.id, entityId: root.id },
    ]);
  });
  ctx.events.publish('thread.changed', { channelId: root.channelId, rootId: root.id, userId: actor.id });
  return repo.threadState(ctx.db, root.id, root.channelId, actor.id);
}
