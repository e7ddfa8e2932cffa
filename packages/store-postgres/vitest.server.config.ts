import { defineProject } from "vitest/config";
import { busyMachineTimeouts, workspaceAlias } from "../../vitest.shared.ts";

// The suites that need a real PostgreSQL server: the conformance suite against it, and the
// suites of several processes (crash safety, contention, dispatchers). They always run: on
// DATABASE_URL's server, or without it on one the global setup starts from npm.
export default defineProject({
  resolve: { alias: workspaceAlias },
  test: {
    ...busyMachineTimeouts,
    // A real PostgreSQL: DATABASE_URL's, else one started from npm for this run.
    // Worker processes start from plain JavaScript bundled once for the run.
    globalSetup: ["../../vitest.postgres.ts", "src/test-support/worker-bundles.ts"],
    name: "store-postgres-server",
    // Its files share one module graph per worker instead of each loading core anew: none
    // mocks a module or leaves a global, a timer or a spy changed (its other processes are
    // workers of their own).
    isolate: false,
    include: ["src/**/*.server.test.ts"],
    testTimeout: 60_000,
  },
});
