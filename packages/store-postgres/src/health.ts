/**
 * @module health — the store's health check: migrations current and the oldest due delivery,
 * in one transaction on one connection, each statement stopped by the database after the
 * probe's timeout so that a check nobody awaits any more gives its connection back.
 */
import type { StoreHealth, StoreHealthProbe } from "@returnkit/core/store";
import type { StoreContext } from "./context";
import type { SqlTransaction } from "./drivers/types";
import { upToDate } from "./migrate";
import { oldestDueDelivery } from "./sql/oldest-due-delivery";

/** query_canceled: what a statement stopped by `statement_timeout` fails with. */
const QUERY_CANCELED = "57014";

/** Rejects when the database cannot be reached: the caller counts that as unreachable. */
export async function checkHealth(
  ctx: StoreContext,
  probe?: StoreHealthProbe,
): Promise<StoreHealth> {
  const { db, names } = ctx;
  if (!probe) return { reachable: true, migrationsCurrent: await upToDate(db, names) };
  return db.transaction(async (tx) => {
    // SET LOCAL, with a parameter: it ends with this transaction, never on a pooled connection.
    const ms = String(Math.max(1, Math.ceil(probe.timeoutMs)));
    await tx.query("SELECT set_config('statement_timeout', $1, true)", [ms]);
    const migrationsCurrent = await upToDate(tx, names);
    if (!migrationsCurrent) return { reachable: true, migrationsCurrent };
    return { reachable: true, migrationsCurrent, oldestDueAt: await oldestDueAt(ctx, tx, probe) };
  });
}

/** A lag that takes too long to measure is a `"timeout"`, not an unreachable database. */
async function oldestDueAt(
  ctx: StoreContext,
  tx: SqlTransaction,
  probe: StoreHealthProbe,
): Promise<number | null | "timeout"> {
  await tx.exec("SAVEPOINT returnkit_outbox_lag");
  try {
    const [row] = await tx.query<{ due: number | string }>(oldestDueDelivery(ctx.names), [
      probe.now,
      probe.subscribers,
    ]);
    return row ? Number(row.due) : null;
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code !== QUERY_CANCELED) throw error;
    await tx.exec("ROLLBACK TO SAVEPOINT returnkit_outbox_lag");
    return "timeout";
  }
}
