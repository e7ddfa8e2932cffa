/** Test support: one customer's delivered order, for returns to be started against. */
import { inMemoryOrders, type OrderInput } from "@returnkit/core";

export const CUSTOMER = "user-42";
const NOW = Date.parse("2026-11-21T10:00:00.000Z");
const DAY = 86_400_000;

const ORDER: OrderInput = {
  id: "ord_5001",
  customer_id: CUSTOMER,
  placed_at: new Date(NOW - 10 * DAY).toISOString(),
  delivered_at: new Date(NOW - 8 * DAY).toISOString(),
  currency: "EUR",
  lines: [
    { sku: "TEE-BLK", size: "M", quantity: 50, unit_price: 2_500, product_type: "T-shirt" },
    { sku: "CAP-RED", quantity: 1, unit_price: 1_500 },
  ],
};

/** In ouguiya: ISO 4217 gives MRU two minor-unit digits, where dinero.js counts fifths. */
export const MRU_ORDER: OrderInput = {
  ...ORDER,
  id: "ord_5002",
  currency: "MRU",
  lines: [{ sku: "SCARF-BLU", quantity: 1, unit_price: 1_234 }],
};

/** A T-shirt's reasons: fit at the top only (no foot, no inseam), and every other reason. */
const reasons = {
  byProductType: { "T-shirt": ["TOO_SMALL", "TOO_LARGE", "CHEST", "SHOULDERS", "SLEEVES"] },
};

export function shopOptions() {
  return { orders: { source: inMemoryOrders([ORDER, MRU_ORDER]), reasons }, clock: () => NOW };
}
