import type { PGlite } from "@electric-sql/pglite";
import { runStoreConformance } from "@returnkit/testing";
import { afterAll, beforeAll } from "vitest";
import { postgresStore } from "./postgres-store";
import { emptiedEachCase, newPGlite, STARTUP_TIMEOUT_MS } from "./test-support";

// One embedded database for the file, one schema emptied after every case.
let db: PGlite;

beforeAll(async () => {
  db = newPGlite();
  await db.waitReady;
}, STARTUP_TIMEOUT_MS);

// The whole contract once, as users get it (grouped commits). The `groupCommit: false` path is
// the same SQL through the same driver calls: postgres.server.test.ts runs it on a real server.
const run = emptiedEachCase(
  () => db,
  "pglite",
  (schema) => postgresStore({ db, schema }),
);

afterAll(async () => {
  await run.drop();
  await db.close();
});

runStoreConformance({
  name: "postgresStore on PGlite",
  groups: "store-contract",
  create: run.create,
  cleanup: run.cleanup,
  dump: run.dump,
});
