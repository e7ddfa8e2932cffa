/**
 * @module testing/cases/order-rechecks — the checks again on PATCH and submit, never stored under
 * an Idempotency-Key, a retry that took the last unit, and an order system that fails.
 */

import type { ErrorContext, ProblemError } from "@returnkit/core";
import { expect, it } from "vitest";
import { iso, T0 } from "../fixtures";
import { type ServeService, storeContents } from "../http-client";
import {
  DAY_MS,
  exchangeCatalogue,
  movableClock,
  ORDER,
  orderBook,
  returnOf,
  TEE_M,
  WINDOW_END,
} from "../order-fixtures";

const PROBLEM = "urn:returnkit:problem:";
const RETURNS = "/v1/portal/returns";

/** When the order is checked again, and what a refusal or a failing order system leaves. */
export function describeOrderRechecks(serve: ServeService): void {
  it("orders - PATCH checks the draft again: the item asked for in exchange, and the window a draft outlived", async () => {
    const clock = movableClock();
    const { send, create } = await serve({
      orders: { source: orderBook() },
      clock: clock.now,
      exchanges: { offers: exchangeCatalogue().offers },
    });
    const draft = await create(returnOf(TEE_M));
    const path = `${RETURNS}/${draft.id}`;
    const bad = await send("PATCH", path, {
      body: { resolution: "EXCHANGE", exchange_for: { sku: "TEE-BLK-XS" } },
    });
    expect(bad.status).toBe(422);
    expect(bad.json).toMatchObject({ type: `${PROBLEM}exchange-not-offered` });
    // Its own unit is not counted against it: 2 bought, this draft holds 1.
    const good = await send("PATCH", path, {
      body: { resolution: "EXCHANGE", exchange_for: { sku: "TEE-PREMIUM-L" } },
    });
    expect(good.status, good.text).toBe(200);
    expect(good.json.exchange).toMatchObject({
      kind: "offer",
      lines: [{ sku: "TEE-PREMIUM-L", quantity: 1, unit_price: 3_200 }],
      difference: { amount: 700, direction: "customer_pays" },
    });
    const back = await send("PATCH", path, { body: { resolution: "REFUND" } });
    expect(back.json).toMatchObject({ resolution: "REFUND", exchange: null });

    clock.set(Date.parse(WINDOW_END) + 1);
    const late = await send("PATCH", path, { body: { reason: "DAMAGED" } });
    expect(late.status).toBe(422);
    expect(late.json).toMatchObject({
      type: `${PROBLEM}return-window-closed`,
      returnable_until: WINDOW_END,
    });
  });

  it("orders - submit checks the window and final sale again, and records the order line as it is then", async () => {
    const clock = movableClock();
    const book = orderBook();
    const { event, create } = await serve({ orders: { source: book }, clock: clock.now });
    const late = await create(returnOf(TEE_M));
    const sale = await create(returnOf({ sku: "CAP-RED" }));

    clock.set(Date.parse(WINDOW_END) + 1);
    const closed = await event(late.id, "submit");
    expect(closed.status).toBe(422);
    expect(closed.json).toMatchObject({ type: `${PROBLEM}return-window-closed` });

    clock.set(T0);
    book.save({
      ...ORDER,
      delivered_at: iso(T0 - DAY_MS),
      lines: ORDER.lines.map((line) =>
        line.sku === "CAP-RED" ? { ...line, final_sale: true } : line,
      ),
    });
    const finalSale = await event(sale.id, "submit");
    expect(finalSale.status).toBe(422);
    expect(finalSale.json).toMatchObject({ type: `${PROBLEM}not-returnable`, sku: "CAP-RED" });

    const submitted = await event(late.id, "submit");
    expect(submitted.status, submitted.text).toBe(200);
    expect(submitted.json.order_line).toMatchObject({
      delivered_at: iso(T0 - DAY_MS),
      returnable_until: iso(T0 + 29 * DAY_MS),
    });
  });

  it("orders - no refusal is stored under the Idempotency-Key: the same request succeeds once the cause is gone", async () => {
    const clock = movableClock(Date.parse(WINDOW_END) + 1);
    const { send } = await serve({ orders: { source: orderBook() }, clock: clock.now });
    const body = returnOf(TEE_M);
    const refused = await send("POST", RETURNS, { body, key: "late-tee" });
    expect(refused.status).toBe(422);
    clock.set(T0);
    const created = await send("POST", RETURNS, { body, key: "late-tee" });
    expect(created.status, created.text).toBe(201);
    expect(created.headers.get("idempotent-replayed")).toBeNull();
  });

  it("orders - a retry of the create that took the last unit replays its 201", async () => {
    const { send } = await serve({ orders: { source: orderBook() }, clock: () => T0 });
    const body = returnOf({ sku: "CAP-RED" });
    const first = await send("POST", RETURNS, { body, key: "the-cap" });
    expect(first.status).toBe(201);
    const retry = await send("POST", RETURNS, { body, key: "the-cap" });
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.text).toBe(first.text);
  });

  it("orders - an order system that throws or answers nonsense is a reported 502, never a 500, and nothing changes", async () => {
    const reported: { error: unknown; context: ErrorContext }[] = [];
    const answers: unknown[] = [
      new Error("connection refused"),
      { id: ORDER.id, customer_id: ORDER.customer_id, lines: [] },
      { ...ORDER, id: "ord_other" },
    ];
    let answer = 0;
    const { send, store } = await serve({
      clock: () => T0,
      orders: {
        source: {
          load: () => {
            const next = answers[answer++];
            if (next instanceof Error) throw next;
            return next as never;
          },
        },
      },
      onError: (error, context) => reported.push({ error, context }),
    });
    const before = await storeContents(store);
    const down = await send("POST", RETURNS, { body: returnOf(TEE_M) });
    expect(down.status).toBe(502);
    expect(down.json.type).toBe(`${PROBLEM}orders-unavailable`);
    expect(down.headers.get("retry-after")).toBe("1");
    for (const _ of [1, 2]) {
      const invalid = await send("POST", RETURNS, { body: returnOf(TEE_M) });
      expect(invalid.status).toBe(502);
      expect(invalid.json.type).toBe(`${PROBLEM}order-source-invalid`);
      expect(invalid.text).not.toContain("customer_id");
    }
    expect(await storeContents(store)).toBe(before);
    const causes = reported.map(({ error }) => String((error as ProblemError).cause));
    expect(causes).toEqual([
      "Error: connection refused",
      expect.stringContaining("is not an order"),
      expect.stringContaining('answered order "ord_other"'),
    ]);
    expect(reported[0]?.context).toMatchObject({
      source: "request",
      operation: "POST /v1/portal/returns",
      requestId: down.headers.get("request-id"),
    });
  });
}
