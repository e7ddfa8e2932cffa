/**
 * @module bench/support/stats — exact percentiles and the open-loop pacing schedule, shared by
 * the load generator and the server's own timing.
 */

/** Nearest-rank percentile (`p` in 0..1) of values sorted ascending; 0 for none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil(p * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

/** p50, p99 and max of unsorted values (sorts a copy). */
export function summarize(values: readonly number[]): { p50: number; p99: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? 0,
  };
}

/**
 * When each of the events of an open-loop run is due, in ms from its start: `perSecond`
 * events a second, evenly spaced, for `seconds`. Latency counts from the due time, so a
 * request that waits for a free connection is charged its wait.
 */
export function paceSchedule(perSecond: number, seconds: number): number[] {
  if (perSecond <= 0 || seconds <= 0) return [];
  const interval = 1000 / perSecond;
  const count = Math.floor(perSecond * seconds);
  return Array.from({ length: count }, (_, i) => i * interval);
}
