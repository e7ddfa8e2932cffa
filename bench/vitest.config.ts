import { defineConfig } from "vitest/config";

// The bench's own pure pieces (percentiles, pacing); `pnpm --filter @returnkit/bench test`.
// Not part of the root `pnpm test`: figures are never asserted in unit tests.
export default defineConfig({ test: { include: ["src/**/*.test.ts"] } });
