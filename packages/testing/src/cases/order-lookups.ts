/**
 * @module testing/cases/order-lookups — the order a return names: found, the caller's, its line
 * recorded; an unknown order, another customer's and a malformed one alike a 404; no orders bound,
 * none checked.
 */

import { expect, it } from "vitest";
import { T0 } from "../fixtures";
import { type ServeService, storeContents } from "../http-client";
import { ORDER, OTHERS_ORDER, orderBook, returnOf, TEE_M, WINDOW_END } from "../order-fixtures";

const PROBLEM = "urn:returnkit:problem:";
const RETURNS = "/v1/portal/returns";

/** Which order a return may name, and what it records of it. */
export function describeOrderLookups(serve: ServeService): void {
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
      shipping_address: null,
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

  it("orders - without orders any customer names any order, and order_line is null", async () => {
    const { send } = await serve();
    const res = await send("POST", RETURNS, {
      body: returnOf({ sku: "ANYTHING", quantity: 99 }),
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json.order_line).toBeNull();
  });
}
