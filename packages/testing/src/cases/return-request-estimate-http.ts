/**
 * @module testing/cases/return-request-estimate-http — `POST …/return-requests/estimate`: what
 * a request would refund, worked out as its create would (the return shipping fee charged once,
 * shared among the lines), refused as create refuses, and never writing anything. Run by the
 * HTTP suite over every way of mounting.
 */
import { describe, expect, it } from "vitest";
import { T0 } from "../fixtures";
import type { ServeService } from "../http-client";
import { storeContents, testToken } from "../http-client";
import { ORDER, orderBook, TEE_M } from "../order-fixtures";
import { CAP, REQUESTS, requestOf } from "./return-request-http";

const ESTIMATE = `${REQUESTS}/estimate`;
const PROBLEM = "urn:returnkit:problem:";
/** 10 % restocking and a €4.95 return label: TEE-BLK €25.00 and CAP-RED €15.00 share it. */
const POLICY = { restocking_fee: { percent: 10 }, return_shipping_fee: { amount: { EUR: 495 } } };

export function describeRequestEstimatesOverHttp(serve: ServeService): void {
  describe("return request estimates", () => {
    it("estimate - charges the shipping fee once across the lines, as the create then does, and writes nothing", async () => {
      const { send, store } = await serve({
        orders: { source: orderBook() },
        policy: { refund: POLICY },
        clock: () => T0,
      });
      const before = await storeContents(store);

      const res = await send("POST", ESTIMATE, { body: requestOf(TEE_M, CAP), key: null });

      expect(res.status, res.text).toBe(200);
      expect(res.json).toMatchObject({
        object: "return_request_estimate",
        order_id: ORDER.id,
        refund: {
          currency: "EUR",
          item_amount: 4_000,
          restocking_fee: 400,
          return_shipping_fee: 495,
          total: 3_105,
          status: "estimate",
        },
      });
      const shares = res.json.lines.map(
        (line: { refund: { return_shipping_fee: number } }) => line.refund.return_shipping_fee,
      );
      // Shared by what each can carry (€22.50 and €13.50), by largest remainder: 309 + 186.
      expect(shares).toEqual([309, 186]);
      expect(res.json._links.returnable.href).toBe(
        `https://shop.example/v1/portal/orders/${ORDER.id}/returnable`,
      );
      // The returnable view offers it beside create_request: the same form, for a reader too.
      const view = await send("GET", `/v1/portal/orders/${ORDER.id}/returnable`);
      const { create_request, estimate_request } = view.json._templates;
      expect(estimate_request).toMatchObject({
        method: "POST",
        target: `https://shop.example${ESTIMATE}`,
        requiredScopes: ["portal:returns.read"],
        properties: create_request.properties,
      });
      expect(await storeContents(store)).toBe(before);

      const created = await send("POST", REQUESTS, { body: requestOf(TEE_M, CAP) });
      expect(created.status, created.text).toBe(201);
      expect(created.json.refund).toEqual(res.json.refund);
      expect(created.json.returns.map((one: { refund: unknown }) => one.refund)).toEqual(
        res.json.lines.map((line: { refund: unknown }) => line.refund),
      );
    });

    it("estimate - lines the order refuses are a 422 naming each, as on create; nothing is written", async () => {
      const { send, store } = await serve({
        orders: { source: orderBook() },
        policy: { refund: POLICY },
        clock: () => T0,
      });
      const before = await storeContents(store);

      const refused = await send("POST", ESTIMATE, {
        body: requestOf(TEE_M, { sku: "SALE-SCARF" }, { ...CAP, quantity: 2 }),
      });
      const malformed = await send("POST", ESTIMATE, { body: { order_id: ORDER.id, lines: [] } });

      expect(refused.status, refused.text).toBe(422);
      expect(refused.json.type).toBe(`${PROBLEM}return-request-refused`);
      expect(refused.json.lines.map((line: { index: number }) => line.index)).toEqual([1, 2]);
      expect(malformed.status).toBe(400);
      expect(await storeContents(store)).toBe(before);
    });

    it("estimate - a reader may ask, the back office may not, a GET is a 405; without prices every refund is null", async () => {
      const priced = await serve({ orders: { source: orderBook() }, clock: () => T0 });
      const reader = testToken("portal", "user-42", ["portal:returns.read"]);
      const asReader = await priced.send("POST", ESTIMATE, {
        body: requestOf(TEE_M),
        token: reader,
        key: null,
      });
      const asStaff = await priced.send("POST", ESTIMATE, {
        body: requestOf(TEE_M),
        token: priced.merchant,
      });
      expect(asReader.status, asReader.text).toBe(200);
      expect(asReader.json.refund).toMatchObject({ item_amount: 2_500, status: "estimate" });
      expect(asStaff.status).toBe(403);
      // The path is the estimate's, not a request's id: a read of it is a 405, not a 404.
      const read = await priced.send("GET", ESTIMATE);
      expect(read.status).toBe(405);
      expect(read.headers.get("allow")).toBe("POST");

      const unpriced = await serve({ clock: () => T0 });
      const res = await unpriced.send("POST", ESTIMATE, { body: requestOf(TEE_M, CAP) });
      expect(res.status, res.text).toBe(200);
      expect(res.json.refund).toBeNull();
      expect(res.json.lines.map((line: { refund: unknown }) => line.refund)).toEqual([null, null]);
    });
  });
}
