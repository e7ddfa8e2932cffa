/**
 * @module testing/http-cases/customer-export — a customer's data export over HTTP: a customer
 * id percent-encoded in the path and the paging query reach the operation through every mount,
 * each page a piece of the export with a `next` link, bad input a 400, and only the back
 * office's read scopes let it through.
 */
import { describe, expect, it } from "vitest";
import { validCreate } from "../fixtures";
import { type ServeService, testToken } from "../http-client";

/** Not ASCII, with a space, a plus and an at sign: what a mount may decode differently. */
const CUSTOMER = "zoë ødegaard+1@example.com";
const EXPORT = `/v1/merchant/customers/${encodeURIComponent(CUSTOMER)}/export`;

export function describeCustomerExportOverHttp(serve: ServeService): void {
  describe("customer export", () => {
    it("customer export - pages a customer's returns with a next link, none of another customer's", async () => {
      const { service, send, create, merchant } = await serve();
      const principal = { kind: "portal" as const, id: CUSTOMER, scopes: ["portal:returns.write"] };
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const body = { ...validCreate, order_id: `ord_${i}` };
        const { record } = await service.createReturn(body, { principal, idempotencyKey: `k${i}` });
        ids.push(record.id);
      }
      await create({ ...validCreate, order_id: "ord_other" }, "user-7");

      const seen: string[] = [];
      let url: string | null = `${EXPORT}?limit=2`;
      let pages = 0;
      while (url) {
        const page = await send("GET", url, { token: merchant });
        expect(page.status, page.text).toBe(200);
        expect(page.json).toMatchObject({
          schema: "returnkit.customer-export/1",
          customer_id: CUSTOMER,
          return_requests: [],
        });
        seen.push(...page.json.returns.map((r: { id: string }) => r.id));
        const next: string | undefined = page.json._links.next?.href;
        expect(Boolean(next)).toBe(page.json.next_cursor !== null);
        url = next
          ? new URL(next).pathname.replace(/^.*(?=\/v1\/)/, "") + new URL(next).search
          : null;
        pages++;
      }
      expect(pages).toBe(2);
      expect(seen).toEqual([...ids].reverse());
    });

    it("customer export - a customer with no returns gets an empty export, not a 404", async () => {
      const { send, merchant } = await serve();
      const answer = await send("GET", "/v1/merchant/customers/nobody/export", { token: merchant });
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({ customer_id: "nobody", returns: [], next_cursor: null });
      expect(answer.json._links.next).toBeUndefined();
    });

    it("customer export - a bad cursor, limit, member or customer id is a 400 problem naming it", async () => {
      const { send, merchant } = await serve();
      for (const [path, field] of [
        [`${EXPORT}?cursor=abc`, "cursor"],
        [`${EXPORT}?limit=0`, "limit"],
        [`${EXPORT}?limit=many`, "limit"],
        [`${EXPORT}?state=draft`, "state"],
        [`/v1/merchant/customers/${"c".repeat(256)}/export`, "customer_id"],
        ["/v1/merchant/customers/nul%00/export", "customer_id"],
      ] as const) {
        const answer = await send("GET", path, { token: merchant });
        expect(answer.status, path).toBe(400);
        expect(answer.headers.get("content-type")).toContain("application/problem+json");
        expect(JSON.stringify(answer.json.errors), path).toContain(field);
      }
    });

    it("customer export - only the back office's returns scopes may read it", async () => {
      const { send } = await serve();
      const asked = (token: string | null) => send("GET", EXPORT, { token });
      expect((await asked(null)).status).toBe(401);
      const portal = await asked(testToken("portal", CUSTOMER));
      expect(portal.status).toBe(403);
      expect(portal.json.required_scopes).toEqual([
        "merchant:returns.read",
        "merchant:returns.write",
      ]);
      const webhooksOnly = testToken("merchant", "ops", ["merchant:webhooks.manage"]);
      expect((await asked(webhooksOnly)).status).toBe(403);
      const reader = testToken("merchant", "ops", ["merchant:returns.read"]);
      expect((await asked(reader)).status).toBe(200);
    });
  });
}
