import { defineConfig } from "tsup";

// The server side (the mount, and the MCP Apps view for @returnkit/mcp). The browser bundles
// are built by scripts/build-client.mjs.
export default defineConfig({
  entry: ["src/index.ts", "src/mcp-app.ts"],
  format: ["esm", "cjs"],
  // Both entries share the assets and the CSP through chunks, in CommonJS too (single-copy.mjs).
  splitting: true,
  dts: true,
  clean: true,
  sourcemap: true,
  target: "es2022",
  // import.meta.url finds the assets beside the built file, in the CommonJS build too.
  shims: true,
  keepNames: true,
});
