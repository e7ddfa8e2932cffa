import { runStoreConformance } from "@returnkit/testing";
import type pg from "pg";
import { afterAll, beforeAll, describe } from "vitest";
import { postgresStore } from "./postgres-store";
import { DATABASE_URL, emptiedEachCase, newPool, warnWithoutServer } from "./test-support";

warnWithoutServer("the store conformance suite");

describe.skipIf(!DATABASE_URL)("PostgreSQL server (DATABASE_URL)", () => {
  let pool: pg.Pool;
  const runs: Array<ReturnType<typeof emptiedEachCase>> = [];

  beforeAll(() => {
    pool = newPool();
  });

  afterAll(async () => {
    for (const run of runs) await run.drop();
    await pool.end();
  });

  // The whole contract once, as users get it (grouped commits); `groupCommit: false` changes
  // only how `commit` writes, so its run takes the groups that commit. The service-level groups run on the memory store.
  for (const groupCommit of [true, false]) {
    const run = emptiedEachCase(
      () => pool,
      "pg",
      (schema) => postgresStore({ db: pool, schema, groupCommit }),
    );
    runs.push(run);
    runStoreConformance({
      name: `postgresStore on a pg Pool${groupCommit ? "" : ", groupCommit: false"}`,
      groups: groupCommit ? "store-contract" : "commit-path",
      create: run.create,
      cleanup: run.cleanup,
      dump: run.dump,
    });
  }
});
