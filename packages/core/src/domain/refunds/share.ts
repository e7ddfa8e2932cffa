/**
 * @module domain/refunds/share — splitting a fee charged once per request among the request's returns,
 * so that the shares add up to the fee exactly.
 *
 * dinero.js has `allocate`, but it hands the leftover units to the largest ratios, not to the
 * largest remainders, and orders equal ratios with a comparator that is not consistent; here
 * every share is fixed by the numbers alone.
 */
import { z } from "zod";

const FeeBearerSchema = z.strictObject({
  /** What the return can carry: its refund before this fee, in minor units. */
  amount: z.int().min(0),
  /** A waived return carries none of the fee. */
  waived: z.boolean(),
});
export type FeeBearer = z.infer<typeof FeeBearerSchema>;

const ShareArgumentsSchema = z.tuple([z.int().min(0), z.array(FeeBearerSchema)]);

/**
 * Splits `fee` among the returns that are not waived, in proportion to their `amount` (equally
 * when every such amount is 0), by largest remainder:
 *
 * 1. each return gets ⌊fee × amount ÷ Σ amount⌋;
 * 2. the few units left over (fewer than the returns) go one each to the returns with the
 *    largest remainders of that division; ties go to the larger amount, then the earlier return.
 *
 * The shares (in the order of `returns`) add up to `fee` exactly; a waived return's share is 0,
 * and when every return is waived all shares are 0: the fee is not charged. When `fee` is at
 * most Σ amount, no share exceeds its return's amount.
 */
export function shareRequestFee(fee: number, returns: readonly FeeBearer[]): number[] {
  ShareArgumentsSchema.parse([fee, returns]);
  const shares = returns.map(() => 0);
  const bearers = returns
    .map((bearer, index) => ({ amount: BigInt(bearer.amount), waived: bearer.waived, index }))
    .filter((bearer) => !bearer.waived);
  if (bearers.length === 0) return shares;

  const total = bearers.reduce((sum, bearer) => sum + bearer.amount, 0n);
  const equally = total === 0n;
  const divisor = equally ? BigInt(bearers.length) : total;
  const parts = bearers.map((bearer) => {
    const exact = BigInt(fee) * (equally ? 1n : bearer.amount);
    return { ...bearer, share: exact / divisor, remainder: exact % divisor };
  });

  let left = BigInt(fee) - parts.reduce((sum, part) => sum + part.share, 0n);
  parts.sort(
    (a, b) =>
      compareDescending(a.remainder, b.remainder) ||
      compareDescending(a.amount, b.amount) ||
      a.index - b.index,
  );
  for (const part of parts) {
    if (left === 0n) break;
    part.share += 1n;
    left -= 1n;
  }
  for (const part of parts) shares[part.index] = Number(part.share);
  return shares;
}

function compareDescending(a: bigint, b: bigint): number {
  return a === b ? 0 : a > b ? -1 : 1;
}
