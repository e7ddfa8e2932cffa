import { defineConfig } from "tsup";

export default defineConfig({
  entry: { index: "src/index.ts", "testing/index": "src/testing/index.ts" },
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  sourcemap: true,
  target: "es2022",
  // Without it esbuild renames a class it must disambiguate (ProblemError became _ProblemError),
  // and that name is what logs and util.inspect print.
  keepNames: true,
  // One copy of the core for both entries, in both formats: without it the CommonJS testing
  // entry carried its own copy (its ProblemError, its createReturnsService) beside index.cjs.
  splitting: true,
  // The conformance suites run inside the host's own vitest; the HTTP suite checks responses
  // against the OpenAPI document with the host's ajv. All three are optional peers.
  external: ["vitest", "ajv", "ajv-formats"],
  // dinero.js ships ES modules only: bundled, so the CommonJS build needs no require(esm).
  noExternal: ["dinero.js"],
});
