import { defineProject } from "vitest/config";
import { busyMachineTimeouts, workspaceAlias } from "../../vitest.shared.ts";

export default defineProject({
  resolve: { alias: workspaceAlias },
  test: { ...busyMachineTimeouts, name: "example-shopify-privacy", testTimeout: 60_000 },
});
