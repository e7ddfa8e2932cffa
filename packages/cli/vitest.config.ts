import { defineProject } from "vitest/config";
import { busyMachineTimeouts, workspaceAlias } from "../../vitest.shared.ts";

// Every case runs `returnkit` (through `runCli`, two as the real executable) against a real
// PostgreSQL server.
export default defineProject({
  resolve: { alias: workspaceAlias },
  test: {
    // Its files share one module graph per worker instead of each loading core anew: none
    // mocks a module or leaves a global, a timer or a spy changed.
    isolate: false,
    ...busyMachineTimeouts,
    // DATABASE_URL's server, else one started from npm for this run.
    globalSetup: ["../../vitest.postgres.ts"],
    name: "cli",
    // A backstop for a busy machine: the two executable cases start Node through tsx.
    testTimeout: 60_000,
  },
});
