import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { LIMITS } from '@parley/protocol';
import { RateLimitedError } from '../../http/rate-limited-error.js';

/** Counts failed logins per account+address, so an attacker elsewhere cannot lock the real user out. */
export class LoginLimiter {
  private readonly failures: RateLimiterAbstract;

  constructor(
    redis?: Redis,
    private readonly max: number = LIMITS.loginFailures,
    windowMs: number = LIMITS.loginWindowMs,
    keyPrefix = 'parley:login-failures',
  ) {
    const options = { points: max, duration: Math.ceil(windowMs / 1000), keyPrefix };
    this.failures = redis
      ? new RateLimiterRedis({
          ...options,
          storeClient: redis,
          // A Redis outage counts on this node alone rather than letting guesses through.
          insuranceLimiter: new RateLimiterMemory(options),
        })
      : new RateLimiterMemory(options);
  }

  async isBlocked(username: string, address: string): Promise<boolean> {
    const res = await this.failures.get(this.key(username, address));
    return (res?.consumedPoints ?? 0) >= this.max;
  }

  /** Throws rate_limited, with when to try again, once the account+address is blocked. */
  async assertAllowed(username: string, address: string): Promise<void> {
    const res = await this.failures.get(this.key(username, address));
    if (res && res.consumedPoints >= this.max) throw new RateLimitedError(res.msBeforeNext);
  }

  async recordFailure(username: string, address: string): Promise<void> {
    await this.failures.penalty(this.key(username, address), 1);
  }

  async reset(username: string, address: string): Promise<void> {
    await this.failures.delete(this.key(username, address));
  }

  private key(username: string, address: string): string {
    return `${address}/${username.toLowerCase()}`;
  }
}
