/**
 * @module commit — a commit is one transaction of small statements (each in `sql/`), run in
 * order on one connection:
 *
 * 1. the return: its next version if the stored one is the expected one (a row lock
 *    serialises concurrent commits of one return), or its first one if it does not exist;
 * 2. the idempotency key: a first use is inserted `completed` (or takes over a lapsed row),
 *    a claimed key is completed under its token;
 * 3. the outbox events, which come back with their positions and matching endpoints;
 * 4. their deliveries, one per event and endpoint;
 * 5. `pg_notify`, which leaves when the transaction commits.
 *
 * A failed check throws `Refused`: the transaction rolls back and the caller gets the
 * reason. Checks come in the contract's order: the return before the key.
 */
import type {
  CommitResult,
  IdempotencyRecordView,
  OutboxEvent,
  ReturnCommit,
} from "@returnkit/core";
import type { StoreContext } from "./context";
import type { SqlTransaction } from "./drivers/types";
import { newDeliveryId } from "./ids";
import { type KeyRecordRow, type ReturnRow, toKeyRecord, toStoredReturn } from "./rows";
import { completeKey } from "./sql/complete-key";
import { insertDeliveries } from "./sql/insert-deliveries";
import { insertEvents } from "./sql/insert-events";
import { insertReturn } from "./sql/insert-return";
import { notify } from "./sql/notify";
import { recordFirstUse } from "./sql/record-first-use";
import { selectKey } from "./sql/select-key";
import { selectReturn } from "./sql/select-return";
import { updateReturn } from "./sql/update-return";

export interface CommitOutcome {
  result: CommitResult;
  /** Deliveries the commit created (0 when it was refused). */
  deliveries: number;
}

/** A check that failed: thrown to roll the transaction back, caught by `commit`. */
class Refused extends Error {
  constructor(readonly result: CommitResult) {
    super(result.ok ? "committed" : result.reason);
  }
}

/** A first use refused by a row that was gone by the time it was read: the commit runs again. */
class KeyVanished extends Error {}
const KEY_ATTEMPTS = 5;

/**
 * Throws on a commit the store must refuse before sending anything: a version that does
 * not follow the expected one, a time that cannot be read, or an event of another return.
 */
export function checkCommit(commit: ReturnCommit): void {
  const { record } = commit.next;
  const expected = (commit.expectedVersion ?? 0) + 1;
  if (record.version !== expected) {
    throw new Error(`commit of ${record.id} must carry version ${expected}, got ${record.version}`);
  }
  for (const event of commit.events) {
    if (Number.isNaN(Date.parse(event.created_at)))
      throw new TypeError(`event ${event.id} has an invalid created_at`);
    if (event.return_id !== record.id)
      throw new TypeError(`event ${event.id} belongs to ${event.return_id}, not ${record.id}`);
  }
}

export async function commit(ctx: StoreContext, change: ReturnCommit): Promise<CommitOutcome> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.db.transaction((tx) => write(ctx, tx, change));
    } catch (error) {
      if (error instanceof Refused) return { result: error.result, deliveries: 0 };
      if (!(error instanceof KeyVanished) || attempt >= KEY_ATTEMPTS) throw error;
    }
  }
}

async function write(
  ctx: StoreContext,
  tx: SqlTransaction,
  change: ReturnCommit,
): Promise<CommitOutcome> {
  await writeReturn(ctx, tx, change);
  await recordKey(ctx, tx, change);
  const { events, deliveries } = await writeEvents(ctx, tx, change);
  if (deliveries > 0 && ctx.notify) {
    await tx.query(notify, [ctx.notify.channel, ctx.notify.payload]);
  }
  return { result: { ok: true, events }, deliveries };
}

async function writeReturn(ctx: StoreContext, tx: SqlTransaction, change: ReturnCommit) {
  const { record, snapshot } = change.next;
  const values = [
    record.id,
    record.version,
    record.state,
    record.customer_id,
    record.order_id,
    JSON.stringify(record),
    JSON.stringify(snapshot),
  ];
  if (change.expectedVersion === null) {
    const created = await tx.query(insertReturn(ctx.names), values);
    if (created.length === 0) throw new Refused({ ok: false, reason: "already_exists" });
    return;
  }
  const updated = await tx.query(updateReturn(ctx.names), [...values, change.expectedVersion]);
  if (updated.length > 0) return;
  const [row] = await tx.query<ReturnRow & { version: number }>(selectReturn(ctx.names), [
    record.id,
  ]);
  throw new Refused({
    ok: false,
    reason: "version_conflict",
    currentVersion: row ? Number(row.version) : null,
    ...(row ? { current: toStoredReturn(row) } : {}),
  });
}

async function recordKey(ctx: StoreContext, tx: SqlTransaction, change: ReturnCommit) {
  const key = change.idempotency;
  if (!key) return;
  const response = JSON.stringify(key.response);
  if (key.token !== undefined) {
    const completed = await tx.query(completeKey(ctx.names), [
      key.key,
      key.token,
      response,
      key.expiresAt,
    ]);
    if (completed.length === 0) throw new Refused({ ok: false, reason: "idempotency_lost" });
    return;
  }
  const recorded = await tx.query(recordFirstUse(ctx.names), [
    key.key,
    key.fingerprint,
    key.now,
    key.expiresAt,
    response,
  ]);
  if (recorded.length > 0) return;
  // A new statement sees the row that blocked the insert, even one committed meanwhile.
  const [row] = await tx.query<KeyRecordRow>(selectKey(ctx.names), [key.key]);
  if (!row) throw new KeyVanished(`idempotency key ${key.key} vanished while it was read`);
  const record: IdempotencyRecordView = toKeyRecord(row);
  throw new Refused({ ok: false, reason: "idempotency_conflict", record });
}

async function writeEvents(
  ctx: StoreContext,
  tx: SqlTransaction,
  change: ReturnCommit,
): Promise<{ events: OutboxEvent[]; deliveries: number }> {
  if (change.events.length === 0) return { events: [], deliveries: 0 };
  const payloads = change.events.map((event) => JSON.stringify(event.payload));
  const inserted = await tx.query<{
    id: string;
    position: number | string;
    endpoint_ids: string[];
  }>(insertEvents(ctx.names), [
    change.next.record.id,
    change.events.map((event) => event.id),
    change.events.map((event) => event.seq),
    change.events.map((event) => event.type),
    payloads,
    change.events.map((event) => event.created_at),
    change.events.map((event) => Date.parse(event.created_at)),
  ]);
  const byId = new Map(inserted.map((row) => [row.id, row]));
  // The store's own copies: parsed from what was sent, so the caller's objects stay theirs.
  const events = change.events.map((event, index) => ({
    id: event.id,
    return_id: event.return_id,
    seq: event.seq,
    type: event.type,
    payload: JSON.parse(payloads[index]!) as OutboxEvent["payload"],
    created_at: event.created_at,
    position: Number(byId.get(event.id)!.position),
  }));
  const deliveries = events.flatMap((event) =>
    byId.get(event.id)!.endpoint_ids.map((endpointId) => ({ event, endpointId })),
  );
  if (deliveries.length > 0) {
    await tx.query(insertDeliveries(ctx.names), [
      change.next.record.id,
      deliveries.map((d) => d.event.id),
      deliveries.map((d) => d.endpointId),
      deliveries.map((d) => newDeliveryId(Date.parse(d.event.created_at))),
      deliveries.map((d) => d.event.position),
      deliveries.map((d) => Date.parse(d.event.created_at)),
    ]);
  }
  return { events, deliveries: deliveries.length };
}
