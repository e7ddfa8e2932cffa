/**
 * @module commit — commits as one SQL statement: atomic, in one round trip, and for several
 * returns at once when the batcher (commit-batcher.ts) has more than one waiting.
 *
 * Every sub-statement of a data-modifying `WITH` sees the same snapshot and none sees the
 * others' writes, so the checks cannot be "read, then write if fine". Instead, for each
 * commit of the batch (a row of `input`, numbered by `ord`):
 *
 * 1. `locked_return` locks the batch's return rows FOR UPDATE, in id order (so two batches
 *    never wait on each other in a circle). Under READ COMMITTED a row lock that had to wait
 *    returns the row as the other transaction committed it, so the version check sees the
 *    latest version, not the statement's snapshot.
 * 2. The key: a completion (`token`) locks its row FOR UPDATE in `held_key` if it is still
 *    `in_progress` under the token; a first use inserts the completed row in `first_use`,
 *    but only once its version check passed, and takes over only an expired row or a stale
 *    lease. A concurrent first use of the same key waits on the unique index and then finds
 *    the row, so at most one of them writes.
 * 3. The UPDATE (or the INSERT … ON CONFLICT DO NOTHING, on create) runs only for commits
 *    whose checks both pass; `written` is the single gate for everything else.
 * 4. Events, deliveries (INSERT … SELECT from the enabled, matching endpoints), the
 *    idempotency completion and `pg_notify` are all gated on `written`.
 *
 * The final SELECT reports, per commit, what happened, and the caller turns it into a
 * `CommitResult`; a refused commit also brings back the return's current version and the
 * key's record, so the caller needs no second read to retry or to answer. A batch never
 * holds two commits of one return or one key (the batcher sees to it), so each commit's
 * checks are its own.
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
  ord: number;
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
  const keys = n.table("idempotency_keys");
  return `
WITH
input AS (
  SELECT * FROM json_to_recordset($1::json) AS i(
    ord integer, id text, expected integer, version integer, state text, customer_id text,
    order_id text, record json, snapshot json, key text, token text, response json,
    expires_at bigint, fingerprint text, now bigint)
),
held_key AS (
  SELECT x.key
  FROM (SELECT key, token FROM input WHERE key IS NOT NULL AND token IS NOT NULL ORDER BY key) i
  CROSS JOIN LATERAL (
    SELECT k.key FROM ${keys} k
    WHERE k.key = i.key AND k.token = i.token AND k.state = 'in_progress'
    FOR UPDATE
  ) x
),
locked_return AS (
  SELECT x.*
  FROM (SELECT id FROM unnest($2::text[]) AS u(id) ORDER BY id) i
  CROSS JOIN LATERAL (
    SELECT r.id, r.version, r.record, r.snapshot FROM ${returns} r WHERE r.id = i.id FOR UPDATE
  ) x
),
checked AS (
  SELECT i.ord,
         CASE WHEN i.expected IS NULL THEN c.id IS NULL
              ELSE coalesce(c.version = i.expected, false) END AS version_ok
  FROM input i LEFT JOIN locked_return c ON c.id = i.id
),
first_use AS (
  INSERT INTO ${keys} AS k (key, fingerprint, state, token, locked_until, expires_at, response)
  SELECT i.key, i.fingerprint, 'completed', '', i.now, i.expires_at, i.response
  FROM input i JOIN checked c ON c.ord = i.ord
  WHERE i.fingerprint IS NOT NULL AND c.version_ok
  ORDER BY i.key
  ON CONFLICT (key) DO UPDATE
    SET fingerprint = excluded.fingerprint, state = 'completed', token = '',
        locked_until = excluded.locked_until, expires_at = excluded.expires_at,
        response = excluded.response
    WHERE ${keyTakeoverCondition("k", "excluded.locked_until")}
  RETURNING k.key
),
allowed AS (
  SELECT i.ord, c.version_ok,
         CASE WHEN i.key IS NULL THEN true
              WHEN i.fingerprint IS NOT NULL THEN EXISTS (SELECT 1 FROM first_use f WHERE f.key = i.key)
              ELSE EXISTS (SELECT 1 FROM held_key h WHERE h.key = i.key) END AS key_ok
  FROM input i JOIN checked c ON c.ord = i.ord
),
upserted AS (
  INSERT INTO ${returns} AS r (id, version, state, customer_id, order_id, record, snapshot)
  SELECT i.id, i.version, i.state, i.customer_id, i.order_id, i.record, i.snapshot
  FROM input i JOIN allowed a ON a.ord = i.ord
  WHERE a.version_ok AND a.key_ok
  ORDER BY i.id
  ON CONFLICT (id) DO UPDATE
    SET version = excluded.version, state = excluded.state, customer_id = excluded.customer_id,
        order_id = excluded.order_id, record = excluded.record, snapshot = excluded.snapshot,
        updated_at = now()
    WHERE r.version = excluded.version - 1
  RETURNING r.id
),
written AS (
  SELECT i.ord FROM upserted u JOIN input i ON i.id = u.id
),
new_events AS (
  INSERT INTO ${n.table("outbox_events")} (id, return_id, seq, type, payload, created_at, created_ms)
  SELECT e.id, e.return_id, e.seq, e.type, e.payload, e.created_at, e.created_ms
  FROM json_to_recordset($3::json) AS e(
    ord integer, n integer, id text, return_id text, seq integer, type text, payload json,
    created_at text, created_ms bigint)
  WHERE e.ord IN (SELECT ord FROM written)
  ORDER BY e.n
  RETURNING id, position, type, return_id, created_ms
),
new_deliveries AS (
  INSERT INTO ${n.table("deliveries")} (id, event_id, endpoint_id, return_id, position, status, next_attempt_at)
  SELECT 'dlv_' || replace(gen_random_uuid()::text, '-', ''), ev.id, ep.id, ev.return_id, ev.position,
         'pending', ev.created_ms
  FROM new_events ev
  JOIN ${n.table("endpoints")} ep ON ep.enabled AND (ep.types IS NULL OR ep.types ? ev.type)
  RETURNING return_id
),
completed AS (
  INSERT INTO ${keys} AS k (key, fingerprint, state, token, locked_until, expires_at, response)
  SELECT i.key, '', 'completed', i.token, 0, i.expires_at, i.response
  FROM input i JOIN held_key h ON h.key = i.key
  WHERE i.ord IN (SELECT ord FROM written)
  ORDER BY i.key
  ON CONFLICT (key) DO UPDATE
    SET state = 'completed', response = excluded.response, expires_at = excluded.expires_at
    WHERE k.token = excluded.token AND k.state = 'in_progress'
  RETURNING k.key
),
notified AS (
  SELECT pg_notify($4::text, $5::text)
  WHERE $4::text IS NOT NULL AND EXISTS (SELECT 1 FROM new_deliveries)
)
SELECT
  i.ord,
  w.ord IS NOT NULL AS written,
  c.version AS current_version,
  a.key_ok,
  (SELECT json_agg(json_build_object('id', e.id, 'position', e.position))
   FROM new_events e WHERE e.return_id = i.id) AS events,
  (SELECT count(*) FROM new_deliveries d WHERE d.return_id = i.id) AS deliveries,
  (SELECT count(*) FROM notified) AS notified,
  (SELECT count(*) FROM completed) AS completed,
  CASE WHEN w.ord IS NULL AND c.id IS NOT NULL
       THEN json_build_object('record', c.record, 'snapshot', c.snapshot) END AS current,
  (SELECT json_build_object('state', k.state, 'fingerprint', k.fingerprint, 'response', k.response)
   FROM ${keys} k
   WHERE i.fingerprint IS NOT NULL AND k.key = i.key
     AND NOT EXISTS (SELECT 1 FROM first_use f WHERE f.key = i.key)) AS key_record
FROM input i
JOIN allowed a ON a.ord = i.ord
LEFT JOIN locked_return c ON c.id = i.id
LEFT JOIN written w ON w.ord = i.ord
ORDER BY i.ord`;
}

/** One commit as the statement's `input` takes it, and its events' JSON (kept for its result). */
interface PreparedCommit {
  commit: ReturnCommit;
  input: Record<string, unknown>;
  /** The commit's events as a JSON array, each with its batch fields. */
  eventsJson: string;
}

/**
 * Throws on a commit the store must refuse before sending anything: a version that does
 * not follow the expected one, or an event time that cannot be read. Checked before a
 * commit joins a batch, so it never fails the others.
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
  }
}

function prepare(commit: ReturnCommit, ord: number, firstEvent: number): PreparedCommit {
  checkCommit(commit);
  const { record, snapshot } = commit.next;
  const events = commit.events.map((event, index) => ({
    ...event,
    created_ms: Date.parse(event.created_at),
    ord,
    n: firstEvent + index,
  }));
  const key = commit.idempotency;
  const firstUse = key !== undefined && key.token === undefined ? key : null;
  return {
    commit,
    input: {
      ord,
      id: record.id,
      expected: commit.expectedVersion,
      version: record.version,
      state: record.state,
      customer_id: record.customer_id,
      order_id: record.order_id,
      record,
      snapshot,
      key: key?.key ?? null,
      token: key?.token ?? null,
      response: key ? key.response : null,
      expires_at: key?.expiresAt ?? null,
      fingerprint: firstUse?.fingerprint ?? null,
      now: firstUse?.now ?? null,
    },
    eventsJson: JSON.stringify(events),
  };
}

/** The statement's parameters for a batch; throws as `checkCommit` does, before anything is sent. */
export function commitParams(
  commits: readonly ReturnCommit[],
  notify: { channel: string; payload: string } | null,
): { params: unknown[]; prepared: PreparedCommit[] } {
  let events = 0;
  const prepared = commits.map((commit, ord) => {
    const one = prepare(commit, ord, events);
    events += commit.events.length;
    return one;
  });
  // The batch's events are the commits' arrays joined, so each commit keeps its own JSON.
  const eventsJson = `[${prepared
    .filter((p) => p.commit.events.length > 0)
    .map((p) => p.eventsJson.slice(1, -1))
    .join(",")}]`;
  const params = [
    JSON.stringify(prepared.map((p) => p.input)),
    prepared.map((p) => p.input.id),
    eventsJson,
    notify?.channel ?? null,
    notify?.payload ?? null,
  ];
  return { params, prepared };
}

/** Commits a batch in one statement; the outcomes are in the commits' order. */
export async function runCommits(
  db: SqlQueryable,
  statement: string,
  commits: readonly ReturnCommit[],
  notify: { channel: string; payload: string } | null,
  readKey: (key: string) => Promise<IdempotencyRecordView | null>,
): Promise<CommitOutcome[]> {
  const { params, prepared } = commitParams(commits, notify);
  const { rows } = await db.query<CommitRow>(statement, params);
  if (rows.length !== prepared.length) {
    throw new Error(`commit of ${prepared.length} returns answered ${rows.length} rows`);
  }
  return Promise.all(rows.map((row, ord) => outcomeOf(prepared[ord]!, row, readKey)));
}

async function outcomeOf(
  { commit, eventsJson }: PreparedCommit,
  row: CommitRow,
  readKey: (key: string) => Promise<IdempotencyRecordView | null>,
): Promise<CommitOutcome> {
  const current = row.current_version === null ? null : Number(row.current_version);
  if (row.written) {
    const positions = new Map(
      (row.events ?? []).map((event) => [event.id, Number(event.position)]),
    );
    return { result: committed(eventsJson, positions), deliveries: Number(row.deliveries) };
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
      type Sent = OutboxEvent & { created_ms?: number; ord?: number; n?: number };
      events ??= (JSON.parse(json) as Sent[]).map(
        ({ created_ms: _, ord: __, n: ___, ...event }) => ({
          ...event,
          position: positions.get(event.id)!,
        }),
      );
      return events;
    },
  };
}

function refused(result: CommitResult): CommitOutcome {
  return { result, deliveries: 0 };
}
