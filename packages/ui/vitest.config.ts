import { defineProject } from "vitest/config";
import { busyMachineTimeouts, workspaceAlias } from "../../vitest.shared.ts";

export default defineProject({
  resolve: { alias: workspaceAlias },
  test: { name: "ui", ...busyMachineTimeouts },
});
