import type { ReturnCommit } from "@returnkit/core";
import { makeStoredReturn } from "@returnkit/core/testing";
import { describe, expect, it } from "vitest";
import type { CommitOutcome } from "./commit";
import { CommitBatcher } from "./commit-batcher";

/** A commit of return `id`, with key `key` when given; only its id and key matter here. */
function commitOf(id: string, key?: string): ReturnCommit {
  const stored = makeStoredReturn({ id });
  return {
    next: stored,
    expectedVersion: null,
    events: [],
    ...(key
      ? {
          idempotency: {
            key,
            fingerprint: "fp",
            response: { status: 201, body: {}, headers: {} },
            now: 0,
            expiresAt: 1,
          },
        }
      : {}),
  };
}

const ok: CommitOutcome = { result: { ok: true, events: [] }, deliveries: 0 };

/** A statement the test answers by hand: each call waits until `finish` is called for it. */
function manualRun() {
  const calls: Array<{ ids: string[]; finish(error?: unknown): void }> = [];
  const run = (commits: readonly ReturnCommit[]) =>
    new Promise<CommitOutcome[]>((resolve, reject) => {
      calls.push({
        ids: commits.map((c) => c.next.record.id),
        finish: (error) => (error ? reject(error) : resolve(commits.map(() => ok))),
      });
    });
  return { calls, run };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** What pg's DatabaseError carries: the server refused the statement. */
function serverError(message: string): Error {
  return Object.assign(new Error(message), { severity: "ERROR", code: "23505" });
}

describe("CommitBatcher", () => {
  it("commit - a lone commit goes at once, in a statement of its own", async () => {
    const { calls, run } = manualRun();
    const batcher = new CommitBatcher(run, { maxInFlight: 1 });

    const done = batcher.commit(commitOf("ret_a"));
    await tick();

    expect(calls.map((c) => c.ids)).toEqual([["ret_a"]]);
    calls[0]!.finish();
    await expect(done).resolves.toBe(ok);
  });

  it("commit - commits that arrive while a statement runs go together in the next one", async () => {
    const { calls, run } = manualRun();
    const batcher = new CommitBatcher(run, { maxInFlight: 1 });

    const all = ["ret_a", "ret_b", "ret_c", "ret_d"].map((id) => batcher.commit(commitOf(id)));
    await tick();
    expect(calls.map((c) => c.ids)).toEqual([["ret_a"]]);
    calls[0]!.finish();
    await tick();

    expect(calls.map((c) => c.ids)).toEqual([["ret_a"], ["ret_b", "ret_c", "ret_d"]]);
    calls[1]!.finish();
    expect(await Promise.all(all)).toEqual([ok, ok, ok, ok]);
  });

  it("commit - runs up to maxInFlight statements at once and at most maxSize commits in one", async () => {
    const { calls, run } = manualRun();
    const batcher = new CommitBatcher(run, { maxInFlight: 2, maxSize: 2 });

    const ids = ["ret_a", "ret_b", "ret_c", "ret_d", "ret_e"];
    const all = ids.map((id) => batcher.commit(commitOf(id)));
    await tick();
    expect(calls.map((c) => c.ids)).toEqual([["ret_a"], ["ret_b"]]);
    calls[1]!.finish();
    await tick();
    expect(calls.map((c) => c.ids)).toEqual([["ret_a"], ["ret_b"], ["ret_c", "ret_d"]]);
    calls[0]!.finish();
    await tick();
    expect(calls.map((c) => c.ids).at(-1)).toEqual(["ret_e"]);
    for (const call of calls.slice(2)) call.finish();
    expect(await Promise.all(all)).toHaveLength(5);
  });

  it("commit - never puts two commits of one return or one key in a batch, and keeps their order", async () => {
    const { calls, run } = manualRun();
    const batcher = new CommitBatcher(run, { maxInFlight: 1 });

    const all = [
      batcher.commit(commitOf("ret_x")),
      batcher.commit(commitOf("ret_a", "k1")),
      batcher.commit(commitOf("ret_a", "k2")),
      batcher.commit(commitOf("ret_b", "k1")),
      batcher.commit(commitOf("ret_b", "k3")),
      batcher.commit(commitOf("ret_c")),
    ];
    await tick();
    calls[0]!.finish();
    await tick();
    // ret_b's first commit waits for k1; its second may not overtake it.
    expect(calls[1]!.ids).toEqual(["ret_a", "ret_c"]);
    calls[1]!.finish();
    await tick();
    expect(calls[2]!.ids).toEqual(["ret_a", "ret_b"]);
    calls[2]!.finish();
    await tick();
    expect(calls[3]!.ids).toEqual(["ret_b"]);
    calls[3]!.finish();
    expect(await Promise.all(all)).toHaveLength(6);
  });

  it("commit - when the server refuses a batch, each commit is tried alone and only the culprit fails", async () => {
    const culprit = "ret_bad";
    const statements: string[][] = [];
    const batcher = new CommitBatcher(
      async (commits) => {
        const ids = commits.map((c) => c.next.record.id);
        statements.push(ids);
        await tick();
        if (ids.includes(culprit)) throw serverError("duplicate key value");
        return commits.map(() => ok);
      },
      { maxInFlight: 1 },
    );

    const first = batcher.commit(commitOf("ret_first"));
    const rest = ["ret_a", culprit, "ret_b"].map((id) => batcher.commit(commitOf(id)));
    await first;
    const settled = await Promise.allSettled(rest);

    expect(settled.map((s) => s.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(statements).toEqual([
      ["ret_first"],
      ["ret_a", culprit, "ret_b"],
      ["ret_a"],
      [culprit],
      ["ret_b"],
    ]);
  });

  it("commit - a broken connection fails the whole batch: its commits may have been written", async () => {
    let statements = 0;
    const batcher = new CommitBatcher(
      async () => {
        statements++;
        await tick();
        throw Object.assign(new Error("Connection terminated unexpectedly"), {
          code: "ECONNRESET",
        });
      },
      { maxInFlight: 1 },
    );

    const all = ["ret_a", "ret_b", "ret_c"].map((id) => batcher.commit(commitOf(id)));
    const settled = await Promise.allSettled(all);

    expect(settled.every((s) => s.status === "rejected")).toBe(true);
    expect(statements).toBe(2);
  });

  it("constructor - refuses limits that are not positive integers", () => {
    const run = async () => [];
    expect(() => new CommitBatcher(run, { maxInFlight: 0 })).toThrow(/maxInFlight/);
    expect(() => new CommitBatcher(run, { maxSize: 1.5 })).toThrow(/maxSize/);
  });
});
