import { defineProject } from "vitest/config";
import { busyMachineTimeouts, workspaceAlias } from "../../vitest.shared.ts";

// The suites that need a real server (`*.server.test.ts`) are the project
// `store-postgres-server` (vitest.server.config.ts), so a run without DATABASE_URL shows them
// skipped there instead of hiding them among these.
export default defineProject({
  resolve: { alias: workspaceAlias },
  test: {
    ...busyMachineTimeouts,
    // A real PostgreSQL: DATABASE_URL's, else one started from npm for this run.
    // Worker processes start from plain JavaScript bundled once for the run.
    globalSetup: ["../../vitest.postgres.ts", "src/test-support/worker-bundles.ts"],
    name: "store-postgres",
    // Its files share one module graph per worker (PGlite's and core's) instead of each
    // loading them anew: none mocks a module or leaves a global, a timer or a spy changed.
    isolate: false,
    exclude: ["**/node_modules/**", "src/**/*.server.test.ts"],
    // Cases race several connections through whole transactions on a shared machine.
    testTimeout: 60_000,
  },
});
