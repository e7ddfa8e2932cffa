/**
 * @module group-commit — `groupCommit`, the default. A commit that finds the store idle (no
 * group being written, no other lone commit in flight) is written alone, the plain way
 * (`commit`): nothing could share its statements. Commits that arrive while the store is
 * writing wait, then go together: one transaction of the commit's statements over arrays, so a
 * busy service pays one round of statements (and one WAL flush) per group instead of per
 * commit. A group never waits on a return another transaction holds (SKIP LOCKED); if any of
 * its commits is refused, finds its row held or has a statement the server refuses, the group
 * rolls back and each of its commits runs alone, which reports its own outcome. Commits bound
 * to an order's allowance run alone.
 */
import type { ReturnCommit } from "@returnkit/core/store";
import { type CommitOutcome, GroupRefused, writeCommits } from "./commit";
import type { StoreContext } from "./context";
import { isUnavailable } from "./unavailable";

type Commit = (change: ReturnCommit) => Promise<CommitOutcome>;
type Waiting = { change: ReturnCommit; settle: (outcome: Promise<CommitOutcome>) => void };

/** Bounds a group's statements (and the time its first commit waits for the last). */
const MOST_PER_GROUP = 64;

/** `alone` for every commit, with the ones that arrive together written as one. */
export function groupCommits(ctx: StoreContext, alone: Commit): Commit {
  const waiting: Waiting[] = [];
  let writing = false;
  let loneInFlight = false; // a commit written alone because it found the store idle
  const writeAll = async () => {
    writing = true;
    // One group at a time: what arrives meanwhile forms the next one.
    while (waiting.length > 0) await writeNext(ctx, takeGroup(waiting), alone);
    writing = false;
  };
  return (change) => {
    if (change.lineAllowance) return alone(change);
    // A quiet service's commit: one plain transaction, refusals answered in it. A lone commit
    // waiting on a row another transaction holds never holds up the others: what arrives
    // meanwhile is written in groups, without waiting for it.
    if (!writing && !loneInFlight) {
      loneInFlight = true;
      return alone(change).finally(() => {
        loneInFlight = false;
      });
    }
    return new Promise((settle) => {
      waiting.push({ change, settle });
      if (!writing) void writeAll();
    });
  };
}

/** Writes `group` and settles each of its commits; never rejects, never waits on a held row. */
async function writeNext(ctx: StoreContext, group: Waiting[], alone: Commit): Promise<void> {
  // Whether a check or a statement of the group's last attempt refused it, before its COMMIT.
  let rolledBack = false;
  try {
    const changes = group.map((entry) => entry.change);
    const written = await ctx.db.transaction(async (tx) => {
      rolledBack = false;
      try {
        return await writeCommits(ctx, tx, changes, true);
      } catch (error) {
        rolledBack = error instanceof GroupRefused || !isUnavailable(error);
        throw error;
      }
    });
    for (const [i, entry] of group.entries()) entry.settle(Promise.resolve(written[i]!));
  } catch (error) {
    // Rolled back, so each commit runs alone and gets its own answer (the one the server
    // refused fails alone). Not waited for: one of them may wait for a row another
    // transaction holds. After an outage none runs again: a COMMIT lost in flight may have
    // been written.
    for (const entry of group)
      entry.settle(rolledBack ? alone(entry.change) : Promise.reject(error));
  }
}

/** The next group, in arrival order: one commit per return and per key (the rest wait). */
function takeGroup(waiting: Waiting[]): Waiting[] {
  const group: Waiting[] = [];
  const taken = new Set<string>();
  for (let i = 0; i < waiting.length && group.length < MOST_PER_GROUP; ) {
    const { change } = waiting[i]!;
    const marks = [`return ${change.next.record.id}`];
    if (change.idempotency) marks.push(`key ${change.idempotency.key}`);
    if (marks.some((mark) => taken.has(mark))) i++;
    else {
      group.push(...waiting.splice(i, 1));
      for (const mark of marks) taken.add(mark);
    }
  }
  return group;
}
