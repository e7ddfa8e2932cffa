import { defineProject } from "vitest/config";
import { workspaceAlias } from "../../vitest.shared.ts";

// Not part of `pnpm test`: run with `pnpm test:reliability`. Each file bounds its own work;
// the whole suite stays within about three minutes on two cores.
export default defineProject({
  resolve: { alias: workspaceAlias },
  test: {
    // A real PostgreSQL: DATABASE_URL's, else one started from npm for this run.
    globalSetup: ["../../vitest.postgres.ts"],
    name: "reliability",
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // Files start real servers and child processes: one file at a time keeps the "a normal
    // client is still answered" checks about the server, not about a crowded machine.
    fileParallelism: false,
  },
});
