/**
 * @module group-commit — `groupCommit`, the default. A write that finds the store idle (no
 * group being written, no other lone write in flight) is written alone, the plain way
 * (`commit`, `commitMany`): nothing could share its statements. Writes that arrive while the
 * store is writing wait, then go together: one transaction of their statements over arrays
 * (`group-write`), so a busy service pays one round of statements (and one WAL flush) per
 * group instead of per write. A group never waits on a return another transaction holds (SKIP
 * LOCKED); if any of its writes is refused, finds its row held or has a statement the server
 * refuses, the group rolls back: the write to blame runs alone, which reports its own
 * outcome, and the others go again as a group (each alone when no one write is to blame). Writes bound to an order's allowance join groups too: never two in a group on one
 * order line, and the group takes its orders' locks before anything else.
 */
import type { ReturnCommit, ReturnsCommit } from "@returnkit/core/store";
import { type CommitOutcome, GroupRefused } from "./commit";
import type { CommitManyOutcome } from "./commit-many";
import type { StoreContext } from "./context";
import { type GroupUnit, type UnitWritten, writeGroup } from "./group-write";
import { isUnavailable } from "./unavailable";

interface Waiting {
  unit: GroupUnit;
  /** Settles the caller with its part of the written group. */
  written(part: UnitWritten): void;
  /** Settles the caller with its write run alone (after the group rolled back). */
  alone(): void;
  failed(error: unknown): void;
}

/** The plain writes, each its own transaction. */
interface Alone {
  commit(change: ReturnCommit): Promise<CommitOutcome>;
  commitMany(change: ReturnsCommit): Promise<CommitManyOutcome>;
}

/** Bounds a group's returns (and the time its first write waits for the last). */
const MOST_PER_GROUP = 64;

/** `alone`'s writes, with the ones that arrive together written as one. */
export function groupCommits(ctx: StoreContext, alone: Alone): Alone {
  const waiting: Waiting[] = [];
  let writing = false;
  let loneInFlight = false; // a write done alone because it found the store idle
  const writeAll = async () => {
    writing = true;
    // One group at a time: what arrives meanwhile forms the next one.
    while (waiting.length > 0) await writeNext(ctx, takeGroup(waiting), waiting);
    writing = false;
  };
  const submit = <T>(unit: GroupUnit, runAlone: () => Promise<T>, part: (p: UnitWritten) => T) => {
    // A quiet service's write: one plain transaction, refusals answered in it. A lone write
    // waiting on a row another transaction holds never holds up the others: what arrives
    // meanwhile is written in groups, without waiting for it.
    if (!writing && !loneInFlight) {
      loneInFlight = true;
      return runAlone().finally(() => {
        loneInFlight = false;
      });
    }
    return new Promise<T>((resolve, reject) => {
      waiting.push({
        unit,
        written: (written) => resolve(part(written)),
        alone: () => resolve(runAlone()),
        failed: reject,
      });
      if (!writing) void writeAll();
    });
  };
  return {
    commit: (change) =>
      submit(
        { changes: [change], idempotency: change.idempotency, events: [] },
        () => alone.commit(change),
        ({ events, deliveries }) => ({ result: { ok: true, events: events[0]! }, deliveries }),
      ),
    commitMany: (change) =>
      submit(
        { ...change, events: change.events ?? [] },
        () => alone.commitMany(change),
        ({ events, appended, deliveries }) => ({
          result: { ok: true, events, appended },
          deliveries,
        }),
      ),
  };
}

/**
 * Writes `group` and settles each of its writes; never rejects, never waits on a held row. A
 * group refused because of one of its writes puts the others back at the head of `waiting`.
 */
async function writeNext(ctx: StoreContext, group: Waiting[], waiting: Waiting[]) {
  // Whether a check or a statement of the group's last attempt refused it, before its COMMIT.
  let rolledBack = false;
  try {
    const units = group.map((entry) => entry.unit);
    const written = await ctx.db.transaction(async (tx) => {
      rolledBack = false;
      try {
        return await writeGroup(ctx, tx, units);
      } catch (error) {
        rolledBack = error instanceof GroupRefused || !isUnavailable(error);
        throw error;
      }
    });
    for (const [i, entry] of group.entries()) entry.written(written[i]!);
  } catch (error) {
    const blamed = error instanceof GroupRefused ? error.index : undefined;
    if (rolledBack && blamed !== undefined && group.length > 1) {
      // The others go again together, first: one refusal costs one more transaction.
      group[blamed]!.alone();
      waiting.unshift(...group.filter((_, i) => i !== blamed));
      return;
    }
    // Rolled back, so each write runs alone and gets its own answer (the one the server
    // refused fails alone). Not waited for: one of them may wait for a row another
    // transaction holds. After an outage none runs again: a COMMIT lost in flight may have
    // been written.
    for (const entry of group)
      if (rolledBack) entry.alone();
      else entry.failed(error);
  }
}

/**
 * The next group, in arrival order: at most one write per return, per key and per order line
 * it takes an allowance of (the rest wait), so a last unit raced for is not what rolls a
 * whole group back. The group is checked as if its writes ran one by one, in this order.
 */
function takeGroup(waiting: Waiting[]): Waiting[] {
  const group: Waiting[] = [];
  const taken = new Set<string>();
  let returns = 0;
  for (let i = 0; i < waiting.length && returns < MOST_PER_GROUP; ) {
    const { unit } = waiting[i]!;
    const marks = unitMarks(unit);
    if (marks.some((mark) => taken.has(mark))) i++;
    else {
      group.push(...waiting.splice(i, 1));
      for (const mark of marks) taken.add(mark);
      returns += unit.changes.length;
    }
  }
  return group;
}

function unitMarks({ changes, idempotency }: GroupUnit): string[] {
  const marks = changes.flatMap(({ next: { record }, lineAllowance }) => [
    `return ${record.id}`,
    ...(lineAllowance
      ? [`line ${JSON.stringify([record.order_id, record.line.sku, record.line.size])}`]
      : []),
  ]);
  if (idempotency) marks.push(`key ${idempotency.key}`);
  // A request's own lines may repeat within it: it is checked change by change.
  return [...new Set(marks)];
}
