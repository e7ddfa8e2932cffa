import { defineConfig, type Options } from "tsup";

const shared: Options = {
  sourcemap: true,
  target: "es2022",
  // Without it esbuild renames a class it must disambiguate (ProblemError became _ProblemError),
  // and that name is what logs and util.inspect print.
  keepNames: true,
};

export default defineConfig([
  // ESM: the library and the `returnkit-migrate` executable (the bin runs dist/cli.js), which
  // share their code through a chunk. Types only for the library: the CLI is not an import.
  // The two builds run at once, so this one's clean spares what the CommonJS build writes.
  {
    ...shared,
    entry: ["src/index.ts", "src/cli.ts"],
    format: ["esm"],
    dts: { entry: "src/index.ts" },
    clean: ["!index.cjs", "!index.cjs.map", "!index.d.cts"],
  },
  // CommonJS: the library alone; nothing runs a CommonJS executable.
  { ...shared, entry: ["src/index.ts"], format: ["cjs"], dts: true },
]);
