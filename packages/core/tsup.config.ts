import { defineConfig } from "tsup";

export default defineConfig({
  entry: { index: "src/index.ts", "testing/index": "src/testing/index.ts" },
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  sourcemap: true,
  target: "es2022",
  // The conformance suites run inside the host's own vitest; the HTTP suite checks responses
  // against the OpenAPI document with the host's ajv. All three are optional peers.
  external: ["vitest", "ajv", "ajv-formats"],
});
