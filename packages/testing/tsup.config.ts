import { defineConfig } from "tsup";

export default defineConfig({
  entry: { index: "src/index.ts" },
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  sourcemap: true,
  target: "es2022",
  keepNames: true,
  // The suites run inside the host's own vitest against the host's own core; the HTTP suite
  // checks responses against the OpenAPI document with the host's ajv.
  external: ["@returnkit/core", "@returnkit/core/store", "vitest", "ajv", "ajv-formats"],
});
