/**
 * @module commit-batcher — group commit: commits that arrive while earlier ones are still
 * on their way to the database go together, in one statement.
 *
 * Each statement pays a fixed price whatever it writes: a round trip, binding, starting the
 * plan, and the transaction's WAL flush. Under load that price, not the rows, is most of a
 * commit's cost, so sharing it is how the store keeps up with many writers. At most
 * `maxInFlight` statements run at once; commits queue, and whenever a slot is free the
 * queue goes out as the next batch.
 *
 * Sending waits for the current turn of the event loop to finish (`setImmediate`): when a
 * batch's answer arrives, its writers carry on in the same turn and their next commits
 * arrive together, so they go as one statement instead of the first alone. A lone commit
 * loses only that turn's remaining microseconds, and a full batch (`maxSize`) goes at once.
 *
 * A batch never holds two commits of the same return or the same idempotency key: their
 * checks would see each other's rows as they were before the statement. The later one waits
 * for the next batch, keeping its place, so a return's commits still go in arrival order;
 * nor does it take one whose return or key a statement in flight holds, so commits waiting
 * on a row another session locked fill one slot, not every slot. Its batch-mates still wait
 * with it (until the host's `lock_timeout`, if any, when they are tried again alone).
 * If the server refuses a batch of several (something only one of its commits caused, say),
 * each of its commits is tried again alone, in order, so one commit's failure is never
 * another's.
 */
import type { ReturnCommit } from "@returnkit/core";
import type { CommitOutcome } from "./commit";
import { atEndOfTurn } from "./end-of-turn";
import { isStatementRefusal } from "./unavailable";

export interface CommitBatchingOptions {
  /** Statements in flight at once (default 2); further commits queue for the next batch. */
  maxInFlight?: number;
  /** Commits per statement at most (default 64). */
  maxSize?: number;
}

interface Waiting {
  commit: ReturnCommit;
  resolve(outcome: CommitOutcome): void;
  reject(error: unknown): void;
}

export type RunCommits = (commits: readonly ReturnCommit[]) => Promise<CommitOutcome[]>;

export class CommitBatcher {
  readonly #run: RunCommits;
  readonly #maxInFlight: number;
  readonly #maxSize: number;
  #queue: Waiting[] = [];
  #inFlight = 0;
  /**
   * Returns and keys of the statements in flight. Their later commits wait for them: one
   * waiting on a row another session locked would otherwise take the next slot too, and
   * with every slot waiting on that row, no commit of any return could go.
   */
  readonly #busyReturns = new Set<string>();
  readonly #busyKeys = new Set<string>();
  readonly #schedulePump = atEndOfTurn(() => this.#pump());

  constructor(run: RunCommits, options: CommitBatchingOptions = {}) {
    this.#run = run;
    this.#maxInFlight = positiveInteger(options.maxInFlight ?? 2, "maxInFlight");
    this.#maxSize = positiveInteger(options.maxSize ?? 64, "maxSize");
  }

  commit(commit: ReturnCommit): Promise<CommitOutcome> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ commit, resolve, reject });
      // A full batch has nothing to wait for: sent now, the server starts on it while this
      // turn goes on preparing the next one.
      if (this.#queue.length >= this.#maxSize) this.#pump();
      this.#schedulePump();
    });
  }

  #pump(): void {
    while (this.#inFlight < this.#maxInFlight && this.#queue.length > 0) {
      const batch = this.#take();
      // Everything queued waits for a return or a key in flight: their answer pumps again.
      if (batch.length === 0) return;
      this.#inFlight++;
      this.#mark(batch, true);
      void this.#send(batch).finally(() => {
        this.#inFlight--;
        this.#mark(batch, false);
        this.#schedulePump();
      });
    }
  }

  #mark(batch: Waiting[], busy: boolean): void {
    for (const { commit } of batch) {
      const key = commit.idempotency?.key;
      if (busy) {
        this.#busyReturns.add(commit.next.record.id);
        if (key !== undefined) this.#busyKeys.add(key);
      } else {
        this.#busyReturns.delete(commit.next.record.id);
        if (key !== undefined) this.#busyKeys.delete(key);
      }
    }
  }

  /**
   * The next batch: queued commits in order, skipping any whose return or key it already
   * has or a statement in flight has.
   */
  #take(): Waiting[] {
    const batch: Waiting[] = [];
    const held: Waiting[] = [];
    const returns = new Set(this.#busyReturns);
    const keys = new Set(this.#busyKeys);
    let scanned = 0;
    // Stops once the batch is full: the rest of a long queue stays as it is, untouched.
    for (; scanned < this.#queue.length && batch.length < this.#maxSize; scanned++) {
      const waiting = this.#queue[scanned]!;
      const id = waiting.commit.next.record.id;
      const key = waiting.commit.idempotency?.key;
      const clash = returns.has(id) || (key !== undefined && keys.has(key));
      // A commit held back holds back the later ones of its return and key too: order is kept.
      returns.add(id);
      if (key !== undefined) keys.add(key);
      (clash ? held : batch).push(waiting);
    }
    this.#queue = held.concat(this.#queue.slice(scanned));
    return batch;
  }

  async #send(batch: Waiting[]): Promise<void> {
    try {
      const outcomes = await this.#run(batch.map((waiting) => waiting.commit));
      for (const [index, waiting] of batch.entries()) waiting.resolve(outcomes[index]!);
    } catch (error) {
      // Only a statement the server refused is known to have done nothing (unavailable.ts),
      // such as one cancelled by `lock_timeout` or `statement_timeout`: one commit waiting on
      // a row another writer holds is the usual cause, and its batch-mates should not fail
      // with it. A broken connection may have lost the answer to a statement that
      // committed: running its commits again would misreport them, so that error goes to
      // every caller, as it would for a commit sent alone.
      if (batch.length === 1 || !isStatementRefusal(error)) {
        for (const waiting of batch) waiting.reject(error);
        return;
      }
      // The statement did nothing; find out which commit it was, each on its own and in
      // the batch's order, so the first of two commits that clash is the one written.
      for (const waiting of batch) {
        try {
          const [outcome] = await this.#run([waiting.commit]);
          waiting.resolve(outcome!);
        } catch (alone) {
          waiting.reject(alone);
        }
      }
    }
  }
}

function positiveInteger(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 1) {
    throw new RangeError(`postgresStore: commitBatching.${name} must be a positive integer`);
  }
  return value;
}
