import { defineConfig, type Options } from "tsup";

const shared: Options = {
  sourcemap: true,
  target: "es2022",
  // Without it esbuild renames a class it must disambiguate, and that name is what logs print.
  keepNames: true,
};

export default defineConfig([
  // ESM: the library (`runCli`) and the `returnkit` executable (the bin runs dist/bin.js), which
  // share their code through a chunk. Types only for the library: the executable is not an import.
  // The two builds run at once, so this one's clean spares what the CommonJS build writes.
  {
    ...shared,
    entry: ["src/index.ts", "src/bin.ts"],
    format: ["esm"],
    dts: { entry: "src/index.ts" },
    clean: ["!index.cjs", "!index.cjs.map", "!index.d.cts"],
  },
  // CommonJS: the library alone; nothing runs a CommonJS executable.
  { ...shared, entry: ["src/index.ts"], format: ["cjs"], dts: true },
]);
