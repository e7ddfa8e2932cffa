/**
 * @module commit — `commit` as one SQL statement, so it is atomic in one round trip.
 *
 * Every sub-statement of a data-modifying `WITH` sees the same snapshot and none sees the
 * others' writes, so the checks cannot be "read, then write if fine". Instead:
 *
 * 1. `locked_return` locks the return row FOR UPDATE. Under READ COMMITTED a row lock that
 *    had to wait returns the row as the other transaction committed it, so the version
 *    check sees the latest version, not the statement's snapshot.
 * 2. The key: a completion (`token`) locks its row FOR UPDATE in `held_key` if it is still
 *    `in_progress` under the token; a first use inserts the completed row in `first_use`,
 *    but only once the version check passed, and takes over only an expired row or a
 *    stale lease. A concurrent first use of the same key waits on the unique index and
 *    then finds the row, so at most one of them writes.
 * 3. The UPDATE (or the INSERT … ON CONFLICT DO NOTHING, on create) runs only when both
 *    checks pass; its RETURNING is the single gate for everything else.
 * 4. Events, deliveries (INSERT … SELECT from the enabled, matching endpoints), the
 *    idempotency completion and `pg_notify` are all gated on that RETURNING.
 *
 * The final SELECT reports what happened, and the caller turns it into a `CommitResult`;
 * a refused commit also brings back the return's current version and the key's record,
 * so the caller needs no second read to retry or to answer.
 * Positions come from a sequence in event order; commits of one return are serialised by
 * the row lock, so a later commit always draws larger positions.
 */
import type {
  CommitResult,
  IdempotencyRecordView,
  OutboxEvent,
  ReturnCommit,
  StoredReturn,
} from "@returnkit/core";
import type { SqlQueryable } from "./database";
import { keyTakeoverCondition } from "./idempotency";
import type { SqlNames } from "./names";
import { type KeyRecordRow, toKeyRecord } from "./rows";

export interface CommitOutcome {
  result: CommitResult;
  /** Deliveries the commit created (0 when it was refused). */
  deliveries: number;
}

interface CommitRow {
  written: boolean;
  current_version: number | string | null;
  key_ok: boolean;
  events: Array<{ id: string; position: number | string }> | null;
  deliveries: number | string;
  /** The return as it stands, when nothing was written. */
  current: StoredReturn | null;
  /** The key's record as this statement saw it, when a first use was refused. */
  key_record: KeyRecordRow | null;
}

export function commitStatement(n: SqlNames): string {
  const returns = n.table("returns");
  return `
WITH
held_key AS (
  SELECT k.key FROM ${n.table("idempotency_keys")} k
  WHERE k.key = $10::text AND k.token = $11::text AND k.state = 'in_progress'
  FOR UPDATE
),
locked_return AS (
  SELECT r.version, r.record, r.snapshot FROM ${returns} r WHERE r.id = $1::text FOR UPDATE
),
version_ok AS (
  SELECT CASE WHEN $2::integer IS NULL THEN NOT EXISTS (SELECT 1 FROM locked_return)
              ELSE EXISTS (SELECT 1 FROM locked_return c WHERE c.version = $2::integer) END AS ok
),
first_use AS (
  INSERT INTO ${n.table("idempotency_keys")} AS k
    (key, fingerprint, state, token, locked_until, expires_at, response)
  SELECT $10::text, $16::text, 'completed', '', $17::bigint, $13::bigint, $12::json
  WHERE $16::text IS NOT NULL AND (SELECT ok FROM version_ok)
  ON CONFLICT (key) DO UPDATE
    SET fingerprint = excluded.fingerprint, state = 'completed', token = '',
        locked_until = excluded.locked_until, expires_at = excluded.expires_at,
        response = excluded.response
    WHERE ${keyTakeoverCondition("k", "$17::bigint")}
  RETURNING k.key
),
allowed AS (
  SELECT CASE WHEN $10::text IS NULL THEN true
              WHEN $16::text IS NOT NULL THEN EXISTS (SELECT 1 FROM first_use)
              ELSE EXISTS (SELECT 1 FROM held_key) END AS key_ok
),
updated AS (
  UPDATE ${returns} r
  SET version = $3, state = $4, customer_id = $5, order_id = $6,
      record = $7::json, snapshot = $8::json, updated_at = now()
  WHERE r.id = $1::text
    AND $2::integer IS NOT NULL
    AND r.version = $2::integer
    AND EXISTS (SELECT 1 FROM locked_return c WHERE c.version = $2::integer)
    AND (SELECT key_ok FROM allowed)
  RETURNING r.id
),
inserted AS (
  INSERT INTO ${returns} (id, version, state, customer_id, order_id, record, snapshot)
  SELECT $1::text, $3, $4, $5, $6, $7::json, $8::json
  WHERE $2::integer IS NULL
    AND NOT EXISTS (SELECT 1 FROM locked_return)
    AND (SELECT key_ok FROM allowed)
  ON CONFLICT (id) DO NOTHING
  RETURNING id
),
written AS (
  SELECT id FROM updated UNION ALL SELECT id FROM inserted
),
new_events AS (
  INSERT INTO ${n.table("outbox_events")} (id, return_id, seq, type, payload, created_at, created_ms)
  SELECT e->>'id', e->>'return_id', (e->>'seq')::integer, e->>'type', e->'payload',
         e->>'created_at', (e->>'created_ms')::bigint
  FROM json_array_elements($9::json) WITH ORDINALITY AS input(e, ord)
  WHERE EXISTS (SELECT 1 FROM written)
  ORDER BY ord
  RETURNING id, position, type, return_id, created_ms
),
new_deliveries AS (
  INSERT INTO ${n.table("deliveries")} (id, event_id, endpoint_id, return_id, position, status, next_attempt_at)
  SELECT 'dlv_' || replace(gen_random_uuid()::text, '-', ''), ev.id, ep.id, ev.return_id, ev.position,
         'pending', ev.created_ms
  FROM new_events ev
  JOIN ${n.table("endpoints")} ep ON ep.enabled AND (ep.types IS NULL OR ep.types ? ev.type)
  RETURNING id
),
completed AS (
  UPDATE ${n.table("idempotency_keys")} k
  SET state = 'completed', response = $12::json, expires_at = $13::bigint
  WHERE k.key = $10::text AND k.token = $11::text AND k.state = 'in_progress'
    AND EXISTS (SELECT 1 FROM written)
  RETURNING k.key
),
notified AS (
  SELECT pg_notify($14::text, $15::text)
  WHERE $14::text IS NOT NULL AND EXISTS (SELECT 1 FROM new_deliveries)
)
SELECT
  EXISTS (SELECT 1 FROM written) AS written,
  (SELECT version FROM locked_return) AS current_version,
  (SELECT key_ok FROM allowed) AS key_ok,
  (SELECT json_agg(json_build_object('id', id, 'position', position)) FROM new_events) AS events,
  (SELECT count(*) FROM new_deliveries) AS deliveries,
  (SELECT count(*) FROM notified) AS notified,
  (SELECT count(*) FROM completed) AS completed,
  (SELECT json_build_object('record', c.record, 'snapshot', c.snapshot) FROM locked_return c
   WHERE NOT EXISTS (SELECT 1 FROM written)) AS current,
  (SELECT json_build_object('state', k.state, 'fingerprint', k.fingerprint, 'response', k.response)
   FROM ${n.table("idempotency_keys")} k
   WHERE $16::text IS NOT NULL AND k.key = $10::text AND NOT EXISTS (SELECT 1 FROM first_use))
   AS key_record`;
}

export function commitParams(
  commit: ReturnCommit,
  notify: { channel: string; payload: string } | null,
): unknown[] {
  const { record, snapshot } = commit.next;
  const expected = (commit.expectedVersion ?? 0) + 1;
  if (record.version !== expected) {
    throw new Error(`commit of ${record.id} must carry version ${expected}, got ${record.version}`);
  }
  const events = commit.events.map((event) => {
    const created_ms = Date.parse(event.created_at);
    if (Number.isNaN(created_ms))
      throw new TypeError(`event ${event.id} has an invalid created_at`);
    return { ...event, created_ms };
  });
  const key = commit.idempotency;
  const firstUse = key !== undefined && key.token === undefined ? key : null;
  return [
    record.id,
    commit.expectedVersion,
    record.version,
    record.state,
    record.customer_id,
    record.order_id,
    JSON.stringify(record),
    JSON.stringify(snapshot),
    JSON.stringify(events),
    key?.key ?? null,
    key?.token ?? null,
    key ? JSON.stringify(key.response) : null,
    key?.expiresAt ?? null,
    notify?.channel ?? null,
    notify?.payload ?? null,
    firstUse?.fingerprint ?? null,
    firstUse?.now ?? null,
  ];
}

export async function runCommit(
  db: SqlQueryable,
  statement: string,
  commit: ReturnCommit,
  notify: { channel: string; payload: string } | null,
  readKey: (key: string) => Promise<IdempotencyRecordView | null>,
): Promise<CommitOutcome> {
  const params = commitParams(commit, notify);
  const { rows } = await db.query<CommitRow>(statement, params);
  const row = rows[0]!;
  const current = row.current_version === null ? null : Number(row.current_version);
  if (row.written) {
    const positions = new Map(
      (row.events ?? []).map((event) => [event.id, Number(event.position)]),
    );
    return {
      result: committed(params[EVENTS_PARAM] as string, positions),
      deliveries: Number(row.deliveries),
    };
  }
  // The order of these checks is the contract's: existence and version before the key.
  const keyRefused = async (): Promise<CommitOutcome> => {
    const key = commit.idempotency!;
    if (key.token !== undefined) return refused({ ok: false, reason: "idempotency_lost" });
    // A row committed after this statement's snapshot blocked the insert without being
    // visible to it; a new statement sees it.
    const record = row.key_record ? toKeyRecord(row.key_record) : await readKey(key.key);
    if (!record) throw new Error(`commit of ${commit.next.record.id}: key refused, yet no record`);
    return refused({ ok: false, reason: "idempotency_conflict", record });
  };
  if (commit.expectedVersion === null) {
    if (current === null && !row.key_ok) return keyRefused();
    return refused({ ok: false, reason: "already_exists" });
  }
  if (current !== commit.expectedVersion) {
    return refused({
      ok: false,
      reason: "version_conflict",
      currentVersion: current,
      ...(row.current ? { current: row.current } : {}),
    });
  }
  if (!row.key_ok) return keyRefused();
  // Both checks passed under their row locks, yet nothing was written: cannot happen.
  throw new Error(`commit of ${commit.next.record.id} wrote nothing though every check passed`);
}

/** Where commitParams puts the events' JSON. */
const EVENTS_PARAM = 8;

/**
 * A successful commit's result. Its events (with their positions) are the store's own copy,
 * parsed from the JSON that was sent, so nothing the caller changes afterwards reaches them;
 * they are built on first read only: the service never reads them, and copying a
 * record-sized payload per event on every commit cost a tenth of a write's CPU.
 */
function committed(json: string, positions: Map<string, number>): CommitResult {
  let events: OutboxEvent[] | undefined;
  return {
    ok: true,
    get events(): OutboxEvent[] {
      events ??= (JSON.parse(json) as Array<OutboxEvent & { created_ms?: number }>).map(
        ({ created_ms: _, ...event }) => ({ ...event, position: positions.get(event.id)! }),
      );
      return events;
    },
  };
}

function refused(result: CommitResult): CommitOutcome {
  return { result, deliveries: 0 };
}
