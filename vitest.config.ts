import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { busyMachineTimeouts, workspaceAlias } from "./vitest.shared.ts";

/** The packages of the "packages" project (the Node 24 run in .ci/run runs it too). */
const IN_PROCESS = [
  "core",
  "adapter-express",
  "adapter-hono",
  "carrier-easypost",
  "dev-auth",
  "mcp",
  "testing",
  "webhook-verify",
];

export default defineConfig({
  test: {
    // Two test files at a time at least. Many files wait more than they compute (on Chromium,
    // PostgreSQL, a child process), and vitest's default of one worker per core but one left
    // a two-core machine with a single worker, one core idle through those waits. (Three
    // workers there cost more than they gave: see the commit that set this.)
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // tests/reliability is excluded from `pnpm test` (root script: --project '!reliability')
    // and run alone by `pnpm test:reliability`.
    projects: [
      // The packages whose tests need nothing but the process: one project, so a worker loads
      // core once for all of them (a project per package started a worker and loaded core
      // again for each). None of these files mocks a module or leaves a global, a timer or a
      // spy changed, so they share a module graph per worker.
      {
        resolve: { alias: workspaceAlias },
        test: {
          name: "packages",
          ...busyMachineTimeouts,
          isolate: false,
          include: [`packages/{${IN_PROCESS.join(",")}}/src/**/*.test.ts`],
        },
      },
      // Their own configs: a PostgreSQL or a browser set up first, or longer timeouts.
      "packages/{cli,store-postgres,ui}",
      // store-postgres has a second project for the suites that need a real server.
      "packages/store-postgres/vitest.server.config.ts",
      // The examples: one project for the same reason (their configs differed only by name).
      {
        resolve: { alias: workspaceAlias },
        test: {
          name: "examples",
          ...busyMachineTimeouts,
          testTimeout: 60_000,
          include: ["examples/*/src/**/*.test.ts"],
        },
      },
      "bench",
      "scripts",
      "tests/reliability",
    ],
  },
});
