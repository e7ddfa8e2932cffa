import { defineProject } from "vitest/config";

export default defineProject({
  // Starting PostgreSQL copies its binaries and runs initdb: seconds on a busy machine.
  test: { name: "scripts", testTimeout: 120_000 },
});
