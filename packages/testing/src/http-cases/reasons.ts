/**
 * @module testing/http-cases/reasons — the reason catalogue: who may read it, and the short
 * problem that points to it when a request names a reason it does not hold.
 */
import { describe, expect, it } from "vitest";
import { validCreate } from "../fixtures";
import { BASE, type ServeService, testToken } from "../http-client";

/** `GET /v1/reasons` and an unknown reason refused with a link to it. */
export function describeReasonsOverHttp(serve: ServeService): void {
  describe("reasons", () => {
    it("reasons - GET /v1/reasons lists the catalogue to any caller with a read scope", async () => {
      const { send, merchant } = await serve({ reasons: { other: ["GIFT_DUPLICATE"] } });
      const readers = [
        testToken("portal", "user-42", ["portal:returns.read"]),
        testToken("portal", "user-42", ["portal:returns.write"]),
        testToken("merchant", "backoffice", ["merchant:returns.read"]),
        merchant,
      ];
      for (const token of readers) {
        const res = await send("GET", "/v1/reasons", { token });
        expect(res.status, res.text).toBe(200);
        expect(res.json.object).toBe("list");
        expect(res.json.data).toContainEqual({
          code: "TOO_SMALL_AT_CHEST",
          kind: "fit",
          direction: "TOO_SMALL",
          body_part: "CHEST",
          label: "Too small at the chest",
        });
        expect(res.json.data.at(-1)).toMatchObject({ code: "GIFT_DUPLICATE", kind: "other" });
      }
      const anonymous = await send("GET", "/v1/reasons", { token: null });
      expect(anonymous.status).toBe(401);
      expect(anonymous.json.type).toBe("urn:returnkit:problem:unauthenticated");
      const noScope = await send("GET", "/v1/reasons", {
        token: testToken("merchant", "backoffice", []),
      });
      expect(noScope.status).toBe(403);
      expect(noScope.json.required_scopes).toEqual([
        "merchant:returns.read",
        "merchant:returns.write",
      ]);
    });

    it("bad input - an unknown reason names the rule and links the catalogue, in a short problem", async () => {
      const { send } = await serve({ mountPath: "/returns" });
      const res = await send("POST", "/v1/portal/returns", {
        body: { ...validCreate, reason: "TOO_BLUE" },
      });
      expect(res.status).toBe(400);
      // Listing ~80 codes in detail and again in errors made a 3.6 KB answer.
      expect(res.text.length).toBeLessThan(1024);
      expect(res.json.errors).toEqual([{ path: "reason", message: expect.any(String) }]);
      expect(res.json.detail).not.toContain("CHANGED_MIND");
      const href = /https?:\/\/\S+\/v1\/reasons/.exec(res.json.errors[0].message)?.[0];
      expect(href, res.json.errors[0].message).toBe(`${BASE}/returns/v1/reasons`);
      const catalogue = await send("GET", "/v1/reasons");
      expect(catalogue.status).toBe(200);
      expect(catalogue.json.data).toContainEqual(
        expect.objectContaining({ code: "TOO_SMALL_AT_CHEST" }),
      );
    });
  });
}
