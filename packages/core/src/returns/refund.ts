/**
 * @module returns/refund — a return's refund, worked out again for each version of its record from
 * the record itself, its order line's price and the shop's refund policy (the maths are in
 * `domain/refunds`). Pure: the write path calls it where it builds a version.
 *
 * - An estimate until the return is graded; final from `grade` on (`close` keeps it).
 * - A rejected or cancelled return refunds nothing: every amount is 0 and the status `final`,
 *   so a host that pays `refund.total` pays nothing for it.
 * - A return created on its own is a request of one: it bears the policy's whole return
 *   shipping fee (unless waived), worked out afresh on each version. A return of a request
 *   (`request_id`) keeps its share in `refund.return_shipping_fee` (`requestRefunds` gives it
 *   at create), capped at what the return can carry; a change that moves the shares has them
 *   worked out again for the whole request (`./request-shares`).
 * - An exchange refunds what the shop owes of its difference (`./exchange-settlement`).
 * - Null when the order line has no price or no known ISO 4217 currency.
 */
import {
  computeRefund,
  isCurrencyCode,
  MAX_LINE_AMOUNT,
  type Refund,
  type RefundPolicy,
  type RefundStatus,
  refundForRequest,
} from "../domain/refunds";
import type {
  RefundEstimates,
  Resolution,
  ReturnData,
  ReturnRequestRefund,
} from "../domain/schemas";
import { withExchangeRefund } from "./exchange-settlement";

/** The members of a return its refund is worked out from. */
export type RefundedRecord = Pick<
  ReturnData,
  "line" | "order_line" | "reason" | "resolution" | "exchange" | "state" | "grade" | "refund"
>;

interface PricedLine {
  unit_price: number;
  currency: string;
}

/** The price and currency to refund in, when the order line gave both (and they can be counted). */
export function pricedLine(
  { unit_price, currency }: { unit_price: number | null; currency: string | null },
  quantity: number,
): PricedLine | null {
  if (unit_price === null || currency === null || !isCurrencyCode(currency)) return null;
  // Beyond it the sums would lose exactness (see MAX_LINE_AMOUNT): no amount rather than a wrong one.
  if (unit_price * quantity > MAX_LINE_AMOUNT) return null;
  return { unit_price, currency };
}

/**
 * The request a return belongs to, or null. Read loosely: returns stored before return
 * requests have no `request_id`, and they were created alone.
 */
function requestIdOf(record: RefundedRecord): string | null {
  return (record as { request_id?: string | null }).request_id ?? null;
}

function statusOf(record: RefundedRecord): RefundStatus {
  return record.grade ? "final" : "estimate";
}

/** The record as the refund maths take a line: its price, units, reason, resolution and grade. */
export function lineOf(record: RefundedRecord, unit_price: number) {
  return {
    unit_price,
    quantity: record.line.quantity,
    accepted_quantity: record.grade?.accepted_quantity,
    reason: record.reason,
    resolution: record.resolution,
    condition: record.grade?.condition ?? null,
  };
}

/** The refund of `record` as it stands (see the module's rules), or null when it has no price. */
export function refundOf(record: RefundedRecord, policy: RefundPolicy): Refund | null {
  const priced = record.order_line && pricedLine(record.order_line, record.line.quantity);
  if (!priced) return null;
  // A return of a request keeps its share; one alone bears the whole fee (share undefined).
  const share = requestIdOf(record) ? (record.refund?.return_shipping_fee ?? 0) : undefined;
  const refund = computeRefund(
    {
      ...lineOf(record, priced.unit_price),
      currency: priced.currency,
      status: statusOf(record),
      ...(share === undefined ? {} : { return_shipping_share: share }),
    },
    policy,
  );
  if (record.state !== "rejected" && record.state !== "cancelled") {
    return withExchangeRefund(refund, record, policy);
  }
  return {
    ...refund,
    item_amount: 0,
    restocking_fee: 0,
    return_shipping_fee: 0,
    total: 0,
    status: "final",
  };
}

/**
 * The refunds of new returns sent together (one order): the policy's return shipping fee is
 * charged once and shared among them (`refundForRequest`), so their `return_shipping_fee`s add
 * up to it exactly (or to what they can carry, when less). In the order given; null for a
 * return without a price (it bears no share). Store each on its record: `refundOf` keeps the
 * share on later versions.
 */
export function requestRefunds(
  records: readonly RefundedRecord[],
  policy: RefundPolicy,
): (Refund | null)[] {
  const refunds: (Refund | null)[] = records.map(() => null);
  const byCurrency = new Map<string, { index: number; unit_price: number }[]>();
  records.forEach((record, index) => {
    const priced = record.order_line && pricedLine(record.order_line, record.line.quantity);
    if (!priced) return;
    const group = byCurrency.get(priced.currency) ?? [];
    group.push({ index, unit_price: priced.unit_price });
    byCurrency.set(priced.currency, group);
  });
  // One order has one currency; grouping only keeps a mixed list from mixing amounts.
  for (const [currency, group] of byCurrency) {
    // Lines that fit alone may add up past the limit: no refunds rather than wrong ones.
    const amounts = group.map(
      ({ index, unit_price }) => unit_price * records[index]!.line.quantity,
    );
    if (beyondAmountLimit(amounts)) continue;
    const request = refundForRequest(
      {
        currency,
        status: "estimate",
        returns: group.map(({ index, unit_price }) => {
          const record = records[index] as RefundedRecord;
          return lineOf({ ...record, grade: null }, unit_price);
        }),
      },
      policy,
    );
    group.forEach(({ index }, position) => {
      const record = records[index] as RefundedRecord;
      refunds[index] = withExchangeRefund(request.returns[position] ?? null, record, policy);
    });
  }
  return refunds;
}

/** Whether `amounts` add up past MAX_LINE_AMOUNT, where a request's sums would lose exactness. */
function beyondAmountLimit(amounts: readonly number[]): boolean {
  return amounts.reduce((sum, amount) => sum + amount, 0) > MAX_LINE_AMOUNT;
}

/** A reason no policy waives a fee for: an estimate before the customer picks one. */
const ANY_REASON = "*";

/** The policy as it applies before a reason is chosen: no fee is waived by reason. */
function withoutReasonWaivers(policy: RefundPolicy): RefundPolicy {
  return {
    ...policy,
    restocking_fee: { ...policy.restocking_fee, waived_for_reasons: [] },
    return_shipping_fee: { ...policy.return_shipping_fee, waived_for_reasons: [] },
  };
}

/** An order line as the returnable view shows it, with what its estimates need. */
export interface EstimatedLine {
  unit_price: number | null;
  returnable_quantity: number;
  resolutions: readonly Resolution[];
}

/**
 * What a return of the line's whole returnable quantity would refund for each resolution on
 * offer, alone (bearing the whole shipping fee) and before a reason is chosen (no waiver by
 * reason): the most the fees can be. Null when the line has no price or nothing to return.
 */
export function refundEstimates(
  line: EstimatedLine,
  currency: string | null,
  policy: RefundPolicy,
): RefundEstimates | null {
  if (line.returnable_quantity === 0 || line.resolutions.length === 0) return null;
  const priced = pricedLine({ unit_price: line.unit_price, currency }, line.returnable_quantity);
  if (!priced) return null;
  const plain = withoutReasonWaivers(policy);
  const estimates: RefundEstimates = {};
  for (const resolution of line.resolutions) {
    estimates[resolution] = computeRefund(
      {
        unit_price: priced.unit_price,
        quantity: line.returnable_quantity,
        reason: ANY_REASON,
        resolution,
        currency: priced.currency,
        status: "estimate",
      },
      plain,
    );
  }
  return estimates;
}

/**
 * A request's refund: its returns' refunds added up (null when none has one, or when their
 * item amounts add up past MAX_LINE_AMOUNT). Final once every priced return's refund is final.
 */
export function requestRefundTotal(records: readonly { refund: Refund | null }[]) {
  const refunds = records.flatMap((record) => (record.refund ? [record.refund] : []));
  const first = refunds[0];
  if (!first || beyondAmountLimit(refunds.map((refund) => refund.item_amount))) return null;
  const sum = (field: "item_amount" | "restocking_fee" | "return_shipping_fee" | "total") =>
    refunds.reduce((total, refund) => total + refund[field], 0);
  return {
    currency: first.currency,
    currency_exponent: first.currency_exponent,
    item_amount: sum("item_amount"),
    restocking_fee: sum("restocking_fee"),
    return_shipping_fee: sum("return_shipping_fee"),
    total: sum("total"),
    status: refunds.every((refund) => refund.status === "final") ? "final" : "estimate",
  } satisfies ReturnRequestRefund;
}
