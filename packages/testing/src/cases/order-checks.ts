/**
 * @module testing/cases/order-checks — a return checked against the shop's order over HTTP,
 * rule by rule in the documented order, on create, update and submit. Run by the HTTP suite
 * (every way of mounting) and by the store conformance suite (every store), so the quantity
 * a store counts and the limit it enforces in its commit are checked where they live.
 */

import type { ErrorContext, ProblemError } from "@returnkit/core";
import { describe, expect, it } from "vitest";
import { iso, T0 } from "../fixtures";
import { type ServeService, storeContents } from "../http-client";
import {
  DAY_MS,
  movableClock,
  ORDER,
  OTHERS_ORDER,
  orderBook,
  returnOf,
  TEE_M,
  WINDOW_END,
} from "../order-fixtures";

const PROBLEM = "urn:returnkit:problem:";
const RETURNS = "/v1/portal/returns";

export function describeOrderChecks(serve: ServeService): void {
  describe("returns checked against the shop's order", () => {
    it("orders - a return of a line on the caller's order records that order line, and its webhook carries it", async () => {
      const { send, store } = await serve({ orders: { source: orderBook() }, clock: () => T0 });
      const res = await send("POST", RETURNS, { body: returnOf({ ...TEE_M, quantity: 2 }) });
      expect(res.status, res.text).toBe(201);
      expect(res.json.order_line).toEqual({
        order_number: "#5001",
        product: {
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
        customer: { name: "Ada Lovelace", email: "ada@example.com" },
        purchased: 2,
        unit_price: 2_500,
        currency: "EUR",
        currency_exponent: 2,
        placed_at: ORDER.placed_at,
        delivered_at: ORDER.delivered_at,
        returnable_until: WINDOW_END,
      });
      const [created] = await store.listEvents(res.json.id);
      expect(created?.payload.data).toMatchObject({
        return: { order_line: res.json.order_line },
      });
    });

    it("orders - an unknown order and another customer's get the same 404, byte for byte, and nothing changes", async () => {
      const mine = await serve({ orders: { source: orderBook([ORDER]) }, clock: () => T0 });
      // One request id for both: the bodies differ in nothing else.
      const headers = { "x-request-id": "same-404" };
      const unknown = await mine.send("POST", RETURNS, {
        body: returnOf(TEE_M, {}, OTHERS_ORDER.id),
        headers,
      });
      const others = await serve({ orders: { source: orderBook() }, clock: () => T0 });
      const before = await storeContents(others.store);
      const foreign = await others.send("POST", RETURNS, {
        body: returnOf(TEE_M, {}, OTHERS_ORDER.id),
        headers,
      });
      expect(foreign.status).toBe(404);
      expect(foreign.json).toMatchObject({
        type: `${PROBLEM}order-not-found`,
        order_id: OTHERS_ORDER.id,
      });
      expect(foreign.text).toBe(unknown.text);
      expect(foreign.headers.get("content-type")).toBe(unknown.headers.get("content-type"));
      expect(await storeContents(others.store)).toBe(before);
      // Its owner can return from it.
      const owner = await others.send("POST", RETURNS, {
        body: returnOf(TEE_M, {}, OTHERS_ORDER.id),
        token: others.portal("user-7"),
      });
      expect(owner.status, owner.text).toBe(201);
    });

    it("orders - another customer's malformed order is the same 404 as an unknown one, on create and returnable, and nothing is reported", async () => {
      const reported: unknown[] = [];
      const { send, store } = await serve({
        clock: () => T0,
        orders: {
          source: {
            // The host's defect, on an order that is not the caller's: no currency, no lines.
            load: (id) =>
              (id === OTHERS_ORDER.id ? { id, customer_id: "user-7", lines: "?" } : null) as never,
          },
        },
        onError: (error) => reported.push(error),
      });
      const before = await storeContents(store);
      const headers = { "x-request-id": "same-404" };
      for (const path of [
        `/v1/portal/orders/${OTHERS_ORDER.id}/returnable`,
        "/v1/portal/orders/ord_unknown/returnable",
      ]) {
        const res = await send("GET", path, { headers });
        expect(res.status, res.text).toBe(404);
        expect(res.json.type).toBe(`${PROBLEM}order-not-found`);
      }
      const foreign = await send("POST", RETURNS, {
        body: returnOf(TEE_M, {}, OTHERS_ORDER.id),
        headers,
      });
      const unknown = await send("POST", RETURNS, {
        body: returnOf(TEE_M, {}, "ord_unknown"),
        headers,
      });
      expect(foreign.status, foreign.text).toBe(404);
      expect(foreign.text).toBe(unknown.text.replaceAll("ord_unknown", OTHERS_ORDER.id));
      expect(reported).toEqual([]);
      expect(await storeContents(store)).toBe(before);
    });

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
          exchange_size: null,
        },
      });
      const faulty = await send("POST", RETURNS, {
        body: returnOf({ sku: "CAP-RED" }, { reason: "DEFECTIVE" }),
      });
      expect(faulty.status).toBe(201);
    });

    it("orders - an exchange to a size the catalog does not offer is 400 naming the sizes on offer", async () => {
      const { send } = await serve({
        orders: { source: orderBook() },
        clock: () => T0,
        exchangeSizes: (sku) => (sku === "TEE-BLK" ? ["S", "M", "L"] : null),
      });
      const exchange = (size: string) =>
        returnOf(TEE_M, {
          reason: "TOO_SMALL_AT_CHEST",
          resolution: "EXCHANGE",
          exchange_size: size,
        });
      const refused = await send("POST", RETURNS, { body: exchange("XXL") });
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({
        type: `${PROBLEM}exchange-size-not-offered`,
        sku: "TEE-BLK",
        exchange_size: "XXL",
        sizes: ["S", "M", "L"],
        errors: [{ path: "exchange_size" }],
      });
      expect((await send("POST", RETURNS, { body: exchange("L") })).status).toBe(201);
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
        exchangeSizes: () => [],
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

    it("orders - PATCH checks the draft again: the exchange size, and the window a draft outlived", async () => {
      const clock = movableClock();
      const { send, create } = await serve({
        orders: { source: orderBook() },
        clock: clock.now,
        exchangeSizes: () => ["S", "M", "L"],
      });
      const draft = await create(returnOf(TEE_M));
      const path = `${RETURNS}/${draft.id}`;
      const bad = await send("PATCH", path, {
        body: { resolution: "EXCHANGE", exchange_size: "XS" },
      });
      expect(bad.status).toBe(400);
      expect(bad.json).toMatchObject({ type: `${PROBLEM}exchange-size-not-offered` });
      // Its own unit is not counted against it: 2 bought, this draft holds 1.
      const good = await send("PATCH", path, {
        body: { resolution: "EXCHANGE", exchange_size: "L" },
      });
      expect(good.status, good.text).toBe(200);

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

    it("orders - without orders any customer names any order, and order_line is null", async () => {
      const { send } = await serve();
      const res = await send("POST", RETURNS, {
        body: returnOf({ sku: "ANYTHING", quantity: 99 }),
      });
      expect(res.status, res.text).toBe(201);
      expect(res.json.order_line).toBeNull();
    });
  });
}
