/**
 * @module testing/http-cases/line-reasons — the reasons that fit a line's product
 * (`orders.reasons`): the returnable view offers each line's, structured for a two-step
 * choice, and a reason outside them is a 422 problem on a create and on a request.
 */
import { describe, expect, it } from "vitest";
import { T0 } from "../fixtures";
import { type ServeService, storeContents } from "../http-client";
import { ORDER, orderBook, returnOf, TEE_M } from "../order-fixtures";

const PROBLEM = "urn:returnkit:problem:";
const returnablePath = `/v1/portal/orders/${ORDER.id}/returnable`;
/** ORDER's tee is a `T-shirt`: no fit reasons at the foot or the inseam. */
const TEE_PARTS = ["CHEST", "WAIST", "SHOULDERS", "SLEEVES", "NECK", "LENGTH"];
const reasons = { byProductType: { "T-shirt": ["TOO_SMALL", "TOO_LARGE", ...TEE_PARTS] } };

export function describeLineReasonsOverHttp(serve: ServeService): void {
  describe("reasons that fit the product", () => {
    it("returnable - each line offers its reasons: categories, then fit's directions and body parts", async () => {
      const { send } = await serve({ orders: { source: orderBook(), reasons }, clock: () => T0 });
      const res = await send("GET", returnablePath);
      expect(res.status, res.text).toBe(200);
      const [tee, cap] = res.json.lines;
      expect(tee.reasons.categories).toEqual([
        "FIT",
        "DAMAGED",
        "DEFECTIVE",
        "WRONG_ITEM",
        "NOT_AS_DESCRIBED",
        "CHANGED_MIND",
        "ARRIVED_LATE",
        "OTHER",
      ]);
      expect(tee.reasons.fit.directions).toEqual([
        "TOO_SMALL",
        "TOO_LARGE",
        "TOO_TIGHT",
        "TOO_LOOSE",
        "TOO_SHORT",
        "TOO_LONG",
      ]);
      expect(tee.reasons.fit.body_parts).toEqual(TEE_PARTS);
      expect(tee.reasons.fit.reasons).toContainEqual({
        code: "TOO_LONG_AT_SLEEVES",
        direction: "TOO_LONG",
        body_part: "SLEEVES",
      });
      expect(tee.reasons.codes).not.toContain("TOO_LONG_AT_FOOT");
      // The cap names no product type: every reason.
      expect(cap.reasons.fit.body_parts).toContain("FOOT");
      expect(cap.reasons.codes).toHaveLength(2 + 6 * 12 + 7);
    });

    it("create - a reason outside the line's is a 422 problem naming the line and listing what it allows; nothing is written", async () => {
      const { send, store } = await serve({
        orders: { source: orderBook(), reasons },
        clock: () => T0,
      });
      const before = await storeContents(store);
      const res = await send("POST", "/v1/portal/returns", {
        body: returnOf(TEE_M, { reason: "TOO_LONG_AT_FOOT" }),
      });
      expect(res.status, res.text).toBe(422);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      expect(res.json).toMatchObject({
        type: `${PROBLEM}reason-not-allowed`,
        status: 422,
        order_id: ORDER.id,
        sku: "TEE-BLK",
        size: "M",
        reason: "TOO_LONG_AT_FOOT",
        errors: [{ path: "reason", message: "not allowed for TEE-BLK (size M)" }],
      });
      expect(res.json.detail).toContain("at CHEST, WAIST, SHOULDERS, SLEEVES, NECK, LENGTH");
      expect(res.json.allowed_reasons).toContain("TOO_TIGHT_AT_NECK");
      expect(res.json.allowed_reasons).not.toContain("TOO_SHORT_AT_INSEAM");
      expect(await storeContents(store)).toBe(before);
      const allowed = await send("POST", "/v1/portal/returns", {
        body: returnOf(TEE_M, { reason: "TOO_LONG_AT_SLEEVES" }),
      });
      expect(allowed.status, allowed.text).toBe(201);
    });

    it("request - a refused line is named by its index with what it allows; nothing is written", async () => {
      const { send, store } = await serve({
        orders: { source: orderBook(), reasons },
        clock: () => T0,
      });
      const before = await storeContents(store);
      const res = await send("POST", "/v1/portal/return-requests", {
        body: {
          order_id: ORDER.id,
          lines: [
            { line: { sku: "CAP-RED" }, quantity: 1, reason: "TOO_SMALL", resolution: "REFUND" },
            { line: TEE_M, quantity: 1, reason: "TOO_SHORT_AT_INSEAM", resolution: "REFUND" },
          ],
        },
      });
      expect(res.status, res.text).toBe(422);
      expect(res.json.type).toBe(`${PROBLEM}return-request-refused`);
      expect(res.json.lines).toHaveLength(1);
      expect(res.json.lines[0]).toMatchObject({
        index: 1,
        type: `${PROBLEM}reason-not-allowed`,
        sku: "TEE-BLK",
        reason: "TOO_SHORT_AT_INSEAM",
      });
      expect(res.json.lines[0].allowed_reasons).toContain("TOO_SHORT_AT_LENGTH");
      expect(res.json.detail).toContain("line 1: TOO_SHORT_AT_INSEAM is not a reason for TEE-BLK");
      expect(await storeContents(store)).toBe(before);
    });
  });
}
