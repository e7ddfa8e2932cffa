/**
 * @module test-support/bundle-worker — a worker built once into plain JavaScript, so a case
 * starts each process with `node` alone instead of paying a TypeScript loader per process.
 * The bundle sits in this package's `node_modules/.cache`, where PGlite (left out of the
 * bundle: it loads its WebAssembly beside its own files) resolves.
 */
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const PACKAGE_ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** Bundles `src/test-support/<file>` and resolves to the path of the JavaScript to run. */
export async function bundleWorker(file: string): Promise<string> {
  const outfile = `${PACKAGE_ROOT}node_modules/.cache/returnkit-workers/${process.pid}-${file.replace(/\.ts$/, ".mjs")}`;
  await build({
    entryPoints: [fileURLToPath(new URL(`./${file}`, import.meta.url))],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    tsconfig: `${PACKAGE_ROOT}tsconfig.json`,
    external: ["@electric-sql/pglite"],
    logLevel: "error",
  });
  return outfile;
}
