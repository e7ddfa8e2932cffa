import type { PGlite } from "@electric-sql/pglite";
import { runStoreConformance } from "@returnkit/core/testing";
import { afterAll, beforeAll } from "vitest";
import { postgresStore } from "./postgres-store";
import { dropSchema, newPGlite, STARTUP_TIMEOUT_MS, uniqueSchema } from "./test-support";

// One embedded database for the file; every case gets a schema of its own.
let db: PGlite;
const schemaOf = new WeakMap<object, string>();

beforeAll(async () => {
  db = newPGlite();
  await db.waitReady;
}, STARTUP_TIMEOUT_MS);

afterAll(async () => {
  await db.close();
});

// The whole contract once; grouped commits change only how `commit` writes, so their run
// takes the groups that commit. The service-level groups run on the memory store.
for (const groupCommit of [false, true]) {
  runStoreConformance({
    name: `postgresStore on PGlite${groupCommit ? ", groupCommit" : ""}`,
    groups: groupCommit ? "commit-path" : "store-contract",
    create: () => {
      const schema = uniqueSchema("pglite");
      const store = postgresStore({ db, schema, groupCommit });
      schemaOf.set(store, schema);
      return store;
    },
    cleanup: async (store) => {
      await store.close?.();
      await dropSchema(db, schemaOf.get(store)!);
    },
  });
}
