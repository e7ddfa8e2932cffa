/**
 * @module shop-orders — the `orders` option for a shop that keeps its orders in its own
 * PostgreSQL tables: one query per `load`, lines added up per sku and size. `db` is a `pg`
 * Pool, or anything that takes its `query({ name, text, values })` (on PGlite:
 * `{ query: ({ text, values }) => db.query(text, values) }`).
 *
 * The tables it reads (the shop's, not returnkit's):
 *
 * ```sql
 * CREATE TABLE shop_orders (
 *   id text PRIMARY KEY, customer_id text NOT NULL, currency char(3) NOT NULL,
 *   placed_at timestamptz NOT NULL, delivered_at timestamptz);
 * CREATE TABLE shop_order_lines (
 *   id serial PRIMARY KEY, order_id text NOT NULL REFERENCES shop_orders (id),
 *   sku text NOT NULL, size text, quantity int NOT NULL, unit_price_cents int NOT NULL,
 *   final_sale boolean NOT NULL DEFAULT false);
 * ```
 */
import type { OrderInput, OrderSource } from "@returnkit/core";

/** What `load` needs of a database client: `pg`'s Pool has it. */
interface Queryable {
  query(query: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

// A return names a line by sku and size: two rows of one item become one line.
const SELECT_ORDER = `
SELECT o.id, o.customer_id, o.currency, o.placed_at, o.delivered_at,
       (SELECT coalesce(json_agg(l), '[]')
          FROM (SELECT sku, size, sum(quantity)::int AS quantity,
                       max(unit_price_cents) AS unit_price, bool_or(final_sale) AS final_sale
                  FROM shop_order_lines
                 WHERE order_id = o.id
                 GROUP BY sku, size
                 ORDER BY min(id)) l) AS lines
  FROM shop_orders o
 WHERE o.id = $1`;

export function shopOrders(db: Queryable): OrderSource {
  return {
    // Ownership is returnkit's to check (same 404 for another customer's order), so the
    // query needs no customer filter; `rows[0]` is undefined when there is no such order.
    async load(orderId) {
      // Named, so pg prepares it once per connection instead of planning it on every load.
      const { rows } = await db.query({
        name: "shop_order",
        text: SELECT_ORDER,
        values: [orderId],
      });
      // The service checks the row with OrderSchema: timestamptz as Date is fine.
      return (rows[0] as OrderInput | undefined) ?? null;
    },
  };
}
