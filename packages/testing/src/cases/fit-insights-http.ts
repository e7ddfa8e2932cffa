/**
 * @module testing/cases/fit-insights-http — the back office's fit insights over HTTP: per sku
 * and size by direction, body part and reason; per sku with its top fit issue; a bad query is
 * a 400 and only a merchant with a read scope may ask.
 */
import { describe, expect, it } from "vitest";
import { validCreate } from "../fixtures";
import type { ServeService } from "../http-client";
import { testToken } from "../http-client";

const FIT = "/v1/merchant/insights/fit";
const SUMMARY = `${FIT}/summary`;
const INSPECTION = ["submit", "approve", "ship", "receive", "grade"];

type Client = Awaited<ReturnType<ServeService>>;

/** The path and query of a link the service gave, below the mount path: what `send` takes. */
const pathOf = (href: string) => href.slice(href.indexOf("/v1/"));

/** Creates a return of `sku` in `size` for `reason`, then sends `events` to it. */
async function returnOf(
  client: Client,
  sku: string,
  size: string,
  reason: string,
  events: string[] = [],
) {
  const created = await client.create({ ...validCreate, line: { sku, quantity: 1, size }, reason });
  for (const name of events) {
    const res = await client.event(created.id, name);
    expect(res.status, res.text).toBe(200);
  }
}

/** Tees: mostly too small at the chest in M (one of them graded), one cancelled. */
async function someTees(client: Client) {
  await returnOf(client, "TEE", "M", "TOO_SMALL_AT_CHEST", INSPECTION);
  await returnOf(client, "TEE", "M", "TOO_SMALL_AT_CHEST");
  await returnOf(client, "TEE", "M", "TOO_TIGHT_AT_CHEST");
  await returnOf(client, "TEE", "M", "DAMAGED");
  await returnOf(client, "TEE", "M", "TOO_SMALL_AT_CHEST", ["cancel"]);
  await returnOf(client, "TEE", "L", "TOO_LARGE");
  await returnOf(client, "SOCKS", "42", "CHANGED_MIND");
}

const counts = (returns: number, confirmed = 0) => ({
  returns,
  units: returns,
  confirmed_returns: confirmed,
  confirmed_units: confirmed,
});

export function describeFitInsightsHttp(serve: ServeService): void {
  describe("fit insights", () => {
    it("insights - per sku and size: fit returns by direction, body part and every reason", async () => {
      const client = await serve();
      await someTees(client);

      const res = await client.send("GET", `${FIT}?sku=TEE`, { token: client.merchant });

      expect(res.status, res.text).toBe(200);
      expect(res.json).toMatchObject({ object: "fit_insights", sku: "TEE", from: null, to: null });
      const [large, medium] = res.json.data;
      expect(res.json.data).toHaveLength(2);
      expect(large).toMatchObject({ sku: "TEE", size: "L", all: counts(1), fit: counts(1) });
      expect(medium).toEqual({
        sku: "TEE",
        size: "M",
        all: counts(4, 1),
        fit: counts(3, 1),
        by_direction: [
          { direction: "TOO_SMALL", ...counts(2, 1) },
          { direction: "TOO_TIGHT", ...counts(1) },
        ],
        by_body_part: [{ body_part: "CHEST", ...counts(3, 1) }],
        by_reason: [
          {
            reason: "TOO_SMALL_AT_CHEST",
            kind: "fit",
            direction: "TOO_SMALL",
            body_part: "CHEST",
            ...counts(2, 1),
          },
          { reason: "DAMAGED", kind: "other", direction: null, body_part: null, ...counts(1) },
          {
            reason: "TOO_TIGHT_AT_CHEST",
            kind: "fit",
            direction: "TOO_TIGHT",
            body_part: "CHEST",
            ...counts(1),
          },
        ],
      });
    });

    it("insights - the summary gives each sku's fit share and its top fit issue", async () => {
      const client = await serve();
      await someTees(client);

      const res = await client.send("GET", SUMMARY, { token: client.merchant });

      expect(res.status, res.text).toBe(200);
      expect(res.json).toEqual({
        object: "fit_summary",
        sku: null,
        from: null,
        to: null,
        data: [
          {
            sku: "TEE",
            all: counts(5, 1),
            fit: counts(4, 1),
            fit_share: 0.8,
            top: {
              direction: "TOO_SMALL",
              body_part: "CHEST",
              size: "M",
              label: "TOO_SMALL at CHEST in M",
              ...counts(2, 1),
            },
          },
          { sku: "SOCKS", all: counts(1), fit: counts(0), fit_share: 0, top: null },
        ],
        next_cursor: null,
        _links: {
          self: { href: expect.stringMatching(/\/v1\/merchant\/insights\/fit\/summary$/) },
        },
      });
    });

    it("insights - from and to bound the creation time, echoed as UTC", async () => {
      const client = await serve();
      await someTees(client);
      const past = "2000-01-01";
      const future = "2999-01-01T01:00:00+01:00";

      const all = await client.send(
        "GET",
        `${SUMMARY}?from=${past}&to=${encodeURIComponent(future)}`,
        {
          token: client.merchant,
        },
      );
      const none = await client.send("GET", `${FIT}?to=${past}`, { token: client.merchant });

      expect(all.status, all.text).toBe(200);
      expect(all.json).toMatchObject({
        from: "2000-01-01T00:00:00.000Z",
        to: "2999-01-01T00:00:00.000Z",
      });
      expect(all.json.data.map((entry: { sku: string }) => entry.sku)).toEqual(["TEE", "SOCKS"]);
      expect(none.status, none.text).toBe(200);
      expect(none.json.data).toEqual([]);
    });

    it("insights - a bad query (dates, from not before to, unknown names) is a 400 invalid-query", async () => {
      const { send, merchant } = await serve();
      const bad = [
        "from=yesterday",
        "to=2026-02-30",
        "from=2026-01-02&to=2026-01-02",
        "from=2026-01-03&to=2026-01-02",
        "from=2026-01-01T10:00:00",
        "sku=",
        "group=sku",
        "limit=0",
        "limit=101",
        "limit=ten",
        "limit=1.5",
        "cursor=",
        "cursor=not-a-cursor",
        `cursor=${"A".repeat(2001)}`,
      ];
      for (const query of bad) {
        for (const path of [FIT, SUMMARY]) {
          const res = await send("GET", `${path}?${query}`, { token: merchant });
          expect(res.status, `${path}?${query}: ${res.text}`).toBe(400);
          expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
          expect(res.json.type).toBe("urn:returnkit:problem:invalid-query");
        }
      }
    });

    it("insights - sizes come a page at a time: 20 by default, next_cursor and _links.next walk each once", async () => {
      const client = await serve();
      const sizes = Array.from({ length: 23 }, (_, i) => `EU-${String(i).padStart(2, "0")}`);
      for (const size of sizes) await returnOf(client, "SHOE", size, "TOO_SMALL");

      const first = await client.send("GET", `${FIT}?sku=SHOE`, { token: client.merchant });
      const next = await client.send("GET", pathOf(first.json._links.next.href), {
        token: client.merchant,
      });
      const small = await client.send("GET", `${FIT}?sku=SHOE&limit=22`, {
        token: client.merchant,
      });
      const last = await client.send(
        "GET",
        `${FIT}?sku=SHOE&limit=22&cursor=${small.json.next_cursor}`,
        { token: client.merchant },
      );

      expect(first.status, first.text).toBe(200);
      expect(first.json.data.map((entry: { size: string }) => entry.size)).toEqual(
        sizes.slice(0, 20),
      );
      expect(pathOf(first.json._links.self.href)).toBe(`${FIT}?sku=SHOE`);
      expect(pathOf(first.json._links.next.href)).toBe(
        `${FIT}?sku=SHOE&cursor=${first.json.next_cursor}`,
      );
      expect(next.status, next.text).toBe(200);
      expect(next.json.data.map((entry: { size: string }) => entry.size)).toEqual(sizes.slice(20));
      expect(next.json).toMatchObject({ sku: "SHOE", next_cursor: null });
      expect(next.json._links.next).toBeUndefined();
      // A full last page ends the walk too.
      expect(last.json.data.map((entry: { size: string }) => entry.size)).toEqual(["EU-22"]);
      expect(last.json.next_cursor).toBeNull();
    });

    it("insights - the summary comes a page at a time, the most fit returns first", async () => {
      const client = await serve();
      await someTees(client);
      await returnOf(client, "DRESS", "S", "TOO_LARGE_AT_HIPS");

      const walked: string[] = [];
      let path: string | null = `${SUMMARY}?limit=1`;
      while (path) {
        const res = await client.send("GET", path, { token: client.merchant });
        expect(res.status, res.text).toBe(200);
        walked.push(...res.json.data.map((entry: { sku: string }) => entry.sku));
        path = res.json._links.next ? pathOf(res.json._links.next.href) : null;
        expect(walked.length).toBeLessThan(10);
      }

      expect(walked).toEqual(["TEE", "DRESS", "SOCKS"]);
    });

    it("insights - a cursor is refused by the other route: 400 invalid-query", async () => {
      const client = await serve();
      await returnOf(client, "TEE", "M", "TOO_SMALL");
      await returnOf(client, "SOCKS", "42", "TOO_SMALL");
      const token = { token: client.merchant };
      const sizes = await client.send("GET", `${FIT}?limit=1`, token);
      const skus = await client.send("GET", `${SUMMARY}?limit=1`, token);

      const crossed = [
        await client.send("GET", `${SUMMARY}?cursor=${sizes.json.next_cursor}`, token),
        await client.send("GET", `${FIT}?cursor=${skus.json.next_cursor}`, token),
      ];

      expect([sizes.json.next_cursor, skus.json.next_cursor]).not.toContain(null);
      for (const res of crossed) {
        expect(res.status, res.text).toBe(400);
        expect(res.json.type).toBe("urn:returnkit:problem:invalid-query");
      }
    });

    it("insights - only a merchant with a read scope may ask", async () => {
      const { send, portal } = await serve();

      const customer = await send("GET", FIT, { token: portal() });
      const unscoped = await send("GET", SUMMARY, {
        token: testToken("merchant", "ops", ["merchant:webhooks.manage"]),
      });
      const anonymous = await send("GET", FIT, { token: null });

      expect(customer.status).toBe(403);
      expect(unscoped.status).toBe(403);
      expect(anonymous.status).toBe(401);
    });
  });
}
