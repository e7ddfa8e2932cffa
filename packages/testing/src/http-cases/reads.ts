/**
 * @module testing/http-cases/reads — what each caller reads: a customer only their own returns,
 * the back office every return by state and order, a page at a time.
 */
import { describe, expect, it } from "vitest";
import { validCreate } from "../fixtures";
import type { ServeService } from "../http-client";

/** A customer reads only their own returns; the back office filters and pages. */
export function describeReadsOverHttp(serve: ServeService): void {
  describe("reads", () => {
    it("portal - another customer's return is a 404 and lists show only one's own", async () => {
      const { send, create, portal } = await serve();
      const mine = await create(validCreate, "user-42");
      await create({ ...validCreate, order_id: "ord_2" }, "user-7");
      const other = await send("GET", `/v1/portal/returns/${mine.id}`, { token: portal("user-7") });
      expect(other.status).toBe(404);
      const cancel = await send("POST", `/v1/portal/returns/${mine.id}/cancel`, {
        token: portal("user-7"),
      });
      expect(cancel.status).toBe(404);
      const list = await send("GET", "/v1/portal/returns", { token: portal("user-7") });
      expect(list.json.data.map((r: { customer_id: string }) => r.customer_id)).toEqual(["user-7"]);
    });

    it("list - merchant filters by state and pages with next_cursor and a next link", async () => {
      const { send, create, event, merchant } = await serve();
      const ids: string[] = [];
      for (let i = 0; i < 5; i++)
        ids.push((await create({ ...validCreate, order_id: `ord_${i}` })).id);
      await event(ids[0]!, "submit");
      const submitted = await send("GET", "/v1/merchant/returns?state=submitted", {
        token: merchant,
      });
      expect(submitted.json.data.map((r: { id: string }) => r.id)).toEqual([ids[0]]);
      const seen: string[] = [];
      let url: string | null = "/v1/merchant/returns?limit=2";
      while (url) {
        const page = await send("GET", url, { token: merchant });
        expect(page.status).toBe(200);
        seen.push(...page.json.data.map((r: { id: string }) => r.id));
        url = page.json._links.next
          ? new URL(page.json._links.next.href).pathname +
            new URL(page.json._links.next.href).search
          : null;
        if (url && !page.json.next_cursor) throw new Error("next link without cursor");
      }
      expect(seen).toEqual([...ids].reverse());
      const byOrder = await send("GET", "/v1/merchant/returns?order_id=ord_3", { token: merchant });
      expect(byOrder.json.data).toHaveLength(1);
      const badState = await send("GET", "/v1/merchant/returns?state=lost", { token: merchant });
      expect(badState.status).toBe(400);
    });

    it("list - merchant filters by reason, resolution and creation window; the next link keeps them", async () => {
      const { send, create, merchant } = await serve();
      const refund = { ...validCreate, resolution: "REFUND", exchange_for: undefined };
      const damaged = [];
      for (let i = 0; i < 3; i++)
        damaged.push((await create({ ...refund, order_id: `ord_${i}`, reason: "DAMAGED" })).id);
      await create({ ...validCreate, order_id: "ord_9", reason: "DAMAGED" });
      await create({ ...refund, order_id: "ord_8" });
      const list = (query: string) =>
        send("GET", `/v1/merchant/returns?${query}`, { token: merchant });
      const ids = (page: { json: { data: { id: string }[] } }) => page.json.data.map((r) => r.id);

      const first = await list(
        "reason=DAMAGED&resolution=REFUND&created_from=2000-01-01T00:00:00Z&limit=2",
      );
      expect(ids(first)).toEqual([damaged[2], damaged[1]]);
      const next = new URL(first.json._links.next.href);
      expect(ids(await list(next.search.slice(1)))).toEqual([damaged[0]]);
      expect(ids(await list("created_to=2000-01-01T00:00:00Z"))).toEqual([]);
    });

    it("list - a bad merchant filter is a 400 problem naming it", async () => {
      const { send, merchant } = await serve();
      for (const [query, field] of [
        ["resolution=MONEY_BACK", "resolution"],
        ["reason=damaged%20box", "reason"],
        ["created_from=yesterday", "created_from"],
        ["created_from=2026-11-28T00:00:00Z&created_to=2026-11-01T00:00:00Z", "created_to"],
      ] as const) {
        const answer = await send("GET", `/v1/merchant/returns?${query}`, { token: merchant });
        expect(answer.status, query).toBe(400);
        expect(answer.headers.get("content-type")).toContain("application/problem+json");
        expect(JSON.stringify(answer.json), query).toContain(field);
      }
    });
  });
}
