/**
 * @module commit — one transaction of small statements (`sql/`), checking in the contract's
 * order: the return's version, the key's first use, the line allowance (under its order's
 * lock, `line-allowance`); then the outbox. A failed check throws `Refused`, which rolls
 * everything back.
 */
import type { CommitResult, OutboxEvent, ReturnCommit, StoredReturn } from "@returnkit/core";
import type { StoreContext } from "./context";
import type { SqlTransaction } from "./drivers/types";
import { recordKey as recordAnswer } from "./idempotency";
import { deliveryIdPrefix } from "./ids";
import { allowanceRefusal, lockCommitOrder } from "./line-allowance";
import { insertEvents } from "./sql/insert-events";
import { insertReturn } from "./sql/insert-return";
import { selectReturn } from "./sql/select-return";
import { updateReturn } from "./sql/update-return";

/** The result, and how many deliveries the commit created (0 when it was refused). */
export type CommitOutcome = { result: CommitResult; deliveries: number };

class Refused {
  constructor(readonly result: CommitResult) {}
}

/** Throws on a commit the store refuses before sending anything (a programming error). */
export function checkCommit(change: ReturnCommit): void {
  const { record } = change.next;
  const expected = (change.expectedVersion ?? 0) + 1;
  if (record.version !== expected)
    throw new Error(`commit of ${record.id} must carry version ${expected}, got ${record.version}`);
  for (const event of change.events) {
    if (Number.isNaN(Date.parse(event.created_at)))
      throw new TypeError(`event ${event.id} has an invalid created_at`);
    if (event.return_id !== record.id)
      throw new TypeError(`event ${event.id} belongs to ${event.return_id}, not ${record.id}`);
  }
}

export async function commit(ctx: StoreContext, change: ReturnCommit): Promise<CommitOutcome> {
  try {
    return await ctx.db.transaction(async (tx) => {
      if (change.lineAllowance) await lockCommitOrder(ctx, tx, change);
      await writeReturn(ctx, tx, change);
      await recordKey(ctx, tx, change);
      await checkLineAllowance(ctx, tx, change);
      return writeEvents(ctx, tx, change);
    });
  } catch (error) {
    if (error instanceof Refused) return { result: error.result, deliveries: 0 };
    throw error;
  }
}

async function writeReturn(ctx: StoreContext, tx: SqlTransaction, change: ReturnCommit) {
  const { record, snapshot } = change.next;
  const values = [record.id, record.version, record.state, record.customer_id, record.order_id];
  values.push(JSON.stringify(record), JSON.stringify(snapshot));
  if (change.expectedVersion === null) {
    if ((await tx.query(insertReturn(ctx.names), values)).length > 0) return;
    throw new Refused({ ok: false, reason: "already_exists" });
  }
  values.push(change.expectedVersion);
  if ((await tx.query(updateReturn(ctx.names), values)).length > 0) return;
  // The UPDATE saw the latest committed version: that is what the caller is told of.
  const [row] = await tx.query<StoredReturn>(selectReturn(ctx.names), [record.id]);
  throw new Refused({
    ok: false,
    reason: "version_conflict",
    currentVersion: row ? row.record.version : null,
    ...(row ? { current: row } : {}),
  });
}

async function recordKey(ctx: StoreContext, tx: SqlTransaction, change: ReturnCommit) {
  if (!change.idempotency) return;
  const result = await recordAnswer(tx, ctx, change.idempotency);
  if (!result.recorded)
    throw new Refused({ ok: false, reason: "idempotency_conflict", record: result.record });
}

async function checkLineAllowance(ctx: StoreContext, tx: SqlTransaction, change: ReturnCommit) {
  if (!change.lineAllowance) return;
  const refusal = await allowanceRefusal(ctx, tx, change.next.record, change.lineAllowance);
  if (refusal) throw new Refused(refusal);
}

async function writeEvents(
  ctx: StoreContext,
  tx: SqlTransaction,
  change: ReturnCommit,
): Promise<CommitOutcome> {
  const sent = change.events;
  if (sent.length === 0) return { result: { ok: true, events: [] }, deliveries: 0 };
  const payloads = sent.map((event) => JSON.stringify(event.payload));
  const createdMs = sent.map((event) => Date.parse(event.created_at));
  const rows = await tx.query<{ id: string; position: number | string; deliveries: number }>(
    insertEvents(ctx.names),
    [
      change.next.record.id,
      sent.map((event) => event.id),
      sent.map((event) => event.seq),
      sent.map((event) => event.type),
      payloads,
      sent.map((event) => event.created_at),
      createdMs,
      createdMs.map((at) => deliveryIdPrefix(at)),
      ctx.notify?.channel ?? null,
      ctx.notify?.payload ?? null,
      sent.map((event) => event.request_id ?? null),
      sent.map((event) => event.traceparent ?? null),
    ],
  );
  const positions = new Map(rows.map((row) => [row.id, Number(row.position)]));
  // The store's own copies, parsed from what was sent: the caller's objects stay theirs.
  const events: OutboxEvent[] = sent.map((event, i) => ({
    ...event,
    request_id: event.request_id ?? null,
    traceparent: event.traceparent ?? null,
    payload: JSON.parse(payloads[i]!),
    position: positions.get(event.id)!,
  }));
  return { result: { ok: true, events }, deliveries: rows[0]!.deliveries };
}
