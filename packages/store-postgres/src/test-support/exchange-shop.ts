/**
 * @module test-support/exchange-shop — the shop both sides of the exchange-release cases run:
 * one order per return (a tee at €25.00), whose tee can be exchanged for a dearer one (€32.00:
 * the customer pays €7.00) or a cheaper one (€18.00: nothing owed). The parent and every worker
 * build the same service options from it, each on its own pool.
 */
import {
  inMemoryOrders,
  type OperationContext,
  type ReturnsServiceOptions,
  type ReturnsStore,
} from "@returnkit/core";

export const DEARER = "TEE-PREMIUM";
export const CHEAPER = "TEE-BASIC";
/** What a dearer exchange owes: €32.00 − €25.00. */
export const OWED = 700;
export const HOLD_DAYS = 14;

const placedAt = new Date(Date.now() - 86_400_000).toISOString();

export const customerOf = (i: number): OperationContext["principal"] => ({
  kind: "portal",
  id: `cus-xrel-${i}`,
  scopes: ["portal:returns.write"],
});

/**
 * Service options on `store` for `returns` returns, telling time `clockOffsetMs` ahead;
 * `instant` exchanges with a hold of `HOLD_DAYS`, or standard ones.
 */
export function exchangeShop(
  store: ReturnsStore,
  returns: number,
  { clockOffsetMs = 0, instant = false } = {},
): ReturnsServiceOptions {
  const orders = Array.from({ length: returns }, (_, i) => ({
    id: `ord-xrel-${i}`,
    customer_id: `cus-xrel-${i}`,
    placed_at: placedAt,
    currency: "EUR",
    lines: [{ sku: "TEE", size: "M", quantity: 1, unit_price: 2_500 }],
  }));
  return {
    store,
    clock: () => Date.now() + clockOffsetMs,
    idempotency: { required: false },
    orders: { source: inMemoryOrders(orders), returnWindowDays: 365 },
    exchanges: {
      offers: () => [
        { sku: DEARER, unit_price: 3_200, currency: "EUR", available: true },
        { sku: CHEAPER, unit_price: 1_800, currency: "EUR", available: true },
      ],
      ...(instant ? { instant: { holdDays: HOLD_DAYS } } : {}),
    },
  };
}

/** The create body of return `i`: its order's tee exchanged for `sku`. */
export function exchangeOf(i: number, sku: string) {
  return {
    order_id: `ord-xrel-${i}`,
    line: { sku: "TEE", size: "M", quantity: 1 },
    reason: "CHANGED_MIND",
    resolution: "EXCHANGE",
    exchange_for: { sku },
  };
}
