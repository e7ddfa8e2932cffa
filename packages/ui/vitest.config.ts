import { defineProject } from "vitest/config";
import { busyMachineTimeouts, workspaceAlias } from "../../vitest.shared.ts";

export default defineProject({
  resolve: { alias: workspaceAlias },
  test: {
    name: "ui",
    ...busyMachineTimeouts,
    // A browser flow is a few dozen page loads and clicks: on a busy machine that can pass the
    // shared 30 s backstop, so these cases get three times as long (each waits for signals).
    testTimeout: 90_000,
    // Its files share one module graph per worker instead of each loading core anew: none
    // mocks a module or leaves a global, a timer or a spy changed.
    isolate: false,
    // One line before the run when the browser tests will skip: why, and how to run them.
    globalSetup: ["src/test-support/browser-notice.ts"],
  },
});
