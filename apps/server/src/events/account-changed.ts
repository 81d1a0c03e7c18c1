import type { AppContext } from '../context.js';
import type { DomainEvents } from './bus.js';

type AccountChange = DomainEvents['account.changed'];

/** Publishes an account change: `actorId` null is the admin tool on the server. */
export function accountChanged(
  ctx: AppContext,
  action: AccountChange['action'],
  actorId: string | null,
  targetId: string | null,
  extra: Pick<AccountChange, 'detail' | 'address'> = {},
): void {
  ctx.events.publish('account.changed', { action, actorId, targetId, ...extra });
}
