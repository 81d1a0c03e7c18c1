import type { AppContext } from '../../context.js';
import { accountChanged } from '../../events/account-changed.js';
import { readSettings } from '../admin/admin.repo.js';
import { fileStoreOf } from '../files/file-store.js';
import { countDue, pruneBatch } from './retention.repo.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Threads deleted a transaction: short enough that sends wait little on the embedded database. */
export const PRUNE_BATCH = 200;

export const retentionCutoff = (days: number, now = Date.now()) => new Date(now - days * DAY_MS);

/** One run at a time per server; a run asked for during one follows it once (the setting may have changed). */
const runs = new WeakMap<AppContext, Promise<Pruned>>();
const queued = new WeakMap<AppContext, Promise<Pruned>>();
const stopped = new WeakSet<AppContext>();

type Pruned = { messages: number; files: number };

/**
 * Deletes history older than the retention setting, in batches that yield between them; one
 * security log entry says how much went.
 */
export function pruneHistory(ctx: AppContext): Promise<Pruned> {
  const running = runs.get(ctx);
  if (running) {
    const next =
      queued.get(ctx) ?? running.catch(() => {}).then(() => (queued.delete(ctx), pruneHistory(ctx)));
    queued.set(ctx, next);
    return next;
  }
  const run = pruneAll(ctx).finally(() => runs.delete(ctx));
  runs.set(ctx, run);
  return run;
}

/** Lets a run stop between batches and waits for it, on close. */
export async function stopPruning(ctx: AppContext): Promise<void> {
  stopped.add(ctx);
  await runs.get(ctx)?.catch(() => {});
}

async function pruneAll(ctx: AppContext): Promise<Pruned> {
  const total: Pruned = { messages: 0, files: 0 };
  const { messageRetentionDays: days } = await readSettings(ctx.db);
  if (!days) return total;
  const before = retentionCutoff(days);
  const store = fileStoreOf(ctx);
  while (!stopped.has(ctx)) {
    const batch = await ctx.db.transaction((tx) => pruneBatch(tx, before, PRUNE_BATCH));
    if (batch.roots === 0) break;
    await Promise.all(batch.fileIds.map((id) => store.remove(id)));
    total.messages += batch.messages;
    total.files += batch.fileIds.length;
    ctx.events.publish('history.pruned', { channelIds: batch.channelIds, before, messages: batch.messages });
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (total.messages > 0) accountChanged(ctx, 'history_pruned', null, null, { detail: { ...total, days } });
  return total;
}

/** What the setting at `days` would delete now, for the question before it is saved. */
export async function previewRetention(ctx: AppContext, days: number) {
  const before = retentionCutoff(days);
  return { ...(await countDue(ctx.db, before)), before: before.toISOString() };
}
