import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropStore } from "./drop-store";
import { migrate } from "./migrate";
import { TABLE_NAMES } from "./names";
import { postgresStore } from "./postgres-store";
import {
  backends,
  commitNewReturn,
  query,
  STARTUP_TIMEOUT_MS,
  uniqueSchema,
  warmUp,
  warnWithoutServer,
} from "./test-support";

warnWithoutServer("the dropStore cases");

for (const backend of backends()) {
  describe.skipIf(backend.skip)(`dropStore on ${backend.name}`, () => {
    beforeAll(() => warmUp(backend), STARTUP_TIMEOUT_MS);
    afterAll(() => backend.closeAll());

    const relationsOf = async (db: ReturnType<typeof backend.connect>, schema: string) => {
      const { rows } = await query<{ name: string }>(
        db,
        `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace ns ON ns.oid = c.relnamespace
         WHERE ns.nspname = $1 AND c.relkind IN ('r', 'p', 'S')
           -- A column's own sequence (serial, identity) goes with its table.
           AND NOT EXISTS (SELECT 1 FROM pg_depend d
                           WHERE d.objid = c.oid AND d.deptype IN ('a', 'i'))
         ORDER BY 1`,
        [schema],
      );
      return rows.map((row) => row.name);
    };

    it("dropStore - TABLE_NAMES are every table and sequence the migrations create", async () => {
      const db = backend.connect();
      const schema = uniqueSchema("drop_names");
      await migrate({ db, schema });
      expect(await relationsOf(db, schema)).toEqual(
        TABLE_NAMES.map((name) => `returnkit_${name}`).sort(),
      );
      await dropStore({ db, schema });
    });

    it("dropStore - drops a store with its data, keeps another prefix's tables and the schema they are in", async () => {
      const db = backend.connect();
      const schema = uniqueSchema("drop");
      const shop = postgresStore({ db, schema, tablePrefix: "shop_a_", notify: false });
      await shop.init();
      await commitNewReturn(shop);
      const other = postgresStore({ db, schema, tablePrefix: "shop_b_", notify: false });
      await other.init();
      const otherReturn = await commitNewReturn(other);
      await shop.close();

      const result = await dropStore({ db, schema, tablePrefix: "shop_a_" });

      expect(result.dropped).toHaveLength(TABLE_NAMES.length);
      expect(result.schemaDropped).toBe(false);
      expect(await relationsOf(db, schema)).toEqual(
        TABLE_NAMES.map((name) => `shop_b_${name}`).sort(),
      );
      expect(await other.getReturn(otherReturn.record.id)).toEqual(otherReturn);
      // Nothing left to drop the second time; the migrations make the store again.
      expect(await dropStore({ db, schema, tablePrefix: "shop_a_" })).toEqual({
        dropped: [],
        schemaDropped: false,
      });
      expect((await migrate({ db, schema, tablePrefix: "shop_a_" })).applied).not.toEqual([]);
      await other.close();
      await dropStore({ db, schema, tablePrefix: "shop_a_" });
      expect(await dropStore({ db, schema, tablePrefix: "shop_b_" })).toMatchObject({
        schemaDropped: true,
      });
    });
  });
}
