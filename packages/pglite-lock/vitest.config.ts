import { defineProject } from "vitest/config";
import { workspaceAlias } from "../../vitest.shared.ts";

export default defineProject({
  resolve: { alias: workspaceAlias },
  test: { name: "pglite-lock" },
});
