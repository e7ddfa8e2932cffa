/**
 * @module commit-many — `commitMany`: the returns of one request in one transaction, through
 * the statements `commit` uses (`writeChanges`), so each change is checked as a commit alone
 * is; any refusal rolls all of them back. Never grouped with other commits (`group-commit`):
 * it runs alone on its own connection. Before writing it takes, in a fixed order, every lock
 * it will wait for: its orders' allowance locks (sorted), then its returns' rows (by id). A
 * commit alone takes at most one of each, in the same order (allowance, then row), and a group
 * never waits for a row (SKIP LOCKED), so no two of them each hold what the other waits for.
 */
import type { ReturnCommit, ReturnsCommit, ReturnsCommitResult } from "@returnkit/core/store";
import { checkCommit, Refused, writeChanges } from "./commit";
import type { StoreContext } from "./context";
import { lockOrders } from "./line-allowance";
import { lockReturns } from "./sql/lock-returns";

type CommitManyOutcome = { result: ReturnsCommitResult; deliveries: number };

/** Throws on changes the store refuses before sending anything (programming errors). */
export function checkCommitMany({ changes }: ReturnsCommit): void {
  for (const change of changes) checkCommit(change);
  const ids = new Set(changes.map((change) => change.next.record.id));
  if (ids.size < changes.length) throw new Error("commitMany names a return more than once");
}

export async function commitMany(
  ctx: StoreContext,
  { changes, idempotency }: ReturnsCommit,
): Promise<CommitManyOutcome> {
  const bound = changes.filter((change) => change.lineAllowance);
  const updated = changes.filter((change) => change.expectedVersion !== null);
  try {
    return await ctx.db.transaction(async (tx) => {
      if (bound.length > 0) await lockOrders(ctx, tx, bound.map(orderOf));
      if (updated.length > 1) await tx.query(lockReturns(ctx.names), [updated.map(idOf)]);
      const answers = idempotency ? [idempotency] : [];
      const { events, deliveries } = await writeChanges(ctx, tx, changes, answers);
      return { result: { ok: true, events }, deliveries };
    });
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    const { result, index } = error;
    if (result.ok) throw new Error("a refusal that is not one");
    return { result: index === undefined ? result : { ...result, index }, deliveries: 0 };
  }
}

const orderOf = (change: ReturnCommit) => change.next.record.order_id;
const idOf = (change: ReturnCommit) => change.next.record.id;
