/**
 * @module testing/cases/return-policy — `GET /v1/return-policy`: public (no credentials read),
 * JSON by default and JSON-LD for `?format=jsonld`, cacheable with a strong ETag per form.
 */
import { describe, expect, it } from "vitest";
import type { ServeService } from "../http-client";
import { orderBook } from "../order-fixtures";

const POLICY = "/v1/return-policy";
const JSON_LD = "?format=jsonld";

export function describeReturnPolicy(serve: ServeService): void {
  describe("return policy", () => {
    it("return policy - answers without credentials, as JSON, from the options the service enforces", async () => {
      const { send } = await serve({
        orders: { source: orderBook(), returnWindowDays: 45 },
        policy: { refund: { return_shipping_fee: { amount: { EUR: 495 } } } },
      });
      const res = await send("GET", POLICY, { token: null });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/json");
      expect(res.headers.get("cache-control")).toBe("public, max-age=300");
      expect(res.json).toMatchObject({
        object: "return_policy",
        return_window: { days: 45, counted_from: "delivery" },
        final_sale: { returnable: false },
        return_methods: ["by_mail"],
        fees: { return_shipping_fee: { amount: { EUR: 495 } } },
      });
      // A token, even a bad one, is not read.
      const withToken = await send("GET", POLICY, { token: "Bearer nonsense" });
      expect(withToken.status).toBe(200);
    });

    it("return policy - ?format=jsonld is schema.org MerchantReturnPolicy JSON-LD", async () => {
      const { send } = await serve({ orders: { source: orderBook(), returnWindowDays: 30 } });
      const res = await send("GET", POLICY + JSON_LD, { token: null });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/ld+json");
      expect(res.json).toMatchObject({
        "@context": "https://schema.org",
        "@type": "MerchantReturnPolicy",
        returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow",
        merchantReturnDays: 30,
        returnMethod: "https://schema.org/ReturnByMail",
        returnFees: "https://schema.org/FreeReturn",
      });
      const json = await send("GET", `${POLICY}?format=json`, { token: null });
      expect(json.json.object).toBe("return_policy");
    });

    it("return policy - without the shop's orders, no window and no final-sale rule are claimed", async () => {
      const { send } = await serve();
      const res = await send("GET", POLICY, { token: null });
      expect(res.json).toMatchObject({ return_window: null, final_sale: null });
      const ld = await send("GET", POLICY + JSON_LD, { token: null });
      expect(ld.json.returnPolicyCategory).toBeUndefined();
      expect(ld.json.merchantReturnDays).toBeUndefined();
    });

    it("return policy - each form has its own strong ETag; If-None-Match gets 304, a stale If-Match 412", async () => {
      const { send } = await serve();
      const json = await send("GET", POLICY, { token: null });
      const ld = await send("GET", POLICY + JSON_LD, { token: null });
      const etag = json.headers.get("etag");
      expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
      expect(ld.headers.get("etag")).toMatch(/^"[0-9a-f]{32}"$/);
      expect(ld.headers.get("etag")).not.toBe(etag);
      const cached = await send("GET", POLICY, {
        token: null,
        headers: { "if-none-match": `W/${etag}` },
      });
      expect(cached.status).toBe(304);
      expect(cached.text).toBe("");
      expect(cached.headers.get("etag")).toBe(etag);
      expect(cached.headers.get("cache-control")).toBe("public, max-age=300");
      // The JSON's tag does not validate the JSON-LD.
      const other = await send("GET", POLICY + JSON_LD, {
        token: null,
        headers: { "if-none-match": etag ?? "" },
      });
      expect(other.status).toBe(200);
      const stale = await send("GET", POLICY, { token: null, headers: { "if-match": '"0123"' } });
      expect(stale.status).toBe(412);
      expect(stale.json.type).toBe("urn:returnkit:problem:document-changed");
      const head = await send("HEAD", POLICY, { token: null });
      expect(head.status).toBe(200);
      expect(head.text).toBe("");
      expect(head.headers.get("etag")).toBe(etag);
    });

    it("return policy - an unknown format or query member is a 400; writes are 405", async () => {
      const { send } = await serve();
      for (const query of ["?format=xml", "?fromat=jsonld"]) {
        const res = await send("GET", POLICY + query, { token: null });
        expect(res.status, query).toBe(400);
        expect(res.json.type).toBe("urn:returnkit:problem:invalid-query");
      }
      const post = await send("POST", POLICY, { token: null, body: {} });
      expect(post.status).toBe(405);
      expect(post.headers.get("allow")).toBe("GET, HEAD");
    });
  });
}
