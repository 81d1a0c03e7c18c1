import { LIMITS } from '@parley/protocol';

/** Counts failed logins per account+address, so an attacker elsewhere cannot lock the real user out. */
export class LoginLimiter {
  private failures = new Map<string, number[]>();

  constructor(
    private readonly max = LIMITS.loginFailures,
    private readonly windowMs = LIMITS.loginWindowMs,
  ) {}

  isBlocked(username: string, address: string, now = Date.now()): boolean {
    return this.recent(this.key(username, address), now).length >= this.max;
  }

  recordFailure(username: string, address: string, now = Date.now()): void {
    const key = this.key(username, address);
    const list = this.recent(key, now);
    list.push(now);
    this.failures.set(key, list);
    if (this.failures.size > 100_000) this.prune(now);
  }

  reset(username: string, address: string): void {
    this.failures.delete(this.key(username, address));
  }

  private key(username: string, address: string): string {
    return `${username.toLowerCase()}\u0000${address}`;
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
  }

  private prune(now: number): void {
    for (const [key] of this.failures) {
      if (this.recent(key, now).length === 0) this.failures.delete(key);
    }
  }
}
