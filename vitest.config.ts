import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Two test files at a time at least. Many files wait more than they compute (on Chromium,
    // PostgreSQL, a child process), and vitest's default of one worker per core but one left
    // a two-core machine with a single worker, one core idle through those waits. (Three
    // workers there cost more than they gave: see the commit that set this.)
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // tests/reliability is excluded from `pnpm test` (root script: --project '!reliability')
    // and run alone by `pnpm test:reliability`.
    // store-postgres has a second project for the suites that need a real server.
    projects: [
      "packages/*",
      "packages/store-postgres/vitest.server.config.ts",
      "examples/*",
      "bench",
      "scripts",
      "tests/reliability",
    ],
  },
});
