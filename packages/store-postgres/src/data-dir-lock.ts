/**
 * @module data-dir-lock — one process at a time on a PGlite data directory. PGlite does not
 * lock it, and of two processes on one directory the last to close overwrites what the other
 * committed. The lock file names its holder and appears whole (written aside, then hard-linked
 * into place, which fails if a lock exists). The lock of a process gone from this host is
 * stale: it is renamed aside, which only one opener can do to one file, then replaced.
 */
import { randomUUID } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join, resolve } from "node:path";

export const LOCK_FILE = "returnkit.lock";

export interface DataDirLock {
  /** The directory, absolute; empty for a PGlite that keeps nothing on disk (`memory://`). */
  readonly dir: string;
  /** The lock file; empty when nothing was locked. */
  readonly file: string;
  /** Removes the lock if it is still this one's (idempotent). Call it after `db.close()`. */
  release(): void;
}

/** Thrown by `lockDataDir` when another process (or this one) has the directory open. */
export class DataDirInUseError extends Error {
  readonly code = "data_dir_in_use";
  constructor(
    readonly dir: string,
    /** The holder's process id. */
    readonly pid: number,
    readonly file: string,
    detail: string,
  ) {
    super(`returnkit: the PGlite data directory ${dir} ${detail}`);
    this.name = "DataDirInUseError";
  }
}

type Holder = { pid: number; host: string; token: string; since: string };

/** This process's locks, by file: their token, so a release removes only its own lock. */
const held = new Map<string, string>();
let exitHooked = false;

/**
 * Locks the PGlite data directory `dataDir` (created if missing) for this process, or throws
 * `DataDirInUseError` naming the process that holds it. `memory://` and the browser's
 * `idb://` / `opfs-ahp://` directories are not shared between processes: nothing is locked.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const path = dataDir.startsWith("file://") ? dataDir.slice("file://".length) : dataDir;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) return { dir: "", file: "", release() {} };
  const dir = resolve(path);
  const file = join(dir, LOCK_FILE);
  if (held.has(file)) {
    throw new DataDirInUseError(dir, process.pid, file, "is already open in this process");
  }
  mkdirSync(dir, { recursive: true });
  const since = new Date().toISOString();
  const me: Holder = { pid: process.pid, host: hostname(), token: randomUUID(), since };
  acquire(file, me, dir);
  if (!exitHooked) {
    exitHooked = true;
    // A process that exits without releasing (process.exit in a signal handler) still does.
    process.once("exit", () => {
      for (const [lockFile, token] of [...held]) release(lockFile, token);
    });
  }
  held.set(file, me.token);
  return { dir, file, release: () => release(file, me.token) };
}

function acquire(file: string, me: Holder, dir: string): void {
  // Each pass wins, throws, or finds that the lock changed meanwhile and looks again.
  for (let pass = 0; pass < 20; pass++) {
    if (linkInPlace(file, me)) return;
    const holder = readHolder(file);
    if (holder === undefined) continue; // released meanwhile
    if (holder === null || isStale(holder)) {
      removeStale(file, holder, me);
      continue;
    }
    const where = holder.host === me.host ? "" : ` on ${holder.host}`;
    const detail = `is in use by process ${holder.pid}${where} (since ${holder.since}); stop it or use another directory (if that process is surely gone, delete ${file})`;
    throw new DataDirInUseError(dir, holder.pid, file, detail);
  }
  throw new DataDirInUseError(dir, 0, file, "keeps changing hands; try again");
}

/** Puts a lock naming `me` at `file` unless one is there (false then). Atomic. */
function linkInPlace(file: string, me: Holder): boolean {
  const aside = `${file}.${me.token}`;
  writeFileSync(aside, `${JSON.stringify(me)}\n`, { flag: "wx" });
  try {
    linkSync(aside, file);
    return true;
  } catch (error) {
    if (errorCode(error) === "EEXIST") return false;
    throw error;
  } finally {
    rmSync(aside);
  }
}

/** The holder named in `file`; undefined when there is no file, null when it is unreadable. */
function readHolder(file: string): Holder | null | undefined {
  try {
    const holder = JSON.parse(readFileSync(file, "utf8")) as Holder | null;
    return Number.isSafeInteger(holder?.pid) && typeof holder?.token === "string" ? holder : null;
  } catch (error) {
    if (error instanceof SyntaxError) return null;
    if (errorCode(error) === "ENOENT") return undefined;
    throw error;
  }
}

/** Only a process of this host can be asked; our own pid, not held here, is a previous life. */
function isStale(holder: Holder): boolean {
  if (holder.host !== hostname()) return false;
  if (holder.pid === process.pid) return true;
  try {
    process.kill(holder.pid, 0);
    return false;
  } catch (error) {
    return errorCode(error) === "ESRCH"; // EPERM: alive, but another user's
  }
}

/**
 * Removes the stale lock (null: unreadable) unless it changed meanwhile. Of two openers that
 * found it stale, one renames it aside; the other finds it gone, or renames the winner's new
 * lock aside, sees it is not the stale one and links it back at once.
 */
function removeStale(file: string, stale: Holder | null, me: Holder): void {
  const aside = `${file}.${me.token}.stale`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if (errorCode(error) === "ENOENT") return;
    throw error;
  }
  try {
    if (readHolder(aside)?.token !== stale?.token) linkSync(aside, file);
  } catch (error) {
    if (errorCode(error) !== "EEXIST") throw error;
  } finally {
    rmSync(aside);
  }
}

function release(file: string, token: string): void {
  if (held.get(file) !== token) return;
  held.delete(file);
  if (readHolder(file)?.token === token) rmSync(file, { force: true }); // gone: nothing to release
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;
