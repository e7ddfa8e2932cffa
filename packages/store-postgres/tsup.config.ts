import { defineConfig } from "tsup";

export default defineConfig({
  entry: ["src/index.ts", "src/cli.ts"],
  format: ["esm", "cjs"],
  // Types only for the library: the CLI is an executable, not an import.
  dts: { entry: "src/index.ts" },
  clean: true,
  sourcemap: true,
  target: "es2022",
  // Without it esbuild renames a class it must disambiguate (ProblemError became _ProblemError),
  // and that name is what logs and util.inspect print.
  keepNames: true,
});
