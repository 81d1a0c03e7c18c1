import { describe, expect, it } from 'vitest';
import { LoginLimiter } from './rate-limit.js';

describe('LoginLimiter', () => {
  it('blocks after the tenth failure for that account and address only, until the window passes', () => {
    const limiter = new LoginLimiter(10, 1000);
    for (let i = 0; i < 10; i++) limiter.recordFailure('Ann', '1.1.1.1', i);
    expect(limiter.isBlocked('ann', '1.1.1.1', 10)).toBe(true);
    expect(limiter.isBlocked('ann', '2.2.2.2', 10)).toBe(false);
    expect(limiter.isBlocked('bob', '1.1.1.1', 10)).toBe(false);
    expect(limiter.isBlocked('ann', '1.1.1.1', 1010)).toBe(false);
  });
});
