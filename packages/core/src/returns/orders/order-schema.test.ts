import { describe, expect, it } from "vitest";
import type { Principal } from "../../domain/principal";
import { inMemoryOrders } from "./in-memory-orders";
import { findOrderLine, OrderSchema } from "./order-schema";

const order = {
  id: "ord_1",
  customer_id: "user-42",
  placed_at: "2026-11-01T10:00:00+01:00",
  lines: [{ sku: "TEE-BLK", size: "M", quantity: 2 }],
};

const line = { sku: "TEE-BLK", size: "M", quantity: 2 };

const principal: Principal = { kind: "portal", id: "user-42", scopes: ["portal:returns.read"] };

describe("OrderSchema", () => {
  it("OrderSchema - instants as offset strings or Dates come out as UTC ISO strings, absent fields null", () => {
    const parsed = OrderSchema.parse({
      ...order,
      delivered_at: new Date("2026-11-03T12:00:00Z"),
      lines: [
        ...order.lines,
        { sku: "CAP", quantity: 1, unit_price: 1_500, final_sale: true, returnable_until: null },
      ],
      // A host's row may carry more columns than an order has: they are dropped.
      warehouse: "Main St 1",
    });
    const noProduct = {
      title: null,
      variant_title: null,
      options: [],
      image_url: null,
      product_url: null,
      product_type: null,
      tags: [],
    };
    expect(parsed).toEqual({
      id: "ord_1",
      number: null,
      customer_id: "user-42",
      customer: null,
      shipping_address: null,
      placed_at: "2026-11-01T09:00:00.000Z",
      delivered_at: "2026-11-03T12:00:00.000Z",
      currency: null,
      lines: [
        {
          sku: "TEE-BLK",
          size: "M",
          quantity: 2,
          unit_price: null,
          final_sale: false,
          returnable_until: null,
          product: noProduct,
        },
        {
          sku: "CAP",
          size: null,
          quantity: 1,
          unit_price: 1_500,
          final_sale: true,
          returnable_until: null,
          product: noProduct,
        },
      ],
    });
  });

  it("OrderSchema - keeps what the customer recognises of a line, and who the customer is", () => {
    const parsed = OrderSchema.parse({
      ...order,
      number: "#1001",
      customer: { name: "Ada Lovelace", email: "ada@example.com" },
      lines: [
        {
          ...line,
          title: "Organic cotton tee",
          variant_title: "Black / M",
          options: [{ name: "Colour", value: "Black" }],
          image_url: "https://cdn.example.com/tee.jpg",
          product_url: "https://shop.example.com/tee",
          product_type: "T-shirt",
          tags: ["organic"],
        },
      ],
    });
    expect(parsed.number).toBe("#1001");
    expect(parsed.customer).toEqual({
      name: "Ada Lovelace",
      email: "ada@example.com",
      postcode: null,
    });
    expect(parsed.lines[0]?.product).toEqual({
      title: "Organic cotton tee",
      variant_title: "Black / M",
      options: [{ name: "Colour", value: "Black" }],
      image_url: "https://cdn.example.com/tee.jpg",
      product_url: "https://shop.example.com/tee",
      product_type: "T-shirt",
      tags: ["organic"],
    });
  });

  it("OrderSchema - refuses what no rule could be checked against", () => {
    const refused = [
      { ...order, customer_id: undefined },
      { ...order, placed_at: "2026-11-01T10:00:00" },
      { ...order, placed_at: new Date("not a date") },
      { ...order, currency: "euro" },
      { ...order, lines: [{ sku: "TEE-BLK", quantity: 0 }] },
      { ...order, lines: [{ sku: "TEE-BLK", quantity: 1, unit_price: 9.99 }] },
      { ...order, lines: "TEE-BLK" },
      // What the pages would load or link: absolute http(s) URLs only.
      { ...order, lines: [{ ...line, image_url: "javascript:alert(1)" }] },
      { ...order, lines: [{ ...line, image_url: "/tee.jpg" }] },
      { ...order, lines: [{ ...line, product_url: "data:text/html,hi" }] },
      // Text no store keeps exactly, or without bound.
      { ...order, lines: [{ ...line, title: "Tee\u0000" }] },
      { ...order, lines: [{ ...line, title: "x".repeat(501) }] },
      { ...order, lines: [{ ...line, tags: Array(101).fill("t") }] },
      { ...order, customer: { email: 42 } },
      null,
      "ord_1",
    ];
    for (const answer of refused) {
      expect(OrderSchema.safeParse(answer).success, JSON.stringify(answer)).toBe(false);
    }
  });

  it("OrderSchema - two lines with the same sku and size are refused, naming the second", () => {
    const result = OrderSchema.safeParse({
      ...order,
      lines: [
        { sku: "TEE-BLK", size: "M", quantity: 1 },
        { sku: "TEE-BLK", size: "L", quantity: 1 },
        { sku: "TEE-BLK", size: "M", quantity: 1 },
      ],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ["lines", 2] });
    expect(result.error?.issues[0]?.message).toContain("one line per sku and size");
  });

  it("findOrderLine - matches the sku and the size exactly, a line without size only without one", () => {
    const parsed = OrderSchema.parse({
      ...order,
      lines: [...order.lines, { sku: "CAP", quantity: 1 }],
    });
    expect(findOrderLine(parsed, { sku: "TEE-BLK", size: "M" })?.quantity).toBe(2);
    expect(findOrderLine(parsed, { sku: "TEE-BLK", size: "L" })).toBeUndefined();
    expect(findOrderLine(parsed, { sku: "TEE-BLK", size: null })).toBeUndefined();
    expect(findOrderLine(parsed, { sku: "CAP", size: null })?.sku).toBe("CAP");
    expect(findOrderLine(parsed, { sku: "CAP", size: "M" })).toBeUndefined();
  });
});

describe("inMemoryOrders", () => {
  it("inMemoryOrders - loads an order by id, null for none; save replaces it", async () => {
    const book = inMemoryOrders([order]);
    expect(await book.load("ord_1", { principal })).toEqual(order);
    expect(await book.load("ord_2", { principal })).toBeNull();
    book.save({ ...order, delivered_at: "2026-11-04T09:00:00Z" });
    expect(await book.load("ord_1", { principal })).toMatchObject({
      delivered_at: "2026-11-04T09:00:00Z",
    });
  });

  it("inMemoryOrders - hands out copies: changing an answer changes nothing in the book", async () => {
    const book = inMemoryOrders([order]);
    const loaded = await book.load("ord_1", { principal });
    loaded!.lines[0]!.quantity = 99;
    expect((await book.load("ord_1", { principal }))!.lines[0]!.quantity).toBe(2);
  });

  it("inMemoryOrders - an order with a mistake is refused where it is written", () => {
    expect(() => inMemoryOrders([{ ...order, lines: [{ sku: "TEE", quantity: -1 }] }])).toThrow(
      /inMemoryOrders: not an order: lines\.0\.quantity/,
    );
  });
});
