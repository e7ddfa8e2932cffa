/**
 * @module line-allowance — a commit's `lineAllowance`: under its order's lock, READ COMMITTED
 * shows every row an earlier holder committed, so two commits never both take the last unit.
 */
import type {
  CommitResult,
  LineAllowance,
  ReturnCommit,
  StoredReturn,
} from "@returnkit/core/store";
import type { StoreContext } from "./context";
import type { SqlTransaction } from "./drivers/types";
import { lineUnitsInReturns } from "./sql/line-units-in-returns";
import { lockOrder } from "./sql/lock-order";

/** Waits for, then holds until the transaction ends, the lock of the commit's order. */
export async function lockCommitOrder(ctx: StoreContext, tx: SqlTransaction, change: ReturnCommit) {
  await lockOrders(ctx, tx, [change.next.record.order_id]);
}

/**
 * `lockCommitOrder` for several orders, each once, in one order (sorted), so two transactions
 * that take some of the same locks never each hold one the other waits for.
 */
export async function lockOrders(ctx: StoreContext, tx: SqlTransaction, orderIds: string[]) {
  // Schema and prefix are plain identifiers: no `.` or `/` of theirs blurs the boundaries.
  const { schema, prefix } = ctx.names;
  const keys = [...new Set(orderIds)].map((orderId) => `${schema}.${prefix}/${orderId}`).sort();
  for (const key of keys) await tx.query(lockOrder, [key]);
}

/**
 * `quantity_exceeded` if `record` takes more of its line than `allowance` leaves, else null.
 * Returns written in the same transaction but `later` in its commit are not counted yet.
 */
export async function allowanceRefusal(
  ctx: StoreContext,
  tx: SqlTransaction,
  { id, order_id, line, state }: StoredReturn["record"],
  allowance: LineAllowance,
  later: readonly string[] = [],
): Promise<CommitResult | null> {
  const values = [order_id, id, line.sku, line.size, later];
  const [row] = await tx.query<{ units: number }>(lineUnitsInReturns(ctx.names), values);
  const inReturns = row!.units;
  const held = state === "cancelled" || state === "rejected" ? 0 : line.quantity;
  if (inReturns + held <= allowance.purchased) return null;
  return { ok: false, reason: "quantity_exceeded", inReturns };
}
