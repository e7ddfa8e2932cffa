/**
 * @module commit-many — `commitMany`: the returns of one request in one transaction, through
 * the statements `commit` uses (`writeChanges`), so each change is checked as a commit alone
 * is; any refusal rolls all of them back. Written alone (here) or as one unit of a group
 * (`group-write`). Alone, before writing it takes, in a fixed order, every lock it will wait
 * for: its orders' allowance locks (sorted), then its returns' rows (by id). A commit alone
 * takes at most one of each, in the same order (allowance, then row), and a group takes its
 * orders' locks (sorted) before any row and never waits for a row (SKIP LOCKED), so no two of
 * them each hold what the other waits for. Its own events and RMA number come last, with its
 * returns' events (`outbox-write`).
 */
import {
  type ReturnCommit,
  type ReturnsCommit,
  type ReturnsCommitResult,
  subjectOf,
} from "@returnkit/core/store";
import { checkCommit, checkEvent, Refused, writeChanges } from "./commit";
import type { StoreContext } from "./context";
import { boundOrders, lockOrders } from "./line-allowance";
import { RmaTaken, writeOutbox } from "./outbox-write";
import { lockReturns } from "./sql/lock-returns";

export type CommitManyOutcome = { result: ReturnsCommitResult; deliveries: number };

/** Throws on changes the store refuses before sending anything (programming errors). */
export function checkCommitMany({ changes, events = [] }: ReturnsCommit): void {
  for (const change of changes) checkCommit(change);
  const ids = new Set(changes.map((change) => change.next.record.id));
  if (ids.size < changes.length) throw new Error("commitMany names a return more than once");
  for (const event of events) {
    checkEvent(event);
    if (subjectOf(event).kind === "return")
      throw new TypeError(
        `event ${event.id} is about a return: commit it with that return's change`,
      );
  }
}

export async function commitMany(
  ctx: StoreContext,
  { changes, events: own = [], idempotency, rma }: ReturnsCommit,
): Promise<CommitManyOutcome> {
  const updated = changes.filter((change) => change.expectedVersion !== null);
  try {
    return await ctx.db.transaction(async (tx) => {
      await lockOrders(ctx, tx, boundOrders(changes));
      if (updated.length > 1) await tx.query(lockReturns(ctx.names), [updated.map(idOf)]);
      const answers = idempotency ? [idempotency] : [];
      await writeChanges(ctx, tx, changes, answers);
      // Last, after every other check: a code taken refuses the commit, rolling it all back.
      const { events, appended, deliveries } = await writeOutbox(ctx, tx, changes, [
        { events: own, rma },
      ]);
      return { result: { ok: true, events, appended: appended[0]! }, deliveries };
    });
  } catch (error) {
    if (error instanceof RmaTaken)
      return { result: { ok: false, reason: "rma_taken" }, deliveries: 0 };
    if (!(error instanceof Refused)) throw error;
    const { result, index } = error;
    if (result.ok) throw new Error("a refusal that is not one");
    return { result: index === undefined ? result : { ...result, index }, deliveries: 0 };
  }
}

const idOf = (change: ReturnCommit) => change.next.record.id;
