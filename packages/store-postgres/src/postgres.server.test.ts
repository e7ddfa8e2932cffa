import { runStoreConformance } from "@returnkit/core/testing";
import type pg from "pg";
import { afterAll, beforeAll, describe } from "vitest";
import { postgresStore } from "./postgres-store";
import { DATABASE_URL, dropSchema, newPool, uniqueSchema, warnWithoutServer } from "./test-support";

warnWithoutServer("the store conformance suite");

describe.skipIf(!DATABASE_URL)("PostgreSQL server (DATABASE_URL)", () => {
  let pool: pg.Pool;
  const schemaOf = new WeakMap<object, string>();

  beforeAll(() => {
    pool = newPool();
  });

  afterAll(async () => {
    await pool.end();
  });

  // The whole contract once; grouped commits change only how `commit` writes, so their run
  // takes the groups that commit. The service-level groups run on the memory store.
  for (const groupCommit of [false, true]) {
    runStoreConformance({
      name: `postgresStore on a pg Pool${groupCommit ? ", groupCommit" : ""}`,
      groups: groupCommit ? "commit-path" : "store-contract",
      create: () => {
        const schema = uniqueSchema("pg");
        const store = postgresStore({ db: pool, schema, groupCommit });
        schemaOf.set(store, schema);
        return store;
      },
      cleanup: async (store) => {
        await store.close?.();
        await dropSchema(pool, schemaOf.get(store)!);
      },
    });
  }
});
