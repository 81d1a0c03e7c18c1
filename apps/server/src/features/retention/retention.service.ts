import type { AppContext } from '../../context.js';
import { accountChanged } from '../../events/account-changed.js';
import { readSettings } from '../admin/admin.repo.js';
import { fileStoreOf } from '../files/file-store.js';
import { AppError } from '../../errors.js';
import { findChannel, viewChannel } from '../channels/channels.repo.js';
import type { Actor } from '../channels/permissions.js';
import {
  countDue,
  listOwnRetention,
  pruneBatch,
  setOwnRetention,
  type PruneScope,
} from './retention.repo.js';

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
  // A run queued behind one that a shutdown stopped reads nothing from a closing database.
  if (stopped.has(ctx)) return total;
  const { messageRetentionDays: days } = await readSettings(ctx.db);
  const scopes: { scope: PruneScope; days: number }[] = [
    ...(await listOwnRetention(ctx.db)).flatMap((c) =>
      c.retention?.days ? [{ scope: { channelId: c.id }, days: c.retention.days }] : [],
    ),
    ...(days ? [{ scope: 'instance' as const, days }] : []),
  ];
  const store = fileStoreOf(ctx);
  const passes = scopes.flatMap((s) => (['messages', 'tombstones'] as const).map((kind) => ({ ...s, kind })));
  for (const { scope, days, kind } of passes) {
    const before = retentionCutoff(days);
    while (!stopped.has(ctx)) {
      const batch = await ctx.db.transaction((tx) => pruneBatch(tx, before, scope, kind, PRUNE_BATCH));
      if (batch.roots === 0) break;
      await Promise.all(batch.fileIds.map((id) => store.remove(id)));
      total.messages += batch.messages;
      total.files += batch.fileIds.length;
      ctx.events.publish('history.pruned', {
        channelIds: batch.channelIds,
        before,
        messages: batch.messages,
      });
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  if (total.messages > 0) accountChanged(ctx, 'history_pruned', null, null, { detail: total });
  return total;
}

/** What keeping `days` would delete now, in one channel or where the instance's setting applies, for the question before saving. */
export async function previewRetention(ctx: AppContext, days: number, channelId?: string) {
  const before = retentionCutoff(days);
  const scope = channelId ? { channelId } : 'instance';
  return { ...(await countDue(ctx.db, before, scope)), before: before.toISOString() };
}

/** An admin gives a channel (not a DM) a retention of its own, or sends it back to the instance's. */
export async function setChannelRetention(
  ctx: AppContext,
  admin: Actor,
  channelId: string,
  retention: { days: number | null } | null,
) {
  const channel = await findChannel(ctx.db, channelId);
  if (!channel) throw new AppError('channel_not_found');
  if (channel.kind === 'dm' || channel.kind === 'group')
    throw new AppError('forbidden', 'Direct messages follow the team’s retention.');
  await ctx.db.transaction((tx) => setOwnRetention(tx, channelId, retention));
  ctx.events.publish('channel.updated', { channelId });
  accountChanged(ctx, 'retention_changed', admin.id, null, {
    detail: { channel: channel.name, own: retention !== null, days: retention?.days ?? null },
  });
  if (retention?.days)
    void pruneHistory(ctx).catch((err) => ctx.log.warn({ err }, 'deleting history past retention failed'));
  return (await viewChannel(ctx.db, channelId, admin.id))!;
}

/** Channels with a retention of their own, for Admin → Message retention. */
export async function listChannelRetention(ctx: AppContext) {
  const rows = await listOwnRetention(ctx.db);
  return rows.map((c) => ({
    id: c.id,
    name: c.name ?? '',
    kind: c.kind as 'public' | 'private',
    days: c.retention?.days ?? null,
  }));
}
