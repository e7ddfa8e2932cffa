/**
 * @module commit-many — `commitMany`: the returns of one request in one transaction, through
 * the statements `commit` uses (`writeChanges`), so each change is checked as a commit alone
 * is; any refusal rolls all of them back. Written alone (here) or as one unit of a group
 * (`group-write`). Alone, before writing it takes, in a fixed order, every lock it will wait
 * for: its orders' allowance locks (sorted), then its returns' rows (by id). A commit alone
 * takes at most one of each, in the same order (allowance, then row), and a group takes its
 * orders' locks (sorted) before any row and never waits for a row (SKIP LOCKED), so no two of
 * them each hold what the other waits for.
 *
 * Its own events (about a customer, not a return) come last: under the lock of each of their
 * subjects (sorted), taken after every other lock and held until commit, so two commits about
 * one customer draw their positions in the order they become visible. Only requests take
 * those locks, and after them they wait for nothing else.
 */
import {
  type OutboxEvent,
  type OutboxEventInput,
  type ReturnCommit,
  type ReturnsCommit,
  type ReturnsCommitResult,
  type RmaClaim,
  subjectOf,
} from "@returnkit/core/store";
import { checkCommit, checkEvent, Refused, writeChanges, writeEvents } from "./commit";
import type { StoreContext } from "./context";
import type { SqlTransaction } from "./drivers/types";
import { boundOrders, lockOrders } from "./line-allowance";
import { claimRma } from "./sql/claim-rma";
import { lockKeys } from "./sql/lock-order";
import { lockReturns } from "./sql/lock-returns";

export type CommitManyOutcome = { result: ReturnsCommitResult; deliveries: number };

/** Thrown inside the transaction to roll it back: another request holds the RMA number. */
class RmaTaken {}

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
      const { events, deliveries } = await writeChanges(ctx, tx, changes, answers);
      const appended = await appendOwnEvents(ctx, tx, [own]);
      // Last, after every other check: a code taken refuses the commit, rolling it all back.
      if (rma && !(await claimedRma(ctx, tx, rma))) throw new RmaTaken();
      return {
        result: { ok: true, events, appended: appended.events[0]! },
        deliveries: deliveries + appended.deliveries,
      };
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

/**
 * Each unit's own events, in one statement, under their subjects' locks (see the module
 * comment): a `commitMany` alone writes one unit, a group one per request it holds.
 */
export async function appendOwnEvents(
  ctx: StoreContext,
  tx: SqlTransaction,
  units: readonly (readonly OutboxEventInput[])[],
): Promise<{ events: OutboxEvent[][]; deliveries: number }> {
  const all = units.flat();
  if (all.length === 0) return { events: units.map(() => []), deliveries: 0 };
  const { schema, prefix } = ctx.names;
  // "#", not the "/" of the orders' locks: no subject's key is ever an order's. A kind has no
  // "/" in it, so the kind and the id never blur.
  const keys = new Set(
    all.map((event) => {
      const { kind, id } = subjectOf(event);
      return `${schema}.${prefix}#${kind}/${id}`;
    }),
  );
  await tx.query(lockKeys, [[...keys].sort()]);
  return writeEvents(
    ctx,
    tx,
    units.map((events) => ({ events: [...events] })),
  );
}

/** Claims the request's RMA number; false when another request holds it. */
export async function claimedRma(ctx: StoreContext, tx: SqlTransaction, rma: RmaClaim) {
  return (await tx.query(claimRma(ctx.names), [rma.rma, rma.request_id])).length > 0;
}

const idOf = (change: ReturnCommit) => change.next.record.id;
