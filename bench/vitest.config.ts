import { defineProject } from "vitest/config";
import { busyMachineTimeouts, workspaceAlias } from "../vitest.shared.ts";

// The bench's own pieces (percentiles, pacing, the peer doing the work it claims), part of the
// root `pnpm test`; they assert behaviour, never a figure.
export default defineProject({
  resolve: { alias: workspaceAlias },
  test: {
    name: "bench",
    // The WAL breakdown's case drives a service and reads the server's WAL: a busy machine
    // (another suite on the same PostgreSQL) makes it slower, never red.
    ...busyMachineTimeouts,
    include: ["src/**/*.test.ts"],
    // The peer's test needs a real PostgreSQL: DATABASE_URL's, else one started from npm.
    globalSetup: ["../vitest.postgres.ts"],
  },
});
