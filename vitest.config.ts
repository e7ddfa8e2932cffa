import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // tests/reliability is excluded from `pnpm test` (root script: --project '!reliability')
    // and run alone by `pnpm test:reliability`.
    projects: ["packages/*", "examples/*", "tests/reliability"],
  },
});
