import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Realtime } from '../../realtime/realtime.js';
import { FeedDelivery } from './feed-delivery.js';

const empty = { rows: [], below: 5n, next: 5n };
vi.mock('./feed.repo.js', async (original) => ({
  ...(await original<typeof import('./feed.repo.js')>()),
  readChanges: vi.fn(async () => empty),
  readChangesForDelivery: vi.fn(async () => ({
    ...empty,
    loaded: { messages: new Map(), reactions: new Map() },
  })),
}));

describe('FeedDelivery.wake', () => {
  let delivery: FeedDelivery;
  beforeEach(async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'],
    });
    const realtime = { deliver: vi.fn() } as unknown as Realtime;
    delivery = new FeedDelivery({} as Db, realtime, { warn: vi.fn() } as unknown as FastifyBaseLogger);
    await delivery.start();
  });
  afterEach(() => {
    delivery.stop();
    vi.useRealTimers();
  });

  it('reads at once after a quiet spell', async () => {
    await vi.advanceTimersByTimeAsync(50);
    delivery.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(delivery.reads).toBe(1);
  });

  it('under a stream of changes, starts one read per 10 ms however often it is woken', async () => {
    await vi.advanceTimersByTimeAsync(50);
    delivery.wake();
    // Twenty commits over the next 8 ms, each read-worthy.
    for (let i = 0; i < 20; i++) {
      await vi.advanceTimersByTimeAsync(0.4);
      delivery.wake();
    }
    expect(delivery.reads).toBe(1);
    await vi.advanceTimersByTimeAsync(3);
    expect(delivery.reads).toBe(2);
    // Nothing woke it since: no more reads until the once-a-second poll.
    await vi.advanceTimersByTimeAsync(500);
    expect(delivery.reads).toBe(2);
  });
});
