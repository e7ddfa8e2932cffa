/**
 * @module returns/exchange-settlement — the money an exchange settles, worked out again for each
 * version of its record (as its refund is): the new items' price, fixed when they were chosen,
 * against the returned units' value as the price paid and the grade say (`domain/refunds`).
 *
 * - A `like_for_like` exchange (no `exchanges` option) settles 0, as an exchange in goods did.
 * - A rejected or cancelled return exchanges nothing: a difference of 0.
 * - A `shop_refunds` difference is the return's refund (`refund.total`, method `exchange`), so
 *   a payout is recorded as for any refund; a `customer_pays` one leaves `refund.total` 0.
 * - Null difference when the order line or the new item has no price.
 * - An exchange whose payment lapsed (`fallen_back`) is kept as it was, settling nothing.
 */
import {
  differenceOf,
  type ExchangeDifference,
  exchangeDifference,
  MAX_LINE_AMOUNT,
  netDifference,
  type Refund,
  type RefundPolicy,
} from "../domain/refunds";
import type { Exchange, ReturnData } from "../domain/schemas";

/** The members of a return its exchange is settled from. */
type SettledRecord = Pick<
  ReturnData,
  "line" | "order_line" | "resolution" | "exchange" | "state" | "grade"
>;

const NOTHING = differenceOf(0);

/**
 * The record's exchange with its difference for this version; null unless an `EXCHANGE`, or
 * one that fell back (kept as it was, to show what was asked).
 */
export function settledExchange(record: SettledRecord, policy: RefundPolicy): Exchange | null {
  const exchange = record.exchange;
  if (exchange?.status === "fallen_back") return exchange;
  if (record.resolution !== "EXCHANGE" || !exchange) return null;
  const unpriced = { ...exchange, difference: null, bonus_credit: null };
  const paid = record.order_line?.unit_price ?? null;
  const currency = record.order_line?.currency ?? null;
  const newItem = exchange.lines[0];
  if (paid === null || currency === null || !newItem || newItem.unit_price === null)
    return unpriced;
  const { quantity } = record.line;
  if (Math.max(paid, newItem.unit_price) * quantity > MAX_LINE_AMOUNT) return unpriced;
  const rejected = record.state === "rejected" || record.state === "cancelled";
  if (exchange.kind === "like_for_like" || rejected) {
    return { ...exchange, difference: NOTHING, bonus_credit: null };
  }
  const settled = exchangeDifference(
    {
      paid_unit_price: paid,
      new_unit_price: newItem.unit_price,
      quantity,
      currency,
      accepted_quantity: record.grade?.accepted_quantity,
      condition: record.grade?.condition ?? null,
    },
    policy,
  );
  return { ...exchange, ...settled };
}

/**
 * An exchange's refund: what the shop refunds of its difference, as `item_amount` and `total`
 * (no fee is charged on an exchange). Other refunds are returned as they are.
 */
export function withExchangeRefund(
  refund: Refund | null,
  record: SettledRecord,
  policy: RefundPolicy,
): Refund | null {
  if (!refund || record.resolution !== "EXCHANGE") return refund;
  const difference = settledExchange(record, policy)?.difference;
  const refunded = difference?.direction === "shop_refunds" ? difference.amount : 0;
  return { ...refund, item_amount: refunded, total: refunded };
}

/** A request's exchanges netted: one payment or one refund; null when none has a difference. */
export function requestExchangeDifference(
  records: readonly { exchange: Exchange | null }[],
): ExchangeDifference | null {
  const differences = records.flatMap(({ exchange }) =>
    exchange?.difference && exchange.status !== "fallen_back" ? [exchange.difference] : [],
  );
  return differences.length ? netDifference(differences) : null;
}
