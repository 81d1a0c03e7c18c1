import type { User } from '@parley/protocol';

const TTL_MS = 10_000;
const MAX_ENTRIES = 50_000;

/**
 * Recently seen sessions, so a busy client costs no session query per request.
 * Logout and role changes clear entries on this node; other nodes notice within TTL_MS.
 */
export class SessionCache {
  private entries = new Map<string, { user: User; until: number }>();

  get(sessionId: string, now = Date.now()): User | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry || entry.until < now) return undefined;
    return entry.user;
  }

  set(sessionId: string, user: User, now = Date.now()): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(sessionId, { user, until: now + TTL_MS });
  }

  delete(sessionId: string): void {
    this.entries.delete(sessionId);
  }

  forgetUser(userId: string): void {
    for (const [id, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(id);
  }
}
