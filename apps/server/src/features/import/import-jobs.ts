import { randomUUID } from 'node:crypto';
import type { ImportJob, SlackImportSummary } from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { accountChanged } from '../../events/account-changed.js';
import type { Actor } from '../channels/permissions.js';
import * as repo from './import.repo.js';
import { emptySummary, importSlack } from './import.service.js';
import { readSlackExport, type SlackExport } from './slack-export.js';

const BEAT_MS = 15_000;
/** A running import that has not beaten for this long lost its server. */
const STALE_MS = 4 * BEAT_MS;

type Running = { stop: boolean; done: Promise<void> };
const running = new Map<string, Running>();

/**
 * Reads and checks the export at once (a bad file is refused here), then imports it in the
 * background, one at a time across nodes: a large workspace takes minutes, longer than a proxy waits.
 */
export async function startSlackImport(ctx: AppContext, admin: Actor, zip: Uint8Array, address: string) {
  const data = readSlackExport(zip);
  if (running.size > 0 || (await repo.hasLiveImport(ctx.db, new Date(Date.now() - STALE_MS))))
    throw new AppError('conflict', 'An import is under way: wait for it to finish.');
  const row = await repo.insertImport(ctx.db, {
    id: randomUUID(),
    startedBy: admin.id,
    state: 'running',
    summary: emptySummary(data.channels.length),
  });
  const job: Running = { stop: false, done: Promise.resolve() };
  running.set(row.id, job);
  job.done = run(ctx, row.id, admin, data, address, job).finally(() => running.delete(row.id));
  return toImportJob(row);
}

async function run(
  ctx: AppContext,
  id: string,
  admin: Actor,
  data: SlackExport,
  address: string,
  job: Running,
) {
  const beat = setInterval(() => void repo.beat(ctx.db, id).catch(() => {}), BEAT_MS);
  try {
    const summary = await importSlack(ctx, admin, data, {
      progress: (s) => repo.saveProgress(ctx.db, id, s),
      stopped: () => job.stop,
    });
    await repo.finishImport(ctx.db, id, { state: job.stop ? 'interrupted' : 'done', summary });
    accountChanged(ctx, 'slack_imported', admin.id, null, {
      detail: {
        channels: summary.channels.length,
        messages: summary.messages,
        people: summary.peopleCreated,
      },
      address,
    });
  } catch (err) {
    ctx.log.error({ err }, 'a Slack import stopped on an error');
    const error =
      err instanceof AppError ? err.message : 'It stopped on an error; importing the file again resumes it.';
    await repo.finishImport(ctx.db, id, { state: 'failed', error }).catch(() => {});
  } finally {
    clearInterval(beat);
  }
}

export async function importStatus(ctx: AppContext, id: string): Promise<ImportJob> {
  const row = await repo.findImport(ctx.db, id);
  if (!row) throw new AppError('not_found', 'No such import.');
  return toImportJob(row);
}

/** Closing: each running import stops after the channel it is on, and its state says so. */
export async function stopImports(): Promise<void> {
  for (const job of running.values()) job.stop = true;
  await Promise.all([...running.values()].map((job) => job.done));
}

function toImportJob(row: repo.ImportRow): ImportJob {
  const stale = row.state === 'running' && row.heartbeatAt.getTime() < Date.now() - STALE_MS;
  return {
    id: row.id,
    state: stale ? 'interrupted' : (row.state as ImportJob['state']),
    summary: row.summary as SlackImportSummary,
    error: row.error,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
