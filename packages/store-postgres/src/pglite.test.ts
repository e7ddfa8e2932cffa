import type { PGlite } from "@electric-sql/pglite";
import { runStoreConformance } from "@returnkit/testing";
import { afterAll, beforeAll } from "vitest";
import { postgresStore } from "./postgres-store";
import { emptiedEachCase, newPGlite, STARTUP_TIMEOUT_MS } from "./test-support";

// One embedded database for the file; each run one schema, emptied after every case.
let db: PGlite;
const runs: Array<ReturnType<typeof emptiedEachCase>> = [];

beforeAll(async () => {
  db = newPGlite();
  await db.waitReady;
}, STARTUP_TIMEOUT_MS);

afterAll(async () => {
  for (const run of runs) await run.drop();
  await db.close();
});

// The whole contract once, as users get it (grouped commits); `groupCommit: false` changes
// only how `commit` writes, so its run takes the groups that commit. The service-level groups run on the memory store.
for (const groupCommit of [true, false]) {
  const run = emptiedEachCase(
    () => db,
    "pglite",
    (schema) => postgresStore({ db, schema, groupCommit }),
  );
  runs.push(run);
  runStoreConformance({
    name: `postgresStore on PGlite${groupCommit ? "" : ", groupCommit: false"}`,
    groups: groupCommit ? "store-contract" : "commit-path",
    create: run.create,
    cleanup: run.cleanup,
  });
}
