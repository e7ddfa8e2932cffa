/**
 * @module line-allowance — what a commit carrying a `lineAllowance` adds to its transaction:
 * its order's lock first, then, once the return is written, the sum of the units the line's
 * other active returns hold. Under the lock, READ COMMITTED shows every row an earlier holder
 * committed, so two commits can never both take the last unit, whatever process sent them.
 */
import type { CommitResult, LineAllowance, ReturnCommit, StoredReturn } from "@returnkit/core";
import type { StoreContext } from "./context";
import type { SqlTransaction } from "./drivers/types";
import { lineUnitsInReturns } from "./sql/line-units-in-returns";
import { lockOrder } from "./sql/lock-order";

/** Waits for, then holds until the transaction ends, the lock of the commit's order. */
export async function lockCommitOrder(ctx: StoreContext, tx: SqlTransaction, change: ReturnCommit) {
  // Schema and prefix are plain identifiers: no `.` or `/` of theirs blurs the boundaries.
  const { schema, prefix } = ctx.names;
  await tx.query(lockOrder, [`${schema}.${prefix}/${change.next.record.order_id}`]);
}

/** `quantity_exceeded` if `record` takes more of its line than `allowance` leaves, else null. */
export async function allowanceRefusal(
  ctx: StoreContext,
  tx: SqlTransaction,
  { id, order_id, line, state }: StoredReturn["record"],
  allowance: LineAllowance,
): Promise<CommitResult | null> {
  const values = [order_id, id, line.sku, line.size];
  const [row] = await tx.query<{ units: number }>(lineUnitsInReturns(ctx.names), values);
  const inReturns = row!.units;
  const held = state === "cancelled" || state === "rejected" ? 0 : line.quantity;
  if (inReturns + held <= allowance.purchased) return null;
  return { ok: false, reason: "quantity_exceeded", inReturns };
}
