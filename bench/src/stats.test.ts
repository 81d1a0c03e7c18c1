import { describe, expect, it } from 'vitest';
import { cpuMicrosPerDelivery, percentile, round, summarize } from './stats';

describe('bench statistics', () => {
  it('takes nearest-rank percentiles', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile(sorted, 100)).toBe(100);
    expect(percentile(sorted, 0)).toBe(1);
    expect(percentile([7], 99)).toBe(7);
    expect(Number.isNaN(percentile([], 50))).toBe(true);
  });

  it('summarizes unsorted samples without reordering them', () => {
    const samples = [5, 1, 3, 2, 4];
    expect(summarize(samples)).toEqual({ count: 5, p50: 3, p95: 5, p99: 5 });
    expect(samples).toEqual([5, 1, 3, 2, 4]);
  });

  it('lets one slow sample in a hundred set p99 but not p95', () => {
    const samples = [...Array.from({ length: 98 }, () => 2), 40, 900];
    expect(summarize(samples)).toMatchObject({ p50: 2, p95: 2, p99: 40 });
  });

  it('divides CPU seconds by deliveries in microseconds', () => {
    expect(cpuMicrosPerDelivery(2, 100_000)).toBe(20);
    expect(cpuMicrosPerDelivery(0.5, 20_000)).toBe(25);
    expect(Number.isNaN(cpuMicrosPerDelivery(1, 0))).toBe(true);
  });

  it('rounds to the given digits', () => {
    expect(round(24.149, 1)).toBe(24.1);
    expect(round(19987.4, 0)).toBe(19987);
  });
});
