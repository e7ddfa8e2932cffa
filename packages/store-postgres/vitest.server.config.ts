import { defineProject } from "vitest/config";
import { busyMachineTimeouts, workspaceAlias } from "../../vitest.shared.ts";

// Only on a real PostgreSQL server (DATABASE_URL): the conformance suite against it, and the
// suites of several processes (crash safety, contention, dispatchers). Without DATABASE_URL
// they show as skipped in this project's line of the summary.
export default defineProject({
  resolve: { alias: workspaceAlias },
  test: {
    ...busyMachineTimeouts,
    // A real PostgreSQL: DATABASE_URL's, else one started from npm for this run.
    // Worker processes start from plain JavaScript bundled once for the run.
    globalSetup: ["../../vitest.postgres.ts", "src/test-support/worker-bundles.ts"],
    name: "store-postgres-server",
    include: ["src/**/*.server.test.ts"],
    testTimeout: 60_000,
  },
});
