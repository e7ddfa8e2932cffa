/**
 * @module testing/http-cases/erasure — erasing a customer's or an order's personal data over
 * HTTP: 202 with the job pending, once per Idempotency-Key, then completed once the service's
 * scheduler ran it; bad input a 400 problem and nothing set; only the back office's write
 * scope may ask, its read scope see where it stands.
 */
import { describe, expect, it } from "vitest";
import { validCreate } from "../fixtures";
import { type ServeService, testToken } from "../http-client";

/** Not ASCII, with a space and a plus: what a mount may decode differently. */
const CUSTOMER = "zoë erase+1@example.com";
const ERASURE = `/v1/merchant/customers/${encodeURIComponent(CUSTOMER)}/erasure`;

export function describeErasureOverHttp(serve: ServeService): void {
  describe("erasure", () => {
    it("erasure - 202 pending, replayed for its key, completed once the job ran; the export is empty", async () => {
      const { service, send, merchant } = await serve();
      const principal = { kind: "portal" as const, id: CUSTOMER, scopes: ["portal:returns.write"] };
      await service.createReturn(validCreate, { principal, idempotencyKey: "c1" });

      const asked = await send("POST", ERASURE, {
        token: merchant,
        key: "erase-1",
        body: { reason: "customers/redact" },
      });
      const again = await send("POST", ERASURE, {
        token: merchant,
        key: "erase-1",
        body: { reason: "customers/redact" },
      });
      expect(asked.status, asked.text).toBe(202);
      expect(asked.json).toEqual({ object: "erasure", scope: "customer", status: "pending" });
      expect(again.status).toBe(202);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      const before = await send("GET", ERASURE, { token: merchant });
      expect(before.json).toMatchObject({ status: "pending" });

      expect(await service.scheduler.fireDue()).toBeGreaterThan(0);

      const after = await send("GET", ERASURE, { token: merchant });
      expect(after.status).toBe(200);
      expect(after.json).toEqual({ object: "erasure", scope: "customer", status: "completed" });
      const exported = await send(
        "GET",
        `/v1/merchant/customers/${encodeURIComponent(CUSTOMER)}/export`,
        { token: merchant },
      );
      expect(exported.json.returns).toEqual([]);
    });

    it("erasure - an order's returns too; a bad reason or id is a 400 problem and sets no job", async () => {
      const { service, send, merchant } = await serve();
      for (const [path, body, field] of [
        [ERASURE, {}, "reason"],
        [ERASURE, { reason: "" }, "reason"],
        [ERASURE, { reason: "x", extra: 1 }, "extra"],
        [`/v1/merchant/customers/${"c".repeat(256)}/erasure`, { reason: "x" }, "customer_id"],
        ["/v1/merchant/orders/nul%00/erasure", { reason: "x" }, "order_id"],
      ] as const) {
        const answer = await send("POST", path, { token: merchant, body });
        expect(answer.status, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(answer.headers.get("content-type")).toContain("application/problem+json");
        expect(JSON.stringify(answer.json), path).toContain(field);
      }
      expect(await service.scheduler.fireDue()).toBe(0);
      const order = await send("POST", "/v1/merchant/orders/ord_1001/erasure", {
        token: merchant,
        body: { reason: "orders_to_redact" },
      });
      expect(order.status).toBe(202);
      expect(order.json).toMatchObject({ scope: "order", status: "pending" });
    });

    it("erasure - only the back office's write scope may ask, its read scope see it", async () => {
      const { send } = await serve();
      const ask = (token: string | null) => send("POST", ERASURE, { token, body: { reason: "x" } });
      expect((await ask(null)).status).toBe(401);
      expect((await ask(testToken("portal", CUSTOMER))).status).toBe(403);
      const reader = testToken("merchant", "ops", ["merchant:returns.read"]);
      expect((await ask(reader)).status).toBe(403);
      expect((await send("GET", ERASURE, { token: reader })).status).toBe(200);
      expect((await send("GET", ERASURE, { token: testToken("portal", CUSTOMER) })).status).toBe(
        403,
      );
    });
  });
}
