import { defineConfig } from "tsup";

export default defineConfig({
  entry: { index: "src/index.ts", store: "src/store-entry.ts" },
  format: ["esm", "cjs"],
  // Both entries share their modules through chunks, in CommonJS too: a host loading the main
  // entry and ./store holds one StoreUnavailableError, one ProblemError (single-copy.mjs).
  splitting: true,
  dts: true,
  clean: true,
  sourcemap: true,
  target: "es2022",
  // Without it esbuild renames a class it must disambiguate (ProblemError became _ProblemError),
  // and that name is what logs and util.inspect print.
  keepNames: true,
  // dinero.js ships ES modules only: bundled, so the CommonJS build needs no require(esm).
  noExternal: ["dinero.js"],
});
