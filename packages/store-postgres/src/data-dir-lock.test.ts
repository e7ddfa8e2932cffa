/** One process and its lock file: refusals, release, stale and unlockable directories. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DataDirInUseError, LOCK_FILE, lockDataDir } from "./data-dir-lock";

const dirs: string[] = [];
function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "returnkit-lock-"));
  dirs.push(dir);
  return join(dir, "data");
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("lockDataDir in one process", () => {
  it("lockDataDir - the same directory twice in one process is refused until released", () => {
    const dir = freshDir();
    const lock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(`${dir}/`)).toThrow(/already open in this process/);
    lock.release();
    lock.release();
    const again = lockDataDir(dir);
    expect(again.file).toBe(join(dir, LOCK_FILE));
    again.release();
  });

  it("lockDataDir - an unreadable lock file is treated as stale", () => {
    const dir = freshDir();
    lockDataDir(dir).release();
    writeFileSync(join(dir, LOCK_FILE), "");
    const lock = lockDataDir(dir);
    lock.release();
  });

  it("lockDataDir - a directory that is not on disk needs no lock", () => {
    const lock = lockDataDir("memory://");
    expect(lock.file).toBe("");
    expect(lockDataDir("memory://").dir).toBe("");
    lock.release();
  });
});
