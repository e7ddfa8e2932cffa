import { defineConfig } from "tsup";

export default defineConfig({
  entry: { index: "src/index.ts", "stand-in": "src/stand-in/index.ts" },
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  sourcemap: true,
  target: "es2022",
  // Without it esbuild renames a class it must disambiguate (ProblemError became _ProblemError),
  // and that name is what logs and util.inspect print.
  keepNames: true,
});
