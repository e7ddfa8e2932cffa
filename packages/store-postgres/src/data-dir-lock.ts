/**
 * @module data-dir-lock — one process at a time on a PGlite data directory.
 *
 * PGlite is PostgreSQL in a single process: it keeps its own buffers and control file and
 * writes them back on close, unaware of any other PGlite on the same files. Two processes
 * on one directory both run, and whichever closes last overwrites what the other committed,
 * acknowledged writes included. PGlite does not lock the directory, so the host must:
 * `lockDataDir(dir)` before opening PGlite on it, `release()` after closing it.
 *
 * The lock is a file in the directory naming its holder's process. It appears whole or not
 * at all (written aside, then hard-linked into place, which fails if a lock exists). A lock
 * whose process is gone (killed, crashed) is stale and taken over; taking over first renames
 * the stale lock aside, which only one opener can do, so two openers finding one stale lock
 * cannot both win.
 */
import { randomUUID } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
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

interface Holder {
  pid: number;
  host: string;
  token: string;
  since: string;
}

/** Locks held by this process, by lock file: their token, so release removes only its own. */
const held = new Map<string, string>();
let exitHookInstalled = false;

/**
 * Locks the PGlite data directory `dataDir` (created if missing) for this process, or throws
 * `DataDirInUseError` naming the process that holds it. `memory://` and the browser's
 * `idb://` / `opfs-ahp://` directories are not shared between processes: nothing is locked.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const path = localPath(dataDir);
  if (path === null) return { dir: "", file: "", release() {} };
  const dir = resolve(path);
  const file = join(dir, LOCK_FILE);
  if (held.has(file)) {
    throw new DataDirInUseError(dir, process.pid, file, "is already open in this process");
  }
  mkdirSync(dir, { recursive: true });
  const me: Holder = {
    pid: process.pid,
    host: hostname(),
    token: randomUUID(),
    since: new Date().toISOString(),
  };
  acquire(file, me, dir);
  held.set(file, me.token);
  installExitHook();
  return {
    dir,
    file,
    release() {
      releaseFile(file, me.token);
    },
  };
}

/** The file-system path of a PGlite `dataDir`, or null for one that is not on this disk. */
function localPath(dataDir: string): string | null {
  if (dataDir.startsWith("file://")) return dataDir.slice("file://".length);
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(dataDir) ? null : dataDir;
}

/** Puts `me` in place as the holder of `file`, taking over a stale lock; throws if held. */
function acquire(file: string, me: Holder, dir: string): void {
  // Each pass either wins, throws, or finds a lock that changed meanwhile (then looks again).
  for (let pass = 0; pass < 20; pass++) {
    if (createExclusive(file, me)) return;
    const holder = readHolder(file);
    if (holder === undefined) continue; // Released between our attempt and the read.
    if (holder !== null && !isStale(holder)) {
      throw new DataDirInUseError(
        dir,
        holder.pid,
        file,
        `is in use by process ${holder.pid}${holder.host === me.host ? "" : ` on ${holder.host}`} (since ${holder.since}); stop it or use another directory (if that process is surely gone, delete ${file})`,
      );
    }
    if (takeOver(file, holder, me)) return;
  }
  throw new DataDirInUseError(dir, 0, file, "keeps changing hands; try again");
}

/** Creates `file` holding `me` if no such file exists; false if one does. Atomic. */
function createExclusive(file: string, me: Holder): boolean {
  const aside = `${file}.${me.token}`;
  writeFileSync(aside, `${JSON.stringify(me)}\n`, { flag: "wx" });
  try {
    linkSync(aside, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    unlinkSync(aside);
  }
}

/** The holder named in `file`; undefined when there is no file, null when it is unreadable. */
function readHolder(file: string): Holder | null | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  try {
    const holder = JSON.parse(text) as Holder;
    return Number.isSafeInteger(holder.pid) && typeof holder.token === "string" ? holder : null;
  } catch {
    return null;
  }
}

/**
 * True when the holder's process is gone. Only a process of this host can be asked; the same
 * pid as ours (and not held here) is a previous life of this process, in a container, say.
 */
function isStale(holder: Holder): boolean {
  if (holder.host !== hostname()) return false;
  if (holder.pid === process.pid) return true;
  try {
    process.kill(holder.pid, 0);
    return false;
  } catch (error) {
    // EPERM: alive, but another user's.
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

/**
 * Removes the stale lock `stale` (null: unreadable) and puts `me` in its place, unless it
 * changed meanwhile. The lock is first renamed aside, which only one opener can do to one
 * file: of two openers that both found it stale, one moves it and the other finds it gone
 * (or moves the winner's lock, sees it is not the stale one, and puts it back at once).
 */
function takeOver(file: string, stale: Holder | null, me: Holder): boolean {
  const aside = `${file}.${me.token}.stale`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
  try {
    if (readHolder(aside)?.token === stale?.token) return createExclusive(file, me);
    // Another opener's lock, taken over meanwhile: back where it was. Only an opener arriving
    // in this instant could find the place free, and then it holds the lock instead.
    linkSync(aside, file);
    return false;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    unlinkSync(aside);
  }
}

function releaseFile(file: string, token: string): void {
  if (held.get(file) !== token) return;
  held.delete(file);
  if (readHolder(file)?.token === token) {
    try {
      unlinkSync(file);
    } catch {
      // Already gone: nothing to release.
    }
  }
}

/** A process that exits without releasing (process.exit in a signal handler) still does. */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once("exit", () => {
    for (const [file, token] of [...held]) releaseFile(file, token);
  });
}
