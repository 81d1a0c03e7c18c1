import type { User } from '@parley/protocol';

const TTL_MS = 10_000;
const MAX_ENTRIES = 50_000;

/** What one node tells the others to forget: some sessions, or everything cached for a user. */
export type Invalidation = { sessionIds?: string[]; userId?: string };

/**
 * Recently seen sessions, so a busy client costs no session query per request.
 * Revocations and role changes clear entries here and, through `publish` (Redis), on every node;
 * the TTL is only the fallback when a message is lost.
 */
export class SessionCache {
  private entries = new Map<string, { user: User; until: number }>();
  /** Bumped by every invalidation, so a lookup that raced one does not cache what it read before. */
  private epoch = 0;
  publish: ((message: Invalidation) => Promise<void>) | undefined;

  get(sessionId: string, now = Date.now()): User | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry || entry.until < now) return undefined;
    return entry.user;
  }

  /** A ticket to pass to set(): taken before reading the database. */
  ticket(): number {
    return this.epoch;
  }

  set(sessionId: string, user: User, ticket = this.epoch, now = Date.now()): void {
    if (ticket !== this.epoch) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(sessionId, { user, until: now + TTL_MS });
  }

  delete(sessionId: string): Promise<void> {
    return this.invalidate({ sessionIds: [sessionId] });
  }

  forgetUser(userId: string): Promise<void> {
    return this.invalidate({ userId });
  }

  /** Resolves once the other nodes have been told (never rejects), so a socket drop can follow it. */
  async invalidate(message: Invalidation): Promise<void> {
    this.apply(message);
    await this.publish?.(message);
  }

  /** Applies an invalidation on this node only: what arrives from the others. */
  apply({ sessionIds = [], userId }: Invalidation): void {
    this.epoch++;
    for (const id of sessionIds) this.entries.delete(id);
    if (userId) for (const [id, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(id);
  }
}
