import { createReturnsService } from "@returnkit/core";
import { describe, expect, it } from "vitest";
import {
  bodyFromTemplate,
  DEMO_REASONS,
  demoOrderBook,
  requestBodyFromTemplate,
} from "./order-book";

describe("demo order book", () => {
  it("demoOrderBook - each run places its orders under ids of its own", async () => {
    const first = demoOrderBook("a");
    const second = demoOrderBook("b");
    expect(first.id("1001")).toBe("ord_1001_a");
    const principal = { kind: "portal" as const, id: "alice", scopes: [] };
    expect(await first.book.load("ord_1001_a", { principal })).toMatchObject({
      customer_id: "alice",
    });
    expect(await second.book.load("ord_1001_a", { principal })).toBeNull();
  });

  it("demoOrderBook - every line a named product, its picture on the demo's own server", async () => {
    const { book, id } = demoOrderBook("a", Date.now(), "http://127.0.0.1:3000/pictures");
    const principal = { kind: "portal" as const, id: "alice", scopes: [] };
    const order = await book.load(id("4004"), { principal });
    expect(order?.lines.map((line) => [line.title, line.variant_title, line.image_url])).toEqual([
      ["Lambswool jumper", "Green / M", "http://127.0.0.1:3000/pictures/knit-green.svg"],
      ["Socks, pack of three", "Striped", "http://127.0.0.1:3000/pictures/socks-striped.svg"],
      ["Leather belt", "Black / 90", "http://127.0.0.1:3000/pictures/belt-black.svg"],
    ]);
  });

  it("DEMO_REASONS - a tee has no foot or inseam, boots fit only at the foot, a cap only too small or large", async () => {
    const orders = demoOrderBook("r");
    const service = createReturnsService({
      orders: { source: orders.book, reasons: DEMO_REASONS },
    });
    const reasonsOf = async (customer: string, order: string) => {
      const principal = { kind: "portal" as const, id: customer, scopes: ["portal:returns.read"] };
      const view = await service.returnableLines(orders.id(order), { principal });
      return Object.fromEntries(view.lines.map((line) => [line.sku, line.reasons]));
    };
    const alice = await reasonsOf("alice", "1001");
    expect(alice["TEE-BLK-M"]?.fit?.body_parts).toEqual([
      "CHEST",
      "WAIST",
      "SHOULDERS",
      "SLEEVES",
      "NECK",
      "LENGTH",
    ]);
    expect(alice["JEANS-32-34"]?.codes).toContain("TOO_LONG_AT_INSEAM");
    expect(alice["CAP-RED"]?.fit).toEqual({
      directions: ["TOO_SMALL", "TOO_LARGE"],
      body_parts: [],
      reasons: [
        { code: "TOO_SMALL", direction: "TOO_SMALL", body_part: null },
        { code: "TOO_LARGE", direction: "TOO_LARGE", body_part: null },
      ],
    });
    const bob = await reasonsOf("bob", "2002");
    expect(bob["BOOT-BRN-42"]?.fit?.body_parts).toEqual(["FOOT", "TOE", "WIDTH"]);
    expect(bob["BOOT-BRN-42"]?.categories).toContain("DAMAGED");
    await service.close();
  });

  it("bodyFromTemplate - pre-filled values win, choices fill the rest, dotted names nest", () => {
    const properties = [
      { name: "order_id", value: "ord_1" },
      { name: "line.sku", value: "TEE" },
      { name: "line.quantity", value: 1 },
      { name: "reason" },
      { name: "resolution" },
      { name: "exchange_for.sku" },
    ];
    expect(
      bodyFromTemplate(properties, { reason: "DAMAGED", resolution: "REFUND", order_id: "x" }),
    ).toEqual({
      order_id: "ord_1",
      line: { sku: "TEE", quantity: 1 },
      reason: "DAMAGED",
      resolution: "REFUND",
    });
  });

  it("requestBodyFromTemplate - an entry per chosen sku, read-only values kept, the rest chosen", () => {
    const properties = [
      { name: "order_id", value: "ord_1", readOnly: true },
      { name: "lines[0].line.sku", value: "TEE", readOnly: true },
      { name: "lines[0].line.size", value: "M", readOnly: true },
      { name: "lines[0].quantity", value: 1 },
      { name: "lines[0].reason" },
      { name: "lines[0].resolution" },
      { name: "lines[1].line.sku", value: "CAP", readOnly: true },
      { name: "lines[1].quantity", value: 1 },
      { name: "lines[1].reason" },
      { name: "lines[2].line.sku", value: "SOCKS", readOnly: true },
      { name: "lines[2].quantity", value: 1 },
      { name: "lines[2].reason" },
    ];
    expect(
      requestBodyFromTemplate(properties, {
        TEE: { reason: "TOO_SMALL", resolution: "REFUND", "line.sku": "OTHER" },
        SOCKS: { reason: "CHANGED_MIND", quantity: 3 },
      }),
    ).toEqual({
      order_id: "ord_1",
      lines: [
        { line: { sku: "TEE", size: "M" }, quantity: 1, reason: "TOO_SMALL", resolution: "REFUND" },
        { line: { sku: "SOCKS" }, quantity: 3, reason: "CHANGED_MIND" },
      ],
    });
  });
});
