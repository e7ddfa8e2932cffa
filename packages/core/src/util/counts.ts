/**
 * @module util/counts — counts that stay exact in JSON: a sum stops at
 * `Number.MAX_SAFE_INTEGER` (2^53 − 1), the largest integer every JSON reader keeps exactly,
 * instead of rounding past it. A count at that figure means "at least this many".
 */

/** `a + b` for counts in 0…2^53 − 1: exact below the bound, the bound itself at or past it. */
export function addCounts(a: number, b: number): number {
  // a + b ≤ 2^54 − 2 is rounded at most to a neighbour, never below 2^53 when the exact sum
  // is at least 2^53: the bound is what a caller gets whenever the exact sum would not fit.
  return Math.min(a + b, Number.MAX_SAFE_INTEGER);
}
