/**
 * A return request whose lines each fit under the per-line amount limit (MAX_LINE_AMOUNT) but
 * add up past it: never a 500, and no refund rather than a wrong one, as for one line beyond it.
 */

import { T0, testAuthenticate, testToken } from "@returnkit/testing";
import { describe, expect, it } from "vitest";
import { MAX_LINE_AMOUNT } from "../../domain/refunds";
import { createReturnsService } from "../../service";
import { inMemoryOrders } from "../orders/in-memory-orders";

/** Each line alone fits the limit; the two together do not. */
const HUGE = Math.floor(MAX_LINE_AMOUNT * 0.75);

const ORDER = {
  id: "ord_huge",
  customer_id: "user-1",
  placed_at: new Date(T0 - 5 * 86_400_000).toISOString(),
  currency: "EUR",
  lines: [
    { sku: "GOLD-BAR", quantity: 1, unit_price: HUGE },
    { sku: "DIAMOND", quantity: 1, unit_price: HUGE },
  ],
};

const BODY = {
  order_id: ORDER.id,
  lines: ORDER.lines.map(({ sku }) => ({
    line: { sku },
    quantity: 1,
    reason: "CHANGED_MIND",
    resolution: "STORE_CREDIT",
  })),
};

function serve() {
  const service = createReturnsService({
    baseUrl: "https://shop.example",
    auth: { authenticate: testAuthenticate },
    orders: { source: inMemoryOrders([ORDER]) },
    policy: {
      refund: {
        restocking_fee: { percent: 10 },
        return_shipping_fee: { amount: { EUR: 495 } },
        store_credit_bonus_percent: 100,
      },
    },
    clock: () => T0,
  });
  let keys = 0;
  return async (
    method: string,
    path: string,
    body?: unknown,
    kind: "portal" | "merchant" = "portal",
  ) => {
    const res = await service.fetch(
      new Request(`https://shop.example${path}`, {
        method,
        headers: {
          authorization: testToken(kind, kind === "portal" ? "user-1" : "staff-1"),
          "idempotency-key": `limit-${++keys}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
    return { status: res.status, json: await res.json() };
  };
}

/** Every amount of a refund, when it has one: each must be exact (a safe integer). */
function amountsOf(refund: Record<string, unknown> | null): unknown[] {
  if (refund === null) return [];
  return ["item_amount", "restocking_fee", "return_shipping_fee", "total"].map((k) => refund[k]);
}

describe("a return request beyond the amount limit", () => {
  it("estimate request - lines that add up past the limit estimate no refund, not a 500", async () => {
    const send = serve();

    const res = await send("POST", "/v1/portal/return-requests/estimate", BODY);

    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.lines.map((line: { refund: unknown }) => line.refund)).toEqual([null, null]);
    expect(res.json.refund).toBeNull();
  });

  it("create request - lines that add up past the limit are created without a refund, not a 500", async () => {
    const send = serve();

    const res = await send("POST", "/v1/portal/return-requests", BODY);

    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.returns.map((one: { refund: unknown }) => one.refund)).toEqual([null, null]);
    expect(res.json.refund).toBeNull();
  });

  it("update, grade - each return's refund stays exact and the request's total is none past the limit", async () => {
    const send = serve();
    const { json: created } = await send("POST", "/v1/portal/return-requests", BODY);
    const ids: string[] = created.returns.map((one: { id: string }) => one.id);

    for (const id of ids) {
      const updated = await send("PATCH", `/v1/portal/returns/${id}`, { reason: "DEFECTIVE" });
      expect(updated.status, JSON.stringify(updated.json)).toBe(200);
    }
    const afterUpdate = await send("GET", `/v1/portal/return-requests/${created.id}`);
    expect(afterUpdate.status, JSON.stringify(afterUpdate.json)).toBe(200);
    expect(afterUpdate.json.refund).toBeNull();

    const submitted = await send("POST", `/v1/portal/return-requests/${created.id}/submit`, {});
    expect(submitted.status, JSON.stringify(submitted.json)).toBe(200);
    for (const id of ids) {
      for (const event of ["approve", "ship", "receive"]) {
        const res = await send("POST", `/v1/merchant/returns/${id}/${event}`, {}, "merchant");
        expect(res.status, JSON.stringify(res.json)).toBe(200);
      }
      const graded = await send(
        "POST",
        `/v1/merchant/returns/${id}/grade`,
        { condition: "NEW" },
        "merchant",
      );
      expect(graded.status, JSON.stringify(graded.json)).toBe(200);
      for (const amount of amountsOf(graded.json.refund)) {
        expect(Number.isSafeInteger(amount), String(amount)).toBe(true);
      }
    }
    const read = await send(
      "GET",
      `/v1/merchant/return-requests/${created.id}`,
      undefined,
      "merchant",
    );
    expect(read.status, JSON.stringify(read.json)).toBe(200);
    expect(read.json.refund).toBeNull();
  });
});
