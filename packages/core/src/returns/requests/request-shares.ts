/**
 * @module returns/requests/request-shares — a return request's return shipping fee, shared again
 * whenever one of its returns changes what it can carry or becomes final.
 *
 * The request's fee F (the policy's, in the order's currency) is split in two:
 * - what its final returns fixed: a graded return keeps the share it had when it was graded,
 *   capped at what it could carry then; a rejected or cancelled return fixes 0;
 * - the rest, F − Σ fixed, shared (`shareRequestFee`) among its open returns (not final yet)
 *   by what each can carry, waivers respected, each share capped at what its return carries.
 *
 * So a share a return loses before the request's refund is final goes to its open siblings,
 * a return changed back (an exchange refunded again) takes a share again, and the request
 * charges min(F, Σ fixed + what its open returns can carry): never more than F. A return
 * without a price takes no part. Pure: the write path calls it with every return of the request.
 */
import {
  computeRefund,
  type FeeBearer,
  type Refund,
  type RefundPolicy,
  requestShippingFee,
  shareRequestFee,
} from "../../domain/refunds";
import { carriesShippingFee } from "../../domain/refunds/compute";
import { withExchangeRefund } from "../exchange-settlement";
import { lineOf, pricedLine, type RefundedRecord } from "../refund";

/** Graded, rejected or cancelled: its refund is final, and no sibling's change moves its share. */
export function isFinalReturn(record: Pick<RefundedRecord, "state" | "grade">): boolean {
  return record.grade !== null || record.state === "rejected" || record.state === "cancelled";
}

/** What an open return brings to the sharing: what it can carry, and whether it bears any of it. */
function bearerOf(
  record: RefundedRecord,
  unit_price: number,
  currency: string,
  policy: RefundPolicy,
): FeeBearer {
  const line = lineOf(record, unit_price);
  const unshared = computeRefund(
    { ...line, currency, status: "estimate", return_shipping_share: 0 },
    policy,
  );
  return {
    amount: unshared.item_amount - unshared.restocking_fee,
    waived: !carriesShippingFee(line, policy),
  };
}

/**
 * What a return's part in the sharing depends on, comparable between two of its versions:
 * nothing when it has no price or the policy charges no fee in its currency.
 */
function shareBasis(record: RefundedRecord, policy: RefundPolicy): string {
  const priced = record.order_line && pricedLine(record.order_line, record.line.quantity);
  if (!priced || requestShippingFee(policy, priced.currency) === 0) return "no fee";
  const { currency, unit_price } = priced;
  if (isFinalReturn(record)) {
    return JSON.stringify([currency, "fixed", record.refund?.return_shipping_fee ?? 0]);
  }
  const { amount, waived } = bearerOf(record, unit_price, currency, policy);
  return JSON.stringify([currency, "open", amount, waived]);
}

/**
 * Whether a return of a request going from `before` to `after` moves its siblings' shares:
 * it carries another amount, bears the fee or not, or becomes final (or fixes another share).
 */
export function movesShares(
  before: RefundedRecord,
  after: RefundedRecord,
  policy: RefundPolicy,
): boolean {
  return shareBasis(before, policy) !== shareBasis(after, policy);
}

interface CurrencyGroup {
  fixed: number;
  open: { index: number; unit_price: number; bearer: FeeBearer }[];
}

/**
 * The refund of each of a request's returns (in the order given, each as it stands, its refund
 * worked out for its version by `refundOf`) with the fee shared again: a final return's refund
 * as it is; an open return's with its share of what the final returns left.
 */
export function sharedRefunds(
  records: readonly RefundedRecord[],
  policy: RefundPolicy,
): (Refund | null)[] {
  const refunds = records.map((record) => record.refund);
  const groups = new Map<string, CurrencyGroup>();
  records.forEach((record, index) => {
    const priced = record.order_line && pricedLine(record.order_line, record.line.quantity);
    if (!priced) return;
    const group = groups.get(priced.currency) ?? { fixed: 0, open: [] };
    groups.set(priced.currency, group);
    if (isFinalReturn(record)) {
      group.fixed += record.refund?.return_shipping_fee ?? 0;
      return;
    }
    const bearer = bearerOf(record, priced.unit_price, priced.currency, policy);
    group.open.push({ index, unit_price: priced.unit_price, bearer });
  });
  // One order has one currency; grouping only keeps a mixed list from mixing amounts.
  for (const [currency, { fixed, open }] of groups) {
    const left = Math.max(0, requestShippingFee(policy, currency) - fixed);
    const shares = shareRequestFee(
      left,
      open.map(({ bearer }) => bearer),
    );
    open.forEach(({ index, unit_price }, position) => {
      const line = lineOf(records[index] as RefundedRecord, unit_price);
      const refund = computeRefund(
        { ...line, currency, status: "estimate", return_shipping_share: shares[position] ?? 0 },
        policy,
      );
      refunds[index] = withExchangeRefund(refund, records[index] as RefundedRecord, policy);
    });
  }
  return refunds;
}
