/**
 * @module test-support/worker-bundles — global setup of the projects whose cases fork worker
 * processes: every `*-worker.ts` is bundled once per run into plain JavaScript, so a worker
 * starts as `node <bundle>` in a fraction of the time `node --import tsx` takes to compile
 * the workspace sources anew in each process (seconds on a busy machine).
 *
 * The bundles sit under this package's `node_modules`, so what stays outside them (pg,
 * PGlite's WebAssembly) resolves as it does for the sources. `startWorker` reads where from
 * `RETURNKIT_TEST_WORKERS`, which the test workers inherit.
 */
import { mkdir, readdir, rm } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const HERE = fileURLToPath(new URL(".", import.meta.url));
const TSCONFIG = fileURLToPath(new URL("../../tsconfig.json", import.meta.url));
const CACHE = fileURLToPath(
  new URL("../../node_modules/.returnkit-test-workers/", import.meta.url),
);

/** Every project using this file runs it in the one main process: the first one builds. */
let outdir: string | undefined;

export async function setup(): Promise<void> {
  if (outdir) return;
  const dir = `${CACHE}${process.pid}`;
  const workers = (await readdir(HERE)).filter((name) => name.endsWith("-worker.ts"));
  await mkdir(dir, { recursive: true });
  try {
    await build({
      entryPoints: workers.map((name) => `${HERE}${name}`),
      outdir: dir,
      outExtension: { ".js": ".mjs" },
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      // `paths` map every @returnkit/* import to the workspace sources, as for tsx.
      tsconfig: TSCONFIG,
      external: ["pg", "pg-native", "@electric-sql/pglite"],
      // Bundled CommonJS (zod's, …) may call require.
      banner: {
        js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
      },
      logLevel: "error",
    });
  } catch (error) {
    // The cases that fork a worker then start it through tsx, which reports the same error
    // where it belongs, instead of every case of the project failing here.
    console.warn(`[store-postgres] could not bundle the test workers; using tsx: ${error}`);
    await rm(dir, { recursive: true, force: true });
    return;
  }
  outdir = dir;
  process.env.RETURNKIT_TEST_WORKERS = dir;
}

export async function teardown(): Promise<void> {
  if (!outdir) return;
  await rm(outdir, { recursive: true, force: true });
  outdir = undefined;
  delete process.env.RETURNKIT_TEST_WORKERS;
}
