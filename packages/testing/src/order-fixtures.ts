/**
 * @module testing/order-fixtures — an order book for the cases that check returns against the
 * shop's orders: a few lines, each breaking at most one rule, on a clock the case can move.
 */

import type { OrderInput } from "@returnkit/core";
import { inMemoryOrders } from "@returnkit/core";
import { iso, T0 } from "./fixtures";

export const DAY_MS = 86_400_000;

/** The customer's order: delivered eight days before T0, so a 30-day window is open. */
export const ORDER: OrderInput = {
  id: "ord_5001",
  number: "#5001",
  customer_id: "user-42",
  customer: { name: "Ada Lovelace", email: "ada@example.com", postcode: "10115" },
  placed_at: iso(T0 - 10 * DAY_MS),
  delivered_at: iso(T0 - 8 * DAY_MS),
  currency: "EUR",
  lines: [
    {
      sku: "TEE-BLK",
      size: "M",
      quantity: 2,
      unit_price: 2_500,
      title: "Organic cotton tee",
      variant_title: "Black / M",
      options: [
        { name: "Colour", value: "Black" },
        { name: "Size", value: "M" },
      ],
      image_url: "https://cdn.shop.example/tee-black.jpg",
      product_url: "https://shop.example/products/organic-tee",
      product_type: "T-shirt",
      tags: ["organic", "basics"],
    },
    { sku: "CAP-RED", quantity: 1, unit_price: 1_500 },
    { sku: "SALE-SCARF", quantity: 1, unit_price: 900, final_sale: true },
    { sku: "SOCKS", quantity: 3, unit_price: 500, returnable_until: iso(T0 - DAY_MS) },
  ],
};

/** Another customer's order. */
export const OTHERS_ORDER: OrderInput = {
  id: "ord_6001",
  customer_id: "user-7",
  placed_at: iso(T0 - 5 * DAY_MS),
  lines: [{ sku: "TEE-BLK", size: "M", quantity: 1 }],
};

/** The window closes at delivery + 30 days by default. */
export const WINDOW_END = iso(T0 - 8 * DAY_MS + 30 * DAY_MS);

export function orderBook(orders: OrderInput[] = [ORDER, OTHERS_ORDER]) {
  return inMemoryOrders(orders);
}

/** A clock the case moves: the service's `now`. */
export function movableClock(start = T0) {
  let at = start;
  return {
    now: () => at,
    set(ms: number) {
      at = ms;
    },
  };
}

/** A create body for `line` of ORDER (a refund unless `extra` says otherwise). */
export function returnOf(
  line: { sku: string; size?: string; quantity?: number },
  extra: Record<string, unknown> = {},
  orderId = ORDER.id,
) {
  return {
    order_id: orderId,
    line: { quantity: 1, ...line },
    reason: "CHANGED_MIND",
    resolution: "REFUND",
    ...extra,
  };
}

export const TEE_M = { sku: "TEE-BLK", size: "M" };

/** One item of the shop's catalogue a line can be exchanged for (priced in EUR, as ORDER). */
interface CatalogueItem {
  sku: string;
  title?: string;
  variant_title?: string;
  unit_price: number;
  available: boolean;
}

/**
 * The shop's catalogue keyed by the product a line is of: the tee's other variants (one dearer,
 * one cheaper, one out of stock) and another cap. `offers` is the `exchanges.offers` option;
 * `restock` changes an item's stock, as the shop's would between a create and an approval.
 */
export function exchangeCatalogue() {
  const items: Record<string, CatalogueItem[]> = {
    "TEE-BLK": [
      {
        sku: "TEE-BLK-L",
        title: "Organic cotton tee",
        variant_title: "Black / L",
        unit_price: 2_500,
        available: true,
      },
      {
        sku: "TEE-PREMIUM-L",
        title: "Heavyweight tee",
        variant_title: "Black / L",
        unit_price: 3_200,
        available: true,
      },
      {
        sku: "TEE-BASIC-L",
        title: "Basic tee",
        variant_title: "Black / L",
        unit_price: 1_800,
        available: true,
      },
      {
        sku: "TEE-BLK-XL",
        title: "Organic cotton tee",
        variant_title: "Black / XL",
        unit_price: 2_500,
        available: false,
      },
    ],
    "CAP-RED": [
      { sku: "CAP-BLUE", title: "Cap", variant_title: "Blue", unit_price: 1_900, available: true },
    ],
  };
  return {
    offers: (line: { sku: string }) =>
      (items[line.sku] ?? []).map((item) => ({ ...item, currency: "EUR" })),
    restock(sku: string, available: boolean) {
      for (const list of Object.values(items)) {
        for (const item of list) if (item.sku === sku) item.available = available;
      }
    },
  };
}
