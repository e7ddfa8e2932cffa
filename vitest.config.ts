import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
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
