/**
 * @module commit-many — `commitMany`: the returns of one request in one transaction, through
 * the statements `commit` uses (`writeChanges`), so each change is checked as a commit alone
 * is; any refusal rolls all of them back. Never grouped with other commits (`group-commit`):
 * it runs alone on its own connection. Before writing it takes, in a fixed order, every lock
 * it will wait for: its orders' allowance locks (sorted), then its returns' rows (by id). A
 * commit alone takes at most one of each, in the same order (allowance, then row), and a group
 * never waits for a row (SKIP LOCKED), so no two of them each hold what the other waits for.
 *
 * Its own events (about a customer, not a return) come last: under the lock of each of their
 * subjects (sorted), taken after every other lock and held until commit, so two commits about
 * one customer draw their positions in the order they become visible. Only `commitMany` takes
 * those locks, and after them it waits for nothing else.
 */
import {
  type OutboxEvent,
  type OutboxEventInput,
  type ReturnCommit,
  type ReturnsCommit,
  type ReturnsCommitResult,
  subjectOf,
} from "@returnkit/core/store";
import { checkCommit, checkEvent, Refused, writeChanges, writeEvents } from "./commit";
import type { StoreContext } from "./context";
import type { SqlTransaction } from "./drivers/types";
import { lockOrders } from "./line-allowance";
import { claimRma } from "./sql/claim-rma";
import { lockOrder } from "./sql/lock-order";
import { lockReturns } from "./sql/lock-returns";

type CommitManyOutcome = { result: ReturnsCommitResult; deliveries: number };

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
  const bound = changes.filter((change) => change.lineAllowance);
  const updated = changes.filter((change) => change.expectedVersion !== null);
  try {
    return await ctx.db.transaction(async (tx) => {
      if (bound.length > 0) await lockOrders(ctx, tx, bound.map(orderOf));
      if (updated.length > 1) await tx.query(lockReturns(ctx.names), [updated.map(idOf)]);
      const answers = idempotency ? [idempotency] : [];
      const { events, deliveries } = await writeChanges(ctx, tx, changes, answers);
      const appended = await appendOwnEvents(ctx, tx, own);
      // Last, after every other check: a code taken refuses the commit, rolling it all back.
      if (rma && (await tx.query(claimRma(ctx.names), [rma.rma, rma.request_id])).length === 0) {
        throw new RmaTaken();
      }
      return {
        result: { ok: true, events, appended: appended.events },
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

/** The commit's own events, under their subjects' locks (see the module comment). */
async function appendOwnEvents(
  ctx: StoreContext,
  tx: SqlTransaction,
  events: readonly OutboxEventInput[],
): Promise<{ events: OutboxEvent[]; deliveries: number }> {
  if (events.length === 0) return { events: [], deliveries: 0 };
  const { schema, prefix } = ctx.names;
  // "#", not the "/" of the orders' locks: no subject's key is ever an order's. A kind has no
  // "/" in it, so the kind and the id never blur.
  const keys = new Set(
    events.map((event) => {
      const { kind, id } = subjectOf(event);
      return `${schema}.${prefix}#${kind}/${id}`;
    }),
  );
  for (const key of [...keys].sort()) await tx.query(lockOrder, [key]);
  const written = await writeEvents(ctx, tx, [{ events: [...events] }]);
  return { events: written.events[0]!, deliveries: written.deliveries };
}

const orderOf = (change: ReturnCommit) => change.next.record.order_id;
const idOf = (change: ReturnCommit) => change.next.record.id;
