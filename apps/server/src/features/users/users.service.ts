import type { AppContext } from '../../context.js';
import { recordChanges } from '../feed/feed.repo.js';
import { updateUser } from './users.repo.js';

/** Changes a user and records it in the sync feed in one transaction, so every tab learns the new name or role. */
export async function updateUserRecorded(
  ctx: AppContext,
  userId: string,
  values: Parameters<typeof updateUser>[2],
) {
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await updateUser(tx, userId, values);
    await recordChanges(tx, [{ kind: 'user:updated', entityId: userId }]);
    return updated;
  });
  ctx.events.publish('user.updated', { userId });
  return row!;
}
