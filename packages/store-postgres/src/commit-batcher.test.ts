import { isStoreUnavailable, type ReturnCommit } from "@returnkit/core";
import { makeStoredReturn } from "@returnkit/core/testing";
import { describe, expect, it } from "vitest";
import type { CommitOutcome } from "./commit";
import { CommitBatcher } from "./commit-batcher";
import { asUnavailable } from "./unavailable";

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

/** Two turns: the batcher sends in the turn after a statement returns. */
const tick = async () => {
  for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
};

/** What pg's DatabaseError carries: the server refused the statement. */
function serverError(message: string): Error {
  return Object.assign(new Error(message), { severity: "ERROR", code: "23505" });
}

describe("CommitBatcher", () => {
  it("commit - a lone commit goes in the same turn, in a statement of its own", async () => {
    const { calls, run } = manualRun();
    const batcher = new CommitBatcher(run, { maxInFlight: 1 });

    const done = batcher.commit(commitOf("ret_a"));
    await tick();

    expect(calls.map((c) => c.ids)).toEqual([["ret_a"]]);
    calls[0]!.finish();
    await expect(done).resolves.toBe(ok);
  });

  it("commit - commits made in one turn of the event loop go as one statement", async () => {
    const { calls, run } = manualRun();
    const batcher = new CommitBatcher(run, { maxInFlight: 1 });

    const all = ["ret_a", "ret_b", "ret_c"].map((id) => batcher.commit(commitOf(id)));
    await tick();

    expect(calls.map((c) => c.ids)).toEqual([["ret_a", "ret_b", "ret_c"]]);
    calls[0]!.finish();
    expect(await Promise.all(all)).toEqual([ok, ok, ok]);
  });

  it("commit - a full batch goes at once, without waiting for the turn to end", async () => {
    const { calls, run } = manualRun();
    const batcher = new CommitBatcher(run, { maxInFlight: 2, maxSize: 2 });

    const all = ["ret_a", "ret_b", "ret_c"].map((id) => batcher.commit(commitOf(id)));
    // No tick yet: the first two filled a batch, the third waits for the turn's end.
    expect(calls.map((c) => c.ids)).toEqual([["ret_a", "ret_b"]]);
    await tick();
    expect(calls.map((c) => c.ids)).toEqual([["ret_a", "ret_b"], ["ret_c"]]);
    for (const call of calls) call.finish();
    expect(await Promise.all(all)).toEqual([ok, ok, ok]);
  });

  it("commit - commits that arrive while a statement runs go together in the next one", async () => {
    const { calls, run } = manualRun();
    const batcher = new CommitBatcher(run, { maxInFlight: 1 });

    const first = batcher.commit(commitOf("ret_a"));
    await tick();
    const rest = ["ret_b", "ret_c", "ret_d"].map((id) => batcher.commit(commitOf(id)));
    await tick();
    expect(calls.map((c) => c.ids)).toEqual([["ret_a"]]);
    calls[0]!.finish();
    await tick();

    expect(calls.map((c) => c.ids)).toEqual([["ret_a"], ["ret_b", "ret_c", "ret_d"]]);
    calls[1]!.finish();
    expect(await Promise.all([first, ...rest])).toEqual([ok, ok, ok, ok]);
  });

  it("commit - runs up to maxInFlight statements at once and at most maxSize commits in one", async () => {
    const { calls, run } = manualRun();
    const batcher = new CommitBatcher(run, { maxInFlight: 2, maxSize: 2 });
    const submit = async (ids: string[]) => {
      const done = ids.map((id) => batcher.commit(commitOf(id)));
      await tick();
      return done;
    };

    const all = [
      ...(await submit(["ret_a", "ret_b", "ret_c"])),
      ...(await submit(["ret_d", "ret_e"])),
    ];
    expect(calls.map((c) => c.ids)).toEqual([["ret_a", "ret_b"], ["ret_c"]]);
    calls[1]!.finish();
    await tick();
    expect(calls.map((c) => c.ids).at(-1)).toEqual(["ret_d", "ret_e"]);
    calls[0]!.finish();
    calls[2]!.finish();
    expect(await Promise.all(all)).toHaveLength(5);
    expect(calls).toHaveLength(3);
  });

  it("commit - never puts two commits of one return or one key in a batch, and keeps their order", async () => {
    const { calls, run } = manualRun();
    const batcher = new CommitBatcher(run, { maxInFlight: 1 });

    const all = [
      batcher.commit(commitOf("ret_a", "k1")),
      batcher.commit(commitOf("ret_a", "k2")),
      batcher.commit(commitOf("ret_b", "k1")),
      batcher.commit(commitOf("ret_b", "k3")),
      batcher.commit(commitOf("ret_c")),
    ];
    await tick();
    // ret_b's first commit waits for k1; its second may not overtake it.
    expect(calls[0]!.ids).toEqual(["ret_a", "ret_c"]);
    calls[0]!.finish();
    await tick();
    expect(calls[1]!.ids).toEqual(["ret_a", "ret_b"]);
    calls[1]!.finish();
    await tick();
    expect(calls[2]!.ids).toEqual(["ret_b"]);
    calls[2]!.finish();
    expect(await Promise.all(all)).toHaveLength(5);
  });

  it("commit - a commit whose return or key a statement in flight holds waits for it, leaving the free slot to others", async () => {
    const { calls, run } = manualRun();
    const batcher = new CommitBatcher(run, { maxInFlight: 2 });

    // ret_a's first commit is in flight (waiting on a row lock elsewhere, say).
    const first = batcher.commit(commitOf("ret_a", "k1"));
    await tick();
    const later = [
      batcher.commit(commitOf("ret_a", "k2")),
      batcher.commit(commitOf("ret_c", "k1")),
      batcher.commit(commitOf("ret_b")),
    ];
    await tick();

    expect(calls.map((c) => c.ids)).toEqual([["ret_a"], ["ret_b"]]);
    calls[1]!.finish();
    await tick();
    // Still in flight: what waits for it stays queued, and no statement goes empty.
    expect(calls).toHaveLength(2);
    calls[0]!.finish();
    await tick();
    expect(calls.map((c) => c.ids).at(-1)).toEqual(["ret_a", "ret_c"]);
    calls[2]!.finish();
    expect(await Promise.all([first, ...later])).toEqual([ok, ok, ok, ok]);
  });

  /**
   * A batcher whose statements fail with `refusal()` whenever they hold `culprit`, and the
   * ids of each statement it sent.
   */
  function refusingBatcher(culprit: string, refusal: () => unknown) {
    const statements: string[][] = [];
    const batcher = new CommitBatcher(
      async (commits) => {
        const ids = commits.map((c) => c.next.record.id);
        statements.push(ids);
        await tick();
        if (ids.includes(culprit)) throw refusal();
        return commits.map(() => ok);
      },
      { maxInFlight: 1 },
    );
    return { batcher, statements };
  }

  it("commit - when the server refuses a batch, each commit is tried alone and only the culprit fails", async () => {
    const culprit = "ret_bad";
    const { batcher, statements } = refusingBatcher(culprit, () =>
      serverError("duplicate key value"),
    );

    const settled = await Promise.allSettled(
      ["ret_a", culprit, "ret_b"].map((id) => batcher.commit(commitOf(id))),
    );

    expect(settled.map((s) => s.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(statements).toEqual([["ret_a", culprit, "ret_b"], ["ret_a"], [culprit], ["ret_b"]]);
  });

  it("commit - a batch the server cancelled for now (lock_timeout: a 503) is tried alone too; only the waiting commit fails", async () => {
    const culprit = "ret_waits";
    // As the pg adapter reports it: unavailable for now, the server's answer as cause.
    const { batcher, statements } = refusingBatcher(culprit, () =>
      asUnavailable(
        Object.assign(new Error("canceling statement due to lock timeout"), {
          severity: "ERROR",
          code: "55P03",
        }),
      ),
    );

    const settled = await Promise.allSettled(
      ["ret_a", culprit].map((id) => batcher.commit(commitOf(id))),
    );

    expect(settled.map((s) => s.status)).toEqual(["fulfilled", "rejected"]);
    expect(isStoreUnavailable((settled[1] as PromiseRejectedResult).reason)).toBe(true);
    expect(statements).toEqual([["ret_a", culprit], ["ret_a"], [culprit]]);
  });

  it("commit - a session the server ended mid-batch (FATAL) fails the whole batch", async () => {
    const { batcher, statements } = refusingBatcher("ret_a", () =>
      asUnavailable(
        Object.assign(new Error("terminating connection due to administrator command"), {
          severity: "FATAL",
          code: "57P01",
        }),
      ),
    );

    const settled = await Promise.allSettled(
      ["ret_a", "ret_b"].map((id) => batcher.commit(commitOf(id))),
    );

    expect(settled.every((s) => s.status === "rejected")).toBe(true);
    expect(statements).toEqual([["ret_a", "ret_b"]]);
  });

  it("commit - a broken connection fails the whole batch: its commits may have been written", async () => {
    const { batcher, statements } = refusingBatcher("ret_a", () =>
      Object.assign(new Error("Connection terminated unexpectedly"), { code: "ECONNRESET" }),
    );

    const all = ["ret_a", "ret_b", "ret_c"].map((id) => batcher.commit(commitOf(id)));
    const settled = await Promise.allSettled(all);

    expect(settled.every((s) => s.status === "rejected")).toBe(true);
    expect(statements).toEqual([["ret_a", "ret_b", "ret_c"]]);
  });

  it("constructor - refuses limits that are not positive integers", () => {
    const run = async () => [];
    expect(() => new CommitBatcher(run, { maxInFlight: 0 })).toThrow(/maxInFlight/);
    expect(() => new CommitBatcher(run, { maxSize: 1.5 })).toThrow(/maxSize/);
  });
});
