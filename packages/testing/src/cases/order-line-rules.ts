/**
 * @module testing/cases/order-line-rules — each rule a line is checked by, in the documented
 * order: on the order, units left, the window, final sale, the host's eligible rule, the exchange
 * size.
 */

import { expect, it } from "vitest";
import { iso, T0 } from "../fixtures";
import type { ServeService } from "../http-client";
import { DAY_MS, exchangeCatalogue, ORDER, orderBook, returnOf, TEE_M } from "../order-fixtures";

const PROBLEM = "urn:returnkit:problem:";
const RETURNS = "/v1/portal/returns";

/** The rules a line must pass, one by one and together. */
export function describeOrderLineRules(serve: ServeService): void {
  it("orders - a line not on the order is 400 line-not-on-order listing the lines that can be returned", async () => {
    const { send } = await serve({ orders: { source: orderBook() }, clock: () => T0 });
    for (const line of [
      { sku: "TEE-BLK", size: "XL" },
      { sku: "TEE-BLK" },
      { sku: "CAP-RED", size: "M" },
      { sku: "HAT" },
    ]) {
      const res = await send("POST", RETURNS, { body: returnOf(line) });
      expect(res.status, JSON.stringify(line)).toBe(400);
      expect(res.json).toMatchObject({
        type: `${PROBLEM}line-not-on-order`,
        order_id: ORDER.id,
        sku: line.sku,
        size: line.size ?? null,
        errors: [{ path: "line" }],
      });
      // Not the final-sale scarf, nor the socks whose window has closed.
      expect(res.json.returnable_lines).toEqual([
        { sku: "TEE-BLK", size: "M", returnable_quantity: 2 },
        { sku: "CAP-RED", size: null, returnable_quantity: 1 },
      ]);
    }
  });

  it("orders - more units than are left is 422 with returnable_quantity; cancelled and rejected returns give theirs back", async () => {
    const { send, event } = await serve({ orders: { source: orderBook() }, clock: () => T0 });
    const first = await send("POST", RETURNS, { body: returnOf(TEE_M) });
    expect(first.status).toBe(201);
    const tooMany = await send("POST", RETURNS, { body: returnOf({ ...TEE_M, quantity: 2 }) });
    expect(tooMany.status).toBe(422);
    expect(tooMany.json).toMatchObject({
      type: `${PROBLEM}quantity-exceeds-returnable`,
      order_id: ORDER.id,
      sku: "TEE-BLK",
      size: "M",
      quantity: 2,
      purchased: 2,
      in_returns: 1,
      returnable_quantity: 1,
    });
    const second = await send("POST", RETURNS, { body: returnOf(TEE_M) });
    expect(second.status).toBe(201);
    const none = await send("POST", RETURNS, { body: returnOf(TEE_M) });
    expect(none.json).toMatchObject({ returnable_quantity: 0, in_returns: 2 });

    expect((await event(first.json.id, "cancel")).status).toBe(200);
    expect((await event(second.json.id, "submit")).status).toBe(200);
    expect((await event(second.json.id, "reject")).status).toBe(200);
    const again = await send("POST", RETURNS, { body: returnOf({ ...TEE_M, quantity: 2 }) });
    expect(again.status, again.text).toBe(201);
  });

  it("orders - the window runs returnWindowDays from delivery, else from placing; a line's returnable_until overrides it", async () => {
    const placedOnly = { ...ORDER, delivered_at: null, placed_at: iso(T0 - 40 * DAY_MS) };
    const late = await serve({ orders: { source: orderBook([placedOnly]) }, clock: () => T0 });
    const closed = await late.send("POST", RETURNS, { body: returnOf(TEE_M) });
    expect(closed.status).toBe(422);
    expect(closed.json).toMatchObject({
      type: `${PROBLEM}return-window-closed`,
      order_id: ORDER.id,
      sku: "TEE-BLK",
      size: "M",
      returnable_until: iso(T0 - 10 * DAY_MS),
    });

    const longer = await serve({
      orders: { source: orderBook([placedOnly]), returnWindowDays: 60 },
      clock: () => T0,
    });
    expect((await longer.send("POST", RETURNS, { body: returnOf(TEE_M) })).status).toBe(201);
    const socks = await longer.send("POST", RETURNS, { body: returnOf({ sku: "SOCKS" }) });
    expect(socks.json).toMatchObject({
      type: `${PROBLEM}return-window-closed`,
      returnable_until: iso(T0 - DAY_MS),
    });

    const extended = {
      ...ORDER,
      lines: [{ sku: "SOCKS", quantity: 1, returnable_until: iso(T0 + 90 * DAY_MS) }],
    };
    const generous = await serve({
      orders: { source: orderBook([extended]) },
      clock: () => T0 + 60 * DAY_MS,
    });
    const res = await generous.send("POST", RETURNS, { body: returnOf({ sku: "SOCKS" }) });
    expect(res.status, res.text).toBe(201);
  });

  it("orders - a final-sale line is 422 not-returnable", async () => {
    const { send } = await serve({ orders: { source: orderBook() }, clock: () => T0 });
    const res = await send("POST", RETURNS, { body: returnOf({ sku: "SALE-SCARF" }) });
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({
      type: `${PROBLEM}not-returnable`,
      sku: "SALE-SCARF",
      size: null,
      final_sale: true,
    });
  });

  it("orders - the host's eligible rule sees order, line and request, and refuses with its own code", async () => {
    const seen: unknown[] = [];
    const { send } = await serve({
      clock: () => T0,
      orders: {
        source: orderBook(),
        eligible: (order, line, request) => {
          seen.push({ order: order.id, line: line.sku, request });
          return request.reason === "CHANGED_MIND" && line.sku === "CAP-RED"
            ? { code: "HYGIENE", detail: "Headwear can only be returned unworn, for a fault." }
            : true;
        },
      },
    });
    const refused = await send("POST", RETURNS, { body: returnOf({ sku: "CAP-RED" }) });
    expect(refused.status).toBe(422);
    expect(refused.json).toMatchObject({
      type: `${PROBLEM}refused-by-policy`,
      code: "HYGIENE",
      detail: "Headwear can only be returned unworn, for a fault.",
      order_id: ORDER.id,
      sku: "CAP-RED",
    });
    expect(seen[0]).toEqual({
      order: ORDER.id,
      line: "CAP-RED",
      request: {
        order_id: ORDER.id,
        line: { sku: "CAP-RED", size: null, quantity: 1 },
        reason: "CHANGED_MIND",
        resolution: "REFUND",
        exchange_for: null,
      },
    });
    const faulty = await send("POST", RETURNS, {
      body: returnOf({ sku: "CAP-RED" }, { reason: "DEFECTIVE" }),
    });
    expect(faulty.status).toBe(201);
  });

  it("orders - an exchange for an item the line is not offered is 422 naming the line and what is on offer", async () => {
    const { send } = await serve({
      orders: { source: orderBook() },
      clock: () => T0,
      exchanges: { offers: exchangeCatalogue().offers },
    });
    const exchange = (sku: string) =>
      returnOf(TEE_M, {
        reason: "TOO_SMALL_AT_CHEST",
        resolution: "EXCHANGE",
        exchange_for: { sku },
      });
    const refused = await send("POST", RETURNS, { body: exchange("CAP-BLUE") });
    expect(refused.status).toBe(422);
    expect(refused.json).toMatchObject({
      type: `${PROBLEM}exchange-not-offered`,
      sku: "TEE-BLK",
      size: "M",
      exchange_for: "CAP-BLUE",
      offers: ["TEE-BLK-L", "TEE-PREMIUM-L", "TEE-BASIC-L"],
      errors: [{ path: "exchange_for.sku" }],
    });
    const missing = await send("POST", RETURNS, {
      body: returnOf(TEE_M, { reason: "TOO_SMALL_AT_CHEST", resolution: "EXCHANGE" }),
    });
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ errors: [{ path: "exchange_for" }] });
    expect((await send("POST", RETURNS, { body: exchange("TEE-BLK-L") })).status).toBe(201);
  });

  it("orders - a request breaking several rules gets the first in the documented order", async () => {
    const scarf = { sku: "SALE-SCARF", quantity: 1, final_sale: true };
    const { send } = await serve({
      orders: {
        source: orderBook([{ ...ORDER, lines: [scarf] }]),
        eligible: () => ({ code: "NEVER", detail: "Never." }),
      },
      // Past the window too.
      clock: () => T0 + 40 * DAY_MS,
      exchanges: { offers: () => [] },
    });
    const typeOf = async (body: unknown) =>
      (await send("POST", RETURNS, { body })).json.type as string;
    expect(await typeOf(returnOf({ sku: "SALE-SCARF", size: "M" }))).toBe(
      `${PROBLEM}line-not-on-order`,
    );
    expect(await typeOf(returnOf({ sku: "SALE-SCARF", quantity: 2 }))).toBe(
      `${PROBLEM}quantity-exceeds-returnable`,
    );
    expect(await typeOf(returnOf({ sku: "SALE-SCARF" }))).toBe(`${PROBLEM}return-window-closed`);
  });
}
