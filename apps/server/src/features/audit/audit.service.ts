import type { AuditQuery, AuditResponse } from '@parley/protocol';
import type { AppContext } from '../../context.js';
import type { DomainEvents } from '../../events/bus.js';
import * as repo from './audit.repo.js';

export const AUDIT_RETENTION_DAYS = 365;

/**
 * Records each account change the bus carries; a failed write is logged, never the change's problem.
 * `settled` waits for the writes under way, so closing the server (or the admin tool) keeps them.
 */
export function recordAccountChanges(ctx: AppContext): { settled: () => Promise<void> } {
  const pending = new Set<Promise<void>>();
  ctx.events.on('account.changed', (event) => {
    const done: Promise<void> = write(ctx, event)
      .catch((err: unknown) => ctx.log.error({ err }, 'security log write failed'))
      .finally(() => pending.delete(done));
    pending.add(done);
  });
  return { settled: async () => void (await Promise.all(pending)) };
}

const write = (ctx: AppContext, e: DomainEvents['account.changed']) =>
  repo.insertEntry(ctx.db, {
    action: e.action,
    actorId: e.actorId,
    targetId: e.targetId,
    detail: e.detail ?? null,
    address: e.address ?? null,
  });

export async function listAudit(ctx: AppContext, query: AuditQuery): Promise<AuditResponse> {
  const { rows, more } = await repo.listEntries(ctx.db, query);
  return { entries: rows.map(repo.toEntry), nextCursor: more ? String(rows.at(-1)!.id) : null };
}
