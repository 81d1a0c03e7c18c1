/** The value below which p percent of the sorted samples fall (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function summarize(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  };
}

/** Server CPU per delivered message, in microseconds. */
export function cpuMicrosPerDelivery(cpuSeconds: number, deliveries: number): number {
  return deliveries > 0 ? (cpuSeconds * 1e6) / deliveries : NaN;
}

/** Round r starts with the r-th entry, so none always goes first in a run that takes turns. */
export const rotate = <T>(list: T[], r: number) => [
  ...list.slice(r % list.length),
  ...list.slice(0, r % list.length),
];

export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
