import { describe, expect, it } from 'vitest';
import { cpuMicrosPerDelivery, percentile, summarize } from './stats';

describe('bench statistics', () => {
  it('takes nearest-rank percentiles', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
    expect(Number.isNaN(percentile([], 50))).toBe(true);
  });

  it('summarizes unsorted samples', () => {
    expect(summarize([5, 1, 3, 2, 4])).toEqual({ count: 5, p50: 3, p95: 5, p99: 5 });
  });

  it('divides CPU seconds by deliveries in microseconds', () => {
    expect(cpuMicrosPerDelivery(2, 100_000)).toBe(20);
    expect(Number.isNaN(cpuMicrosPerDelivery(1, 0))).toBe(true);
  });
});
