/**
 * @module line-allowance — what a commit carrying a `lineAllowance` adds to its transaction:
 * the order's lock first, then, once the return is written, the sum of the units the line's
 * other active returns hold. Under the lock, READ COMMITTED shows every row an earlier holder
 * committed, so two commits can never both take the last unit, whatever process sent them.
 * Commits without an allowance take no lock: they are not checked.
 */
import type { CommitResult, LineAllowance, ReturnCommit, StoredReturn } from "@returnkit/core";
import type { StoreContext } from "./context";
import type { SqlTransaction } from "./drivers/types";
import type { SqlNames } from "./names";
import { lineUnitsInReturns } from "./sql/line-units-in-returns";
import { lockOrder } from "./sql/lock-order";

/**
 * The text the order's lock is hashed from: the store's schema and prefix (plain identifiers,
 * so no `.` or `/` of theirs can blur the boundaries), then the order id.
 */
export function orderLockKey(names: SqlNames, orderId: string): string {
  return `${names.schema}.${names.prefix}/${orderId}`;
}

/** Waits for, then holds until the transaction ends, the lock of the commit's order. */
export async function lockCommitOrder(
  ctx: StoreContext,
  tx: SqlTransaction,
  change: ReturnCommit,
): Promise<void> {
  await tx.query(lockOrder, [orderLockKey(ctx.names, change.next.record.order_id)]);
}

/**
 * `quantity_exceeded` when `record` would take more of its line than `allowance` leaves, else
 * null. Call under `lockCommitOrder`, after writing `record` (its own row is left out).
 */
export async function allowanceRefusal(
  ctx: StoreContext,
  tx: SqlTransaction,
  record: StoredReturn["record"],
  allowance: LineAllowance,
): Promise<CommitResult | null> {
  const [row] = await tx.query<{ units: number | string }>(lineUnitsInReturns(ctx.names), [
    record.order_id,
    record.id,
    record.line.sku,
    record.line.size,
  ]);
  const inReturns = Number(row!.units);
  const held =
    record.state === "cancelled" || record.state === "rejected" ? 0 : record.line.quantity;
  if (inReturns + held <= allowance.purchased) return null;
  return { ok: false, reason: "quantity_exceeded", inReturns };
}
