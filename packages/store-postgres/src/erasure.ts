/**
 * @module erasure — an erasure batch in one transaction: the returns locked and rewritten as
 * the service erases them, their events' payloads and their deliveries' errors rewritten, the
 * idempotency records that copy them deleted; and the job's own timer, set and cleared.
 */
import type { ErasureBatch, Erasures, ReturnErasure, StoredReturn } from "@returnkit/core/store";
import { returnColumns } from "./commit";
import type { StoreContext } from "./context";
import type { SqlTransaction } from "./drivers/types";
import type { SqlNames } from "./names";
import { toStoredReturn } from "./rows";
import * as sql from "./sql/erase";
import { jsonDocuments } from "./sql/json-documents";
import { updateReturns } from "./sql/update-returns";

type AttemptRow = { error: string | null };

async function rewriteEvents(ctx: StoreContext, tx: SqlTransaction, erasures: ReturnErasure[]) {
  const byReturn = new Map(erasures.map((erasure) => [erasure.next.record.id, erasure]));
  const rows = await tx.query<{ id: string; return_id: string; payload: unknown }>(
    sql.selectEventsOf(ctx.names),
    [[...byReturn.keys()]],
  );
  if (rows.length === 0) return;
  const payloads = rows.map((row) =>
    JSON.stringify(byReturn.get(row.return_id)!.json(row.payload)),
  );
  await tx.query(sql.updatePayloads(ctx.names), [
    rows.map((row) => row.id),
    jsonDocuments(payloads),
  ]);
  const eventReturn = new Map(rows.map((row) => [row.id, row.return_id]));
  const deliveries = await tx.query<{ id: string; attempts: AttemptRow[]; event_id: string }>(
    sql.selectErredDeliveries(ctx.names),
    [rows.map((row) => row.id)],
  );
  if (deliveries.length === 0) return;
  const attempts = deliveries.map((row) => {
    const text = byReturn.get(eventReturn.get(row.event_id)!)!.text;
    const rewritten = row.attempts.map((attempt) =>
      attempt.error === null ? attempt : { ...attempt, error: text(attempt.error) },
    );
    return JSON.stringify(rewritten);
  });
  await tx.query(sql.updateAttempts(ctx.names), [
    deliveries.map((row) => row.id),
    jsonDocuments(attempts),
  ]);
}

/** The statement locking the returns a batch takes, with its values. */
function lockTaken(n: SqlNames, batch: ErasureBatch): [string, unknown[]] {
  const { target, limit, erasedPrefix } = batch;
  if ("customer_id" in target) return [sql.lockCustomerReturns(n), [target.customer_id, limit]];
  if ("order_id" in target)
    return [sql.lockOrderReturns(n), [target.order_id, limit, erasedPrefix]];
  return [sql.lockOneReturn(n), [target.return_id, limit, erasedPrefix]];
}

export function erasureOperations(ctx: StoreContext): Erasures {
  const { db, names: n } = ctx;
  return {
    eraseReturns: (batch) =>
      db.transaction(async (tx) => {
        const rows = await tx.query<StoredReturn>(...lockTaken(n, batch));
        if (rows.length === 0) return [];
        const erasures = rows.map((row) => batch.erase(toStoredReturn(row)));
        const records = erasures.map((erasure) => erasure.next.record);
        await tx.query(updateReturns(n), [
          ...returnColumns(erasures.map((erasure) => erasure.next)),
          records.map((record) => record.version - 1),
        ]);
        await rewriteEvents(ctx, tx, erasures);
        const needles = [...new Set(erasures.flatMap((erasure) => erasure.needles))];
        await tx.query(sql.forgetKeys(n), [needles]);
        return records.map((record) => record.id);
      }),
    async forgetIdempotencyRecords(needles) {
      if (needles.length === 0) return 0;
      const rows = await db.query(`${sql.forgetKeys(n)} RETURNING k.key`, [[...needles]]);
      return rows.length;
    },
    async setJobTimer({ return_id, name, due_at }) {
      await db.query(sql.setJobTimer(n), [return_id, name, due_at]);
    },
    async clearJobTimer({ return_id, name, due_at }) {
      const rows = await db.query(sql.clearJobTimer(n), [return_id, name, due_at]);
      return rows.length > 0;
    },
  };
}
