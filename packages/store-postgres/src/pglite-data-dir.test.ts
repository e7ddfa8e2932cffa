/**
 * Two processes on one PGlite directory: the second must fail at once, naming the directory
 * and the holder, and no acknowledged write may be lost — whether the first process closes
 * cleanly or is killed (its lock is then stale and taken over).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { lockDataDir } from "@returnkit/pglite-lock";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { postgresStore } from "./postgres-store";
import type { DataDirConfig, DataDirMessage } from "./test-support/data-dir-worker";
import { killAllWorkers, startWorker } from "./test-support/worker-process";

/** PGlite's first start in a fresh directory (initdb) takes long on a busy machine. */
const START_MS = 150_000;

const dirs: string[] = [];
function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "returnkit-lock-"));
  dirs.push(dir);
  return join(dir, "data");
}

afterEach(killAllWorkers);
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

let orders = 0;
function opener(dir: string) {
  return startWorker<{ kind: "close" }, DataDirMessage>("data-dir-worker.ts", {
    dir,
    orderId: `ord_${++orders}`,
  } satisfies DataDirConfig);
}

/** The ids of every return stored in `dir`, read by this process under the lock. */
async function returnsIn(dir: string): Promise<string[]> {
  const lock = lockDataDir(dir);
  const db = await PGlite.create(dir);
  try {
    const store = postgresStore({ db });
    await store.init();
    return (await store.listReturns({ limit: 100 })).data.map((r) => r.record.id).sort();
  } finally {
    await db.close();
    lock.release();
  }
}

describe("lockDataDir across processes", () => {
  it(
    "lockDataDir - a second process on the same directory fails fast, naming it and the holder; no acknowledged write is lost",
    async () => {
      const dir = freshDir();
      const first = opener(dir);
      const firstAck = await first.next("ack", START_MS);

      const second = opener(dir);
      const refused = await second.next("refused", START_MS);
      expect(refused.holderPid).toBe(first.pid);
      expect(refused.message).toContain(dir);
      expect(refused.message).toContain(`in use by process ${first.pid}`);
      expect((await second.exited).code).toBe(0);

      first.send({ kind: "close" });
      await first.next("closed", START_MS);
      const third = opener(dir);
      const thirdAck = await third.next("ack", START_MS);
      expect(thirdAck.seen).toContain(firstAck.returnId);
      third.send({ kind: "close" });
      await third.next("closed", START_MS);

      expect(await returnsIn(dir)).toEqual([firstAck.returnId, thirdAck.returnId].sort());
    },
    4 * START_MS,
  );

  it(
    "lockDataDir - the lock of a killed process is taken over, and its acknowledged write is there",
    async () => {
      const dir = freshDir();
      const killed = opener(dir);
      const killedAck = await killed.next("ack", START_MS);
      await killed.kill();

      const next = opener(dir);
      const nextAck = await next.next("ack", START_MS);
      expect(nextAck.seen).toContain(killedAck.returnId);
      // The new holder's lock is a live one: a third opener is refused while it runs.
      const third = opener(dir);
      expect((await third.next("refused", START_MS)).holderPid).toBe(next.pid);
      next.send({ kind: "close" });
      await next.next("closed", START_MS);
    },
    4 * START_MS,
  );
});
