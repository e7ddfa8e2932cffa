import { makeStoredReturn } from "@returnkit/core/testing";
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
  });
}
