import { randomUUID } from 'node:crypto';
import type { Db } from './client.js';
import { channels } from './schema.js';

/** #general exists from the first start; every new account joins it. */
export async function ensureDefaultChannel(db: Db): Promise<void> {
  await db
    .insert(channels)
    .values({
      id: randomUUID(),
      name: 'general',
      kind: 'public',
      topic: 'Company-wide announcements and chat',
    })
    .onConflictDoNothing({ target: channels.name });
}
