import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginLimiter } from './rate-limit.js';

describe('LoginLimiter', () => {
  afterEach(() => vi.useRealTimers());

  it('blocks after the tenth failure for that account and address only, until the window passes', async () => {
    vi.useFakeTimers();
    const limiter = new LoginLimiter(undefined, 10, 60_000);
    for (let i = 0; i < 10; i++) await limiter.recordFailure('Ann', '1.1.1.1');
    expect(await limiter.isBlocked('ann', '1.1.1.1')).toBe(true);
    await expect(limiter.assertAllowed('ann', '1.1.1.1')).rejects.toMatchObject({ code: 'rate_limited' });
    expect(await limiter.isBlocked('ann', '2.2.2.2')).toBe(false);
    expect(await limiter.isBlocked('bob', '1.1.1.1')).toBe(false);
    vi.advanceTimersByTime(61_000);
    expect(await limiter.isBlocked('ann', '1.1.1.1')).toBe(false);
  });

  it('forgets the failures when the user signs in', async () => {
    const limiter = new LoginLimiter(undefined, 3, 60_000);
    for (let i = 0; i < 3; i++) await limiter.recordFailure('ann', '1.1.1.1');
    await limiter.reset('ann', '1.1.1.1');
    expect(await limiter.isBlocked('ann', '1.1.1.1')).toBe(false);
  });
});
