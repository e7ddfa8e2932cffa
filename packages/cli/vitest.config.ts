import { defineProject } from "vitest/config";
import { workspaceAlias } from "../../vitest.shared.ts";

// Every case runs the real `returnkit` executable against a real PostgreSQL server.
export default defineProject({
  resolve: { alias: workspaceAlias },
  test: {
    // DATABASE_URL's server, else one started from npm for this run.
    globalSetup: ["../../vitest.postgres.ts"],
    name: "cli",
    // Each case starts Node processes (TypeScript through tsx) on a shared machine.
    testTimeout: 60_000,
  },
});
