/**
 * @module testing/cases/returnable-lines — what an order can return, before creating
 * (`GET /v1/portal/orders/{order_id}/returnable`), and the race for an order line's last
 * unit. Run by the HTTP suite and by the store conformance suite, like the order checks.
 */
import { describe, expect, it } from "vitest";
import { iso, T0 } from "../fixtures";
import type { ServeService } from "../http-client";
import { storeContents, testToken } from "../http-client";
import {
  exchangeCatalogue,
  ORDER,
  OTHERS_ORDER,
  orderBook,
  returnOf,
  TEE_M,
  WINDOW_END,
} from "../order-fixtures";

const PROBLEM = "urn:returnkit:problem:";
const BASE = "https://shop.example";
const returnablePath = (orderId: string) =>
  `/v1/portal/orders/${encodeURIComponent(orderId)}/returnable`;

/** Concurrent creates racing for one unit. */
const RIVALS = 8;

/** The body a HAL-FORMS template describes: its pre-filled values, plus what the caller fills in. */
function bodyFrom(
  properties: { name: string; value?: string | number }[],
  filled: Record<string, string>,
) {
  const body: Record<string, unknown> = {};
  for (const property of properties) {
    const value = property.value ?? filled[property.name];
    if (value === undefined) continue;
    const [head, tail] = property.name.split(".") as [string, string?];
    if (tail === undefined) body[head] = value;
    else body[head] = { ...(body[head] as object), [tail]: value };
  }
  return body;
}

/**
 * The body of a `create_request` form: `order_id`, and an entry of `lines` for each line the
 * caller returns (`filled` by sku), the others left out. `lines[i].a.b` is member `a.b` of
 * entry i.
 */
function requestBodyFrom(
  properties: { name: string; value?: string | number }[],
  filled: Record<string, Record<string, string>>,
) {
  const entries = new Map<string, { name: string; value?: string | number }[]>();
  const top: { name: string; value?: string | number }[] = [];
  for (const property of properties) {
    const entry = /^lines\[(\d+)\]\.(.+)$/.exec(property.name);
    if (!entry) top.push(property);
    else
      entries.set(entry[1]!, [...(entries.get(entry[1]!) ?? []), { ...property, name: entry[2]! }]);
  }
  const lines = [...entries.values()].flatMap((entry) => {
    const sku = entry.find((p) => p.name === "line.sku")?.value;
    const choices = filled[String(sku)];
    return choices ? [bodyFrom(entry, choices)] : [];
  });
  return { ...bodyFrom(top, {}), lines };
}

export function describeReturnableLines(serve: ServeService): void {
  describe("what an order can return", () => {
    it("returnable - offers one create_request form with an entry per returnable line; filled for two, it creates one request of two drafts", async () => {
      const { send } = await serve({
        orders: { source: orderBook() },
        clock: () => T0,
        exchanges: { offers: exchangeCatalogue().offers },
      });
      const res = await send("GET", returnablePath(ORDER.id));
      expect(res.status, res.text).toBe(200);
      const form = res.json._templates.create_request;
      expect(form).toMatchObject({
        method: "POST",
        target: `${BASE}/v1/portal/return-requests`,
        schema: {
          href: `${BASE}/v1/openapi.json#/components/requestBodies/CreateReturnRequest/content/application~1json/schema`,
        },
        requiredScopes: ["portal:returns.write"],
      });
      // The scarf (final sale) and the socks (window closed) have no entry.
      expect(form.properties).toEqual([
        { name: "order_id", value: ORDER.id, readOnly: true, required: true },
        { name: "lines[0].line.sku", value: "TEE-BLK", readOnly: true, required: true },
        { name: "lines[0].line.size", value: "M", readOnly: true, required: true },
        { name: "lines[0].quantity", value: 1, min: 1, max: 2, required: true },
        { name: "lines[0].reason", required: true },
        {
          name: "lines[0].resolution",
          required: true,
          options: { inline: ["REFUND", "STORE_CREDIT", "EXCHANGE"] },
        },
        {
          name: "lines[0].exchange_for.sku",
          options: { inline: ["TEE-BLK-L", "TEE-PREMIUM-L", "TEE-BASIC-L"] },
        },
        { name: "lines[1].line.sku", value: "CAP-RED", readOnly: true, required: true },
        { name: "lines[1].quantity", value: 1, min: 1, max: 1, required: true },
        { name: "lines[1].reason", required: true },
        {
          name: "lines[1].resolution",
          required: true,
          options: { inline: ["REFUND", "STORE_CREDIT", "EXCHANGE"] },
        },
        { name: "lines[1].exchange_for.sku", options: { inline: ["CAP-BLUE"] } },
        { name: "return_method", value: "by_mail" },
      ]);

      const body = requestBodyFrom(form.properties, {
        "TEE-BLK": { reason: "TOO_SMALL_AT_CHEST", resolution: "REFUND" },
        "CAP-RED": { reason: "CHANGED_MIND", resolution: "STORE_CREDIT" },
      });
      const created = await send(form.method, new URL(form.target).pathname, { body });
      expect(created.status, created.text).toBe(201);
      expect(created.json.returns.map((r: { line: unknown }) => r.line)).toEqual([
        { sku: "TEE-BLK", size: "M", quantity: 1 },
        { sku: "CAP-RED", size: null, quantity: 1 },
      ]);
      expect(created.json.returns.map((r: { state: string }) => r.state)).toEqual([
        "draft",
        "draft",
      ]);

      // A reader is shown what could be returned, but no form.
      const reader = await send("GET", returnablePath(ORDER.id), {
        token: testToken("portal", "user-42", ["portal:returns.read"]),
      });
      expect(reader.json._templates).toEqual({});
    });

    it("returnable - each line says what a return may take now, and offers a pre-filled create only where one is possible", async () => {
      const { send } = await serve({
        orders: { source: orderBook() },
        clock: () => T0,
        exchanges: { offers: exchangeCatalogue().offers },
      });
      expect((await send("POST", "/v1/portal/returns", { body: returnOf(TEE_M) })).status).toBe(
        201,
      );
      const res = await send("GET", returnablePath(ORDER.id));
      expect(res.status, res.text).toBe(200);
      expect(res.json).toMatchObject({
        object: "returnable_order",
        order_id: ORDER.id,
        currency: "EUR",
        placed_at: ORDER.placed_at,
        delivered_at: ORDER.delivered_at,
        _links: {
          self: { href: `${BASE}${returnablePath(ORDER.id)}` },
          returns: { href: `${BASE}/v1/portal/returns?order_id=${ORDER.id}` },
          reasons: { href: `${BASE}/v1/reasons` },
        },
      });
      const [tee, cap, scarf, socks] = res.json.lines;
      expect(tee).toMatchObject({
        sku: "TEE-BLK",
        size: "M",
        purchased: 2,
        in_returns: 1,
        returnable_quantity: 1,
        returnable_until: WINDOW_END,
        final_sale: false,
        unit_price: 2_500,
        refusal: null,
        resolutions: ["REFUND", "STORE_CREDIT", "EXCHANGE"],
      });
      expect(tee.exchange_offers).toEqual([
        {
          sku: "TEE-BLK-L",
          title: "Organic cotton tee",
          variant_title: "Black / L",
          image_url: null,
          unit_price: 2_500,
          currency: "EUR",
          available: true,
        },
        expect.objectContaining({ sku: "TEE-PREMIUM-L", unit_price: 3_200, available: true }),
        expect.objectContaining({ sku: "TEE-BASIC-L", unit_price: 1_800, available: true }),
        expect.objectContaining({ sku: "TEE-BLK-XL", available: false }),
      ]);
      expect(tee._templates.create).toMatchObject({
        method: "POST",
        target: `${BASE}/v1/portal/returns`,
        schema: {
          href: `${BASE}/v1/openapi.json#/components/requestBodies/CreateReturn/content/application~1json/schema`,
        },
        requiredScopes: ["portal:returns.write"],
      });
      expect(tee._templates.create.properties).toEqual([
        { name: "order_id", value: ORDER.id, readOnly: true, required: true },
        { name: "line.sku", value: "TEE-BLK", readOnly: true, required: true },
        { name: "line.size", value: "M", readOnly: true, required: true },
        { name: "line.quantity", value: 1, min: 1, max: 1, required: true },
        { name: "reason", required: true },
        {
          name: "resolution",
          required: true,
          options: { inline: ["REFUND", "STORE_CREDIT", "EXCHANGE"] },
        },
        {
          name: "exchange_for.sku",
          options: { inline: ["TEE-BLK-L", "TEE-PREMIUM-L", "TEE-BASIC-L"] },
        },
      ]);
      expect(cap).toMatchObject({ size: null, refusal: null });
      expect(cap.exchange_offers.map((offer: { sku: string }) => offer.sku)).toEqual(["CAP-BLUE"]);
      expect(cap._templates.create.properties.map((p: { name: string }) => p.name)).not.toContain(
        "line.size",
      );
      expect(scarf).toMatchObject({
        final_sale: true,
        refusal: `${PROBLEM}not-returnable`,
        resolutions: [],
        _templates: {},
      });
      expect(socks).toMatchObject({
        returnable_until: iso(T0 - 86_400_000),
        refusal: `${PROBLEM}return-window-closed`,
        _templates: {},
      });

      // An agent fills in what the template leaves open and sends it as it is.
      const body = bodyFrom(tee._templates.create.properties, {
        reason: "TOO_SMALL_AT_CHEST",
        resolution: "EXCHANGE",
        "exchange_for.sku": "TEE-BLK-L",
      });
      const created = await send("POST", "/v1/portal/returns", { body });
      expect(created.status, created.text).toBe(201);
      const after = await send("GET", returnablePath(ORDER.id));
      expect(after.json.lines[0]).toMatchObject({
        in_returns: 2,
        returnable_quantity: 0,
        refusal: `${PROBLEM}quantity-exceeds-returnable`,
        _templates: {},
      });
    });

    it("returnable - estimates each line's refund per resolution under the shop's policy; the return created carries it", async () => {
      const { send } = await serve({
        orders: { source: orderBook() },
        clock: () => T0,
        policy: {
          refund: {
            restocking_fee: { percent: 10 },
            return_shipping_fee: { amount: { EUR: 495 } },
            store_credit_bonus_percent: 10,
          },
        },
      });
      const res = await send("GET", returnablePath(ORDER.id));
      expect(res.status, res.text).toBe(200);
      const [tee, , scarf] = res.json.lines;
      const estimate = { currency: "EUR", currency_exponent: 2, status: "estimate" };
      // Both units at 2500: 5000, 10 % restocking, the 495 label; store credit adds 400.5 → 401.
      const charged = {
        ...estimate,
        item_amount: 5_000,
        restocking_fee: 500,
        return_shipping_fee: 495,
      };
      expect(tee.refund_estimates).toEqual({
        REFUND: { ...charged, total: 4_005, method: "original_payment" },
        STORE_CREDIT: { ...charged, total: 4_406, method: "store_credit" },
        EXCHANGE: {
          ...estimate,
          item_amount: 0,
          restocking_fee: 0,
          return_shipping_fee: 0,
          total: 0,
          method: "exchange",
        },
      });
      expect(scarf.refund_estimates).toBeNull();

      const created = await send("POST", "/v1/portal/returns", {
        body: returnOf(
          { ...TEE_M, quantity: 2 },
          { reason: "TOO_SMALL_AT_CHEST", resolution: "REFUND" },
        ),
      });
      expect(created.status, created.text).toBe(201);
      expect(created.json.refund).toEqual(tee.refund_estimates.REFUND);
    });

    it("returnable - an unknown order and another customer's are the same 404; a reader sees no form; the back office is 403", async () => {
      const mine = await serve({ orders: { source: orderBook([ORDER]) }, clock: () => T0 });
      // One request id for both: the bodies differ in nothing else.
      const headers = { "x-request-id": "same-404" };
      const unknown = await mine.send("GET", returnablePath(OTHERS_ORDER.id), { headers });
      const { send, merchant } = await serve({ orders: { source: orderBook() }, clock: () => T0 });
      const foreign = await send("GET", returnablePath(OTHERS_ORDER.id), { headers });
      expect(foreign.status).toBe(404);
      expect(foreign.json.type).toBe(`${PROBLEM}order-not-found`);
      expect(foreign.text).toBe(unknown.text);

      const reader = await send("GET", returnablePath(ORDER.id), {
        token: testToken("portal", "user-42", ["portal:returns.read"]),
      });
      expect(reader.status).toBe(200);
      expect(reader.json.lines[0]).toMatchObject({ refusal: null, _templates: {} });
      expect((await send("GET", returnablePath(ORDER.id), { token: merchant })).status).toBe(403);
      expect((await send("HEAD", returnablePath(ORDER.id))).status).toBe(200);
    });

    it("returnable - a service without orders answers 404 orders-not-configured", async () => {
      const { send } = await serve();
      const res = await send("GET", returnablePath(ORDER.id));
      expect(res.status).toBe(404);
      expect(res.json.type).toBe(`${PROBLEM}orders-not-configured`);
    });

    it("orders - concurrent creates for the last unit: one 201, every other a 422, and one return holds it", async () => {
      const { send, store } = await serve({ orders: { source: orderBook() }, clock: () => T0 });
      const responses = await Promise.all(
        Array.from({ length: RIVALS }, () =>
          send("POST", "/v1/portal/returns", { body: returnOf({ sku: "CAP-RED" }) }),
        ),
      );
      const statuses = responses.map((res) => res.status).sort();
      expect(statuses).toEqual([201, ...Array.from({ length: RIVALS - 1 }, () => 422)]);
      for (const res of responses.filter((r) => r.status === 422)) {
        expect(res.json).toMatchObject({
          type: `${PROBLEM}quantity-exceeds-returnable`,
          returnable_quantity: 0,
          in_returns: 1,
        });
      }
      expect(await store.returnedQuantities(ORDER.id)).toEqual([
        { sku: "CAP-RED", size: null, quantity: 1 },
      ]);
      const page = await store.listReturns({ limit: 100 });
      expect(page.data).toHaveLength(1);
      expect(JSON.parse(await storeContents(store)).events[0]).toHaveLength(1);
    });
  });
}
