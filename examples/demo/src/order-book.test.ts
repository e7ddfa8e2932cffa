import { describe, expect, it } from "vitest";
import { bodyFromTemplate, demoOrderBook } from "./order-book";

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

  it("bodyFromTemplate - pre-filled values win, choices fill the rest, dotted names nest", () => {
    const properties = [
      { name: "order_id", value: "ord_1" },
      { name: "line.sku", value: "TEE" },
      { name: "line.quantity", value: 1 },
      { name: "reason" },
      { name: "resolution" },
      { name: "exchange_size" },
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
});
