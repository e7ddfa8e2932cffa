/**
 * A PGlite directory given to the store, as a host writes it (`postgresStore({ db: new
 * PGlite(dir) })`, no `lockDataDir` call): the store locks the directory until it closes, a
 * second process is refused at once naming the holder, and `lockDataDir: false` opts out.
 *
 * PGlite's first start in a directory (initdb) is the slow part: it happens once per file, and
 * the processes reopen that directory.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DataDirInUseError, LOCK_FILE, lockDataDir } from "./data-dir-lock";
import { postgresStore } from "./postgres-store";
import { workerCommand } from "./test-support/worker-process";

/** A generous bound for a busy machine; every wait below ends on a signal well before it. */
const START_MS = 120_000;

let root: string;
let dir: string;
let db: PGlite;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "returnkit-lock-"));
  dir = join(root, "data");
  db = await PGlite.create(dir);
}, START_MS);

const children = new Set<ChildProcess>();
// A worker a failed case left running is stopped, and waited for: it holds the directory
// that afterAll removes.
afterEach(async () => {
  const running = [...children].filter((child) => child.exitCode === null && !child.signalCode);
  children.clear();
  await Promise.all(
    running.map((child) => {
      const gone = once(child, "exit");
      child.kill("SIGKILL");
      return gone;
    }),
  );
});
afterAll(async () => {
  if (!db.closed) await db.close();
  rmSync(root, { recursive: true, force: true });
});

describe("postgresStore on a PGlite directory, in one process", () => {
  it("postgresStore - locks its PGlite's directory until the store closes", async () => {
    const store = postgresStore({ db });
    await store.init();
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), "utf8")).pid).toBe(process.pid);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    await store.close();
    lockDataDir(dir).release();
  });

  it("postgresStore - refuses a directory held by someone else, naming the holder, before any statement", () => {
    const held = lockDataDir(dir);
    try {
      const refused = (() => {
        try {
          postgresStore({ db });
        } catch (error) {
          return error;
        }
      })();
      expect(refused).toBeInstanceOf(DataDirInUseError);
      expect((refused as DataDirInUseError).pid).toBe(process.pid);
      expect((refused as Error).message).toContain(dir);
    } finally {
      held.release();
    }
  });

  it("postgresStore - stores on one PGlite instance share its lock; the last to close releases it", async () => {
    const first = postgresStore({ db });
    const second = postgresStore({ db, tablePrefix: "second_" });
    await first.close();
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    await second.close();
    lockDataDir(dir).release();
  });

  it("postgresStore - lockDataDir: false takes no lock, and the store works", async () => {
    const store = postgresStore({ db, lockDataDir: false });
    const mine = lockDataDir(dir);
    try {
      await store.init();
      expect((await store.listReturns({ limit: 1 })).data).toEqual([]);
    } finally {
      mine.release();
      await store.close();
    }
  });
});

describe("postgresStore on a PGlite directory, across processes", () => {
  it("postgresStore - a second process on the directory is refused at once, naming the holder; the first's write is kept", async () => {
    await db.close(); // the processes below open the directory: this one must not hold it
    const first = startWorker();
    const ready = await first.line();
    expect(ready).toMatch(/^ready ret_/);

    const second = startWorker();
    const refused = await second.line();
    expect(refused).toMatch(new RegExp(`^refused ${first.child.pid} `));
    expect(refused).toContain(dir);
    expect(refused).toContain(`in use by process ${first.child.pid}`);
    expect(await second.exitCode).toBe(0);

    first.child.stdin?.end();
    expect(await first.exitCode).toBe(0);
    const reopened = await PGlite.create(dir);
    const store = postgresStore({ db: reopened });
    try {
      const stored = (await store.listReturns({ limit: 10 })).data.map((r) => r.record.id);
      expect(stored).toEqual([ready.split(" ")[1]]);
    } finally {
      await store.close();
      await reopened.close();
    }
  });
});

/** The data-dir worker on `dir` (its bundle, built once for the run), read line by line. */
function startWorker() {
  const { script, execArgv, env } = workerCommand("data-dir-worker.ts");
  const child = spawn(process.execPath, [...execArgv, script, dir], {
    env,
    stdio: ["pipe", "pipe", "inherit"],
  });
  children.add(child);
  const exitCode = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const lines = createInterface({ input: child.stdout! });
  const line = () =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("no line from the worker")), START_MS);
      lines.once("line", (text) => {
        clearTimeout(timer);
        resolve(text);
      });
      void exitCode.then((code) => {
        clearTimeout(timer);
        reject(new Error(`the worker exited (${code}) before printing a line`));
      });
    });
  return { child, line, exitCode };
}
