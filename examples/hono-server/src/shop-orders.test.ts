import { PGlite } from "@electric-sql/pglite";
import { createReturnsService, type Principal } from "@returnkit/core";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopOrders } from "./shop-orders";

// A `pg` Pool is what a host passes in production: the compiler checks it fits as it is.
const _fromPool: (pool: pg.Pool) => ReturnType<typeof shopOrders> = shopOrders;

const SCHEMA = `
CREATE TABLE shop_orders (
  id text PRIMARY KEY, customer_id text NOT NULL, currency char(3) NOT NULL,
  placed_at timestamptz NOT NULL, delivered_at timestamptz);
CREATE TABLE shop_order_lines (
  id serial PRIMARY KEY, order_id text NOT NULL REFERENCES shop_orders (id),
  sku text NOT NULL, size text, quantity int NOT NULL, unit_price_cents int NOT NULL,
  final_sale boolean NOT NULL DEFAULT false);
INSERT INTO shop_orders VALUES
  ('ord_1', 'alice', 'EUR', '2026-11-01T10:00:00Z', '2026-11-03T16:30:00Z'),
  ('ord_2', 'bob', 'EUR', '2026-11-02T10:00:00Z', NULL);
INSERT INTO shop_order_lines (order_id, sku, size, quantity, unit_price_cents, final_sale) VALUES
  ('ord_1', 'TEE-BLK', 'M', 1, 2900, false),
  ('ord_1', 'CAP-RED', NULL, 1, 1900, true),
  ('ord_1', 'TEE-BLK', 'M', 1, 2900, false),
  ('ord_2', 'BOOT-BRN', '42', 1, 14900, false);
`;

const alice: Principal = { kind: "portal", id: "alice", scopes: ["portal:returns.write"] };
const NOW = Date.parse("2026-11-20T12:00:00Z");

let db: PGlite;
// PGlite has no named statements: the recipe's query, by its text.
const onPglite = () => ({
  query: ({ text, values }: { text: string; values: unknown[] }) => db.query(text, values),
});

beforeAll(async () => {
  db = new PGlite();
  await db.exec(SCHEMA);
});

afterAll(async () => {
  await db.close();
});

describe("shopOrders", () => {
  it("shopOrders - loads an order from the shop's tables, its rows of one item as one line", async () => {
    const orders = shopOrders(onPglite());
    expect(await orders.load("ord_1", { principal: alice })).toEqual({
      id: "ord_1",
      customer_id: "alice",
      currency: "EUR",
      placed_at: new Date("2026-11-01T10:00:00Z"),
      delivered_at: new Date("2026-11-03T16:30:00Z"),
      lines: [
        { sku: "TEE-BLK", size: "M", quantity: 2, unit_price: 2900, final_sale: false },
        { sku: "CAP-RED", size: null, quantity: 1, unit_price: 1900, final_sale: true },
      ],
    });
    expect(await orders.load("ord_404", { principal: alice })).toBeNull();
  });

  it("shopOrders - backs a service: a return of alice's order is created; bob's order is a 404 to her", async () => {
    const service = createReturnsService({
      orders: { source: shopOrders(onPglite()) },
      idempotency: { required: false },
      clock: () => NOW,
    });
    const { record } = await service.createReturn(
      {
        order_id: "ord_1",
        line: { sku: "TEE-BLK", size: "M", quantity: 2 },
        reason: "TOO_SMALL",
        resolution: "REFUND",
      },
      { principal: alice },
    );
    expect(record.order_line).toMatchObject({
      order_number: null,
      customer: null,
      product: { title: null, variant_title: null, image_url: null },
      purchased: 2,
      unit_price: 2900,
      currency: "EUR",
      currency_exponent: 2,
      placed_at: "2026-11-01T10:00:00.000Z",
      delivered_at: "2026-11-03T16:30:00.000Z",
      returnable_until: "2026-12-03T16:30:00.000Z",
    });
    await expect(
      service.createReturn(
        {
          order_id: "ord_2",
          line: { sku: "BOOT-BRN", size: "42" },
          reason: "DAMAGED",
          resolution: "REFUND",
        },
        { principal: alice },
      ),
    ).rejects.toMatchObject({ status: 404, slug: "order-not-found" });
    await service.close();
  });
});
