/**
 * @module bench/support/shop-orders — the shop's own orders for the production rows of the http
 * bench (issue #49): the two tables of the core README's PostgreSQL orders recipe
 * (examples/hono-server/src/shop-orders.ts), filled in one statement each, and the work each
 * iteration of the load does on them.
 *
 * Order `n` belongs to customer `n % customers` (the token's `sub`, `customer-<i>`), was
 * delivered yesterday (inside the 30-day window) and has LINES_PER_ORDER lines of one unit
 * each. Each order is returned twice: a return request for its first three lines, then a
 * single return of the fourth — a second return on an order that already holds three, so
 * the single return's quantity check reads the request's returns, and both take the order's
 * lock. A fresh order per pair of iterations, as in a shop where each order is returned once;
 * past the last order they wrap around and the quantity check refuses (422, counted).
 */
import type pg from "pg";
import { shopOrders } from "../../../examples/hono-server/src/shop-orders";

/** What a load driver sends for iteration `i`: the customer, and the two requests. */
export interface IterationPlan {
  token: string;
  create: { path: string; body: string };
  submit: (id: string) => string;
}

const LINES_PER_ORDER = 4;
const sku = (line: number) => `SKU-${line + 1}`;

/**
 * The outbox a shop configures: one webhook endpoint that nothing sends to (no dispatcher runs:
 * each commit writes its deliveries) and one subscriber that does nothing.
 */
export const SHOP_OUTBOX = {
  webhooks: {
    endpoints: [
      {
        url: "https://receiver.bench.example/hooks",
        secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      },
    ],
  },
  subscribers: [{ name: "bench", handle: async () => {} }],
};

/**
 * The service options a shop adds: its orders through the README's recipe on `pool` (whose
 * search_path finds the shop's tables: the recipe names them unqualified), and SHOP_OUTBOX.
 */
export function shopOptions(pool: pg.Pool) {
  return { orders: { source: shopOrders(pool) }, ...SHOP_OUTBOX };
}

/** The recipe's tables in `schema`, holding `orders` orders of `customers` customers. */
export function shopOrdersSql(schema: string, orders: number, customers: number): string {
  const s = `"${schema}"`;
  return `
CREATE SCHEMA IF NOT EXISTS ${s};
CREATE TABLE ${s}.shop_orders (
  id text PRIMARY KEY, customer_id text NOT NULL, currency char(3) NOT NULL,
  placed_at timestamptz NOT NULL, delivered_at timestamptz);
CREATE TABLE ${s}.shop_order_lines (
  id serial PRIMARY KEY, order_id text NOT NULL REFERENCES ${s}.shop_orders (id),
  sku text NOT NULL, size text, quantity int NOT NULL, unit_price_cents int NOT NULL,
  final_sale boolean NOT NULL DEFAULT false);
CREATE INDEX ON ${s}.shop_order_lines (order_id);
INSERT INTO ${s}.shop_orders
  SELECT 'ord_' || g, 'customer-' || (g % ${customers}), 'EUR',
         now() - interval '2 days', now() - interval '1 day'
  FROM generate_series(0, ${orders - 1}) g;
INSERT INTO ${s}.shop_order_lines (order_id, sku, size, quantity, unit_price_cents)
  SELECT 'ord_' || g, 'SKU-' || l, 'M', 1, 2900
  FROM generate_series(0, ${orders - 1}) g, generate_series(1, ${LINES_PER_ORDER}) l
  ORDER BY g, l;
ANALYZE ${s}.shop_orders; ANALYZE ${s}.shop_order_lines;`;
}

/** The request's three lines, as returnkit and the peer both take them. */
function requestBody(order: string): string {
  const lines = [0, 1, 2].map((line) => ({
    line: { sku: sku(line), size: "M" },
    quantity: 1,
    reason: "TOO_SMALL",
    resolution: "REFUND",
  }));
  return JSON.stringify({ order_id: order, lines });
}

/** The single return of the order's last line. */
function singleBody(order: string): string {
  return JSON.stringify({
    order_id: order,
    line: { sku: sku(LINES_PER_ORDER - 1), quantity: 1, size: "M" },
    reason: "TOO_SMALL_AT_CHEST",
    resolution: "REFUND",
  });
}

/**
 * Plans iterations over `orders` orders from a counter of its own, so successive runs against
 * one server never reuse an order (until they wrap around): even draws are requests, odd ones
 * the single return of the same order.
 */
export function shopIterations(tokens: readonly string[], orders: number): () => IterationPlan {
  let drawn = 0;
  return () => {
    const n = drawn++;
    const order = Math.floor(n / 2) % orders;
    const token = tokens[order % tokens.length]!;
    const id = `ord_${order}`;
    if (n % 2 === 0)
      return {
        token,
        create: { path: "/v1/portal/return-requests", body: requestBody(id) },
        submit: (rid) => `/v1/portal/return-requests/${rid}/submit`,
      };
    return {
      token,
      create: { path: "/v1/portal/returns", body: singleBody(id) },
      submit: (rid) => `/v1/portal/returns/${rid}/submit`,
    };
  };
}
