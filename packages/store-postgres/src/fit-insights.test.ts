import { createReturnsService } from "@returnkit/core";
import { makeStoredReturn, testAuthenticate, testToken } from "@returnkit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "./migrate";
import { postgresStore } from "./postgres-store";
import {
  backends,
  dropSchema,
  query,
  STARTUP_TIMEOUT_MS,
  uniqueSchema,
  warmUp,
  warnWithoutServer,
} from "./test-support";

warnWithoutServer("the fit insights migration cases");

const FIT = "https://shop.example/v1/merchant/insights/fit";

for (const backend of backends()) {
  describe.skipIf(backend.skip)(`fit insights columns on ${backend.name}`, () => {
    beforeAll(() => warmUp(backend), STARTUP_TIMEOUT_MS);
    afterAll(() => backend.closeAll());

    it("migrate - 003 fills the fit columns of returns written before it", async () => {
      const db = backend.connect();
      const schema = uniqueSchema("fit");
      const store = postgresStore({ db, schema, notify: false });
      await store.init();
      const line = { sku: "TEE", size: null, quantity: 2 };
      const stored = makeStoredReturn({ line, reason: "TOO_LONG_AT_SLEEVES", state: "graded" });
      expect((await store.commit({ next: stored, expectedVersion: null, events: [] })).ok).toBe(
        true,
      );
      // Back to the schema before 003, the row kept: as a database that ran 001 only.
      const returns = `"${schema}"."returnkit_returns"`;
      await query(
        db,
        `ALTER TABLE ${returns} DROP COLUMN sku, DROP COLUMN size, DROP COLUMN reason,
           DROP COLUMN quantity, DROP COLUMN created_at`,
      );
      await query(db, `DELETE FROM "${schema}"."returnkit_migrations" WHERE version = 3`);

      expect((await migrate({ db, schema })).applied).toEqual(["003_fit_insights"]);

      const { rows } = await query(
        db,
        `SELECT sku, size, reason, quantity, created_at FROM ${returns}`,
      );
      expect(rows).toEqual([
        {
          sku: "TEE",
          size: null,
          reason: "TOO_LONG_AT_SLEEVES",
          quantity: 2,
          created_at: stored.record.created_at,
        },
      ]);
      expect(await store.fitInsights({ sku: "TEE" })).toEqual([
        {
          sku: "TEE",
          size: null,
          reason: "TOO_LONG_AT_SLEEVES",
          returns: 1,
          units: 2,
          confirmed_returns: 1,
          confirmed_units: 2,
        },
      ]);
      await store.close();
      await dropSchema(db, schema);
    });

    it("GET insights - both routes page on PostgreSQL: each entry once, the summary in the ranking it shows", async () => {
      const db = backend.connect();
      const schema = uniqueSchema("fitpages");
      const store = postgresStore({ db, schema, notify: false });
      await store.init();
      // Fit returns per sku: DRESS 3, HAT 2 (a body part no catalogue lists), TEE 2, CAP 0 (an
      // other reason of the shop's shaped like a fit reason), SOCKS 0.
      const made: Array<[string, string | null, string]> = [
        ["DRESS", "S", "TOO_LARGE_AT_HIPS"],
        ["DRESS", "M", "TOO_LARGE_AT_HIPS"],
        ["DRESS", null, "TOO_LARGE"],
        ["HAT", "L", "TOO_TIGHT_AT_CROWN"],
        ["HAT", "M", "TOO_TIGHT_AT_CROWN"],
        ["TEE", "M", "TOO_SMALL_AT_CHEST"],
        ["TEE", "M", "TOO_SMALL"],
        ["TEE", "L", "DAMAGED"],
        ["CAP", null, "TOO_SMALL_AT_CHECKOUT"],
        ["CAP", null, "TOO_SMALL_AT_CHECKOUT"],
        ["SOCKS", "42", "WRONG_ITEM"],
      ];
      for (const [sku, size, reason] of made) {
        const stored = makeStoredReturn({ line: { sku, size, quantity: 1 }, reason });
        expect((await store.commit({ next: stored, expectedVersion: null, events: [] })).ok).toBe(
          true,
        );
      }
      const service = createReturnsService({
        store,
        baseUrl: "https://shop.example",
        auth: { authenticate: testAuthenticate },
        retention: { intervalMs: 0 },
        reasons: { other: ["TOO_SMALL_AT_CHECKOUT"] },
      });
      const walk = async (url: string) => {
        const entries: Array<{ sku: string; size?: string | null; fit: { returns: number } }> = [];
        for (let next: string | undefined = url; next !== undefined; ) {
          const headers = { authorization: testToken("merchant", "ops") };
          const response = await service.fetch(new Request(next, { headers }));
          const body = await response.json();
          expect(response.status, JSON.stringify(body)).toBe(200);
          entries.push(...body.data);
          next = body._links.next?.href;
          expect(entries.length).toBeLessThan(20);
        }
        return entries;
      };

      const skus = await walk(`${FIT}/summary?limit=2`);
      const sizes = await walk(`${FIT}?limit=2`);

      expect(skus.map((entry) => [entry.sku, entry.fit.returns])).toEqual([
        ["DRESS", 3],
        ["HAT", 2],
        ["TEE", 2],
        ["CAP", 0],
        ["SOCKS", 0],
      ]);
      expect(sizes.map((entry) => `${entry.sku} ${entry.size}`)).toEqual([
        "CAP null",
        "DRESS M",
        "DRESS S",
        "DRESS null",
        "HAT L",
        "HAT M",
        "SOCKS 42",
        "TEE L",
        "TEE M",
      ]);
      await service.close();
      await store.close();
      await dropSchema(db, schema);
    });

    it("GET insights - a sku returned past 2^31 units is counted exactly, on both routes", async () => {
      const db = backend.connect();
      const schema = uniqueSchema("fitbig");
      const store = postgresStore({ db, schema, notify: false });
      await store.init();
      // The API takes at most 10,000 units a return; the store counts whatever it holds.
      const most = 2 ** 31 - 1;
      for (const quantity of [most, most]) {
        const line = { sku: "TEE", size: "M", quantity };
        const stored = makeStoredReturn({ line, reason: "TOO_SMALL_AT_CHEST" });
        expect((await store.commit({ next: stored, expectedVersion: null, events: [] })).ok).toBe(
          true,
        );
      }
      const service = createReturnsService({
        store,
        baseUrl: "https://shop.example",
        auth: { authenticate: testAuthenticate },
        retention: { intervalMs: 0 },
      });
      const get = async (url: string) => {
        const headers = { authorization: testToken("merchant", "ops") };
        const response = await service.fetch(new Request(url, { headers }));
        return { status: response.status, body: await response.json() };
      };

      const sizes = await get(FIT);
      const skus = await get(`${FIT}/summary`);

      expect([sizes.status, skus.status], JSON.stringify([sizes.body, skus.body])).toEqual([
        200, 200,
      ]);
      expect(sizes.body.data[0].all).toEqual({
        returns: 2,
        units: 2 * most,
        confirmed_returns: 0,
        confirmed_units: 0,
      });
      expect(skus.body.data[0]).toMatchObject({ sku: "TEE", fit: { returns: 2, units: 2 * most } });
      await service.close();
      await store.close();
      await dropSchema(db, schema);
    });
  });
}
