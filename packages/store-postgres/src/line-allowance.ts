/**
 * @module line-allowance — the commits' `lineAllowance`: under their orders' locks, READ
 * COMMITTED shows every row an earlier holder committed, so two commits never both take the
 * last unit. One statement checks every line a transaction writes, whether it writes one
 * commit, a request's returns or a group of them.
 */
import type { CommitResult, ReturnCommit, StoredReturn } from "@returnkit/core/store";
import type { StoreContext } from "./context";
import type { SqlTransaction } from "./drivers/types";
import { lineUnitsInReturns } from "./sql/line-units-in-returns";
import { lockKeys } from "./sql/lock-order";

type Record = StoredReturn["record"];

/**
 * Waits for, then holds until the transaction ends, the lock of each order, each once and in
 * one order (sorted), so two transactions that take some of the same locks never each hold
 * one the other waits for.
 */
export async function lockOrders(ctx: StoreContext, tx: SqlTransaction, orderIds: string[]) {
  // Schema and prefix are plain identifiers: no `.` or `/` of theirs blurs the boundaries.
  const { schema, prefix } = ctx.names;
  const keys = [...new Set(orderIds)].map((orderId) => `${schema}.${prefix}/${orderId}`).sort();
  if (keys.length > 0) await tx.query(lockKeys, [keys]);
}

/** The orders of the changes that carry an allowance. */
export function boundOrders(changes: readonly ReturnCommit[]): string[] {
  return changes.flatMap((change) => (change.lineAllowance ? [change.next.record.order_id] : []));
}

/**
 * The first of `changes` (already written in `tx`) whose record takes more of its line than
 * its allowance leaves, with its `quantity_exceeded` answer; null when none does. Each is
 * checked as if the changes ran one by one: against the returns stored outside them and the
 * changes before it, never the ones after.
 */
export async function allowanceRefusal(
  ctx: StoreContext,
  tx: SqlTransaction,
  changes: readonly ReturnCommit[],
): Promise<{ index: number; result: CommitResult } | null> {
  const bound = [...changes.entries()].filter(([, change]) => change.lineAllowance);
  if (bound.length === 0) return null;
  const lines = bound.map(([, change]) => change.next.record);
  const values = [
    lines.map((record) => record.order_id),
    lines.map((record) => record.line.sku),
    lines.map((record) => record.line.size),
    changes.map((change) => change.next.record.id),
  ];
  const rows = await tx.query<{ n: number; units: number }>(lineUnitsInReturns(ctx.names), values);
  const outside = new Map(rows.map((row) => [Number(row.n), row.units]));
  for (const [k, [index, change]] of bound.entries()) {
    const { record } = change.next;
    let inReturns = outside.get(k + 1)!;
    for (const earlier of changes.slice(0, index))
      if (sameLine(earlier.next.record, record)) inReturns += unitsHeld(earlier.next.record);
    if (inReturns + unitsHeld(record) > change.lineAllowance!.purchased)
      return { index, result: { ok: false, reason: "quantity_exceeded", inReturns } };
  }
  return null;
}

const unitsHeld = ({ state, line }: Record) =>
  state === "cancelled" || state === "rejected" ? 0 : line.quantity;

/** One order line: same order, sku and size (a null size matching only null). */
const sameLine = (a: Record, b: Record) =>
  a.order_id === b.order_id && a.line.sku === b.line.sku && a.line.size === b.line.size;
