import { defineProject } from "vitest/config";
import { busyMachineTimeouts, workspaceAlias } from "../../vitest.shared.ts";

export default defineProject({
  resolve: { alias: workspaceAlias },
  test: {
    name: "carrier-easypost",
    ...busyMachineTimeouts,
    // Its files share one module graph per worker instead of each loading core anew: none
    // mocks a module or leaves a global, a timer or a spy changed.
    isolate: false,
  },
});
