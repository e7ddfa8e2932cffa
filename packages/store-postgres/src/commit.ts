/**
 * @module commit — commits as one SQL statement: atomic, in one round trip, and for several
 * returns at once when the batcher (commit-batcher.ts) has more than one waiting.
 *
 * Every sub-statement of a data-modifying `WITH` sees the same snapshot and none sees the
 * others' writes, so the checks cannot be "read, then write if fine". Instead, for each
 * commit of the batch (a row of `input`, numbered by `ord`, whose columns `checked` and
 * `allowed` carry along with their verdicts, so no step joins back to find them):
 *
 * 1. `locked_return` locks the batch's return rows FOR UPDATE, in id order (so two batches
 *    never wait on each other in a circle), one index probe per id (`LATERAL`), so no plan
 *    can scan the table instead. Under READ COMMITTED a row lock that had to wait
 *    returns the row as the other transaction committed it, so the version check sees the
 *    latest version, not the statement's snapshot.
 * 2. The key: a completion (`token`) locks its row FOR UPDATE in `held_key` if it is still
 *    `in_progress` under the token (a step only the `claims` shape of the statement has,
 *    with `completed`: see `CommitStatements`); a first use inserts the completed row in
 *    `first_use`, but only once its version check passed, and takes over only an expired
 *    row or a stale lease. A concurrent first use of the same key waits on the unique
 *    index and then finds the row, so at most one of them writes.
 * 3. `created` (a plain INSERT) writes a new return and `updated` (INSERT … ON CONFLICT (id)
 *    DO UPDATE … WHERE the stored version is the one before) its next version; they run
 *    only for commits whose checks both pass, and the ids they return (`upserted`) are the
 *    single gate for everything else (a batch never holds two commits of one return, so an
 *    id names one commit). A create whose id another statement took after this one's
 *    snapshot fails the statement on the primary key: the key's first use was already
 *    written, so nothing of it may commit, and the store runs the batch again
 *    (`isCreateRace`), when the create sees the row and is refused as `already_exists`.
 *    A claimed key is completed by its unique index, never by a join a plan could turn
 *    into a scan.
 * 4. The record, events, deliveries (INSERT … SELECT from the matching endpoints, enabled
 *    or not: a disabled one's wait, paused, for it to be enabled again),
 *    the idempotency completion and `pg_notify` are all gated on that. The record goes
 *    once into `return_versions` (migration 002); the key's response and each event's
 *    payload hold it as a template (record-template.ts), which the reads fill back in.
 *
 * The final SELECT reports, per commit, what happened, and the caller turns it into a
 * `CommitResult`; a refused commit also brings back the return's current version and the
 * key's record, so the caller needs no second read to retry or to answer. A batch never
 * holds two commits of one return or one key (the batcher sees to it), so each commit's
 * checks are its own.
 * The `LIMIT $27` (the batch's size) and `n <= $28` (its event count) never cut anything:
 * they are there for the planner. A prepared statement is planned for its parameters five
 * times, then a generic plan is kept if it looks no dearer; without them the generic plan
 * assumed ten rows from each array and looked dearer than a lone commit's own plan, so
 * PostgreSQL planned this statement afresh on every call, which cost more than running it.
 * Positions come from a sequence in event order; commits of one return are serialised by
 * the row lock, so a later commit always draws larger positions.
 */
import type {
  CommitResult,
  IdempotencyRecordView,
  OutboxEvent,
  OutboxEventInput,
  ReturnCommit,
  StoredReturn,
} from "@returnkit/core";
import { numberArrayLiteral, textArrayLiteral } from "./array-literal";
import type { SqlQueryable } from "./database";
import { keyTakeoverCondition } from "./idempotency";
import type { SqlNames } from "./names";
import { fillTemplate, RECORD_MARK, recordTemplate } from "./record-template";
import { joinRecord, type KeyRecordRow, keyRecordColumns, toKeyRecord } from "./rows";
import { RANDOM_BYTES_SQL, ulidSql } from "./ulid-sql";

export interface CommitOutcome {
  result: CommitResult;
  /** Deliveries the commit created (0 when it was refused). */
  deliveries: number;
}

/** One row per commit, in the batch's order. */
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

/**
 * The commit statement in its two shapes. Commits that complete a claimed key (a `token`)
 * need two more steps: `held_key` locks the claim and `completed` turns it into the answer.
 * The service never sends one (a keyed transition records its key's first use in the commit
 * itself), so most batches go as `plain`, without them. Every step of a plan costs its
 * start-up on each run, rows or not, and leaving those two out makes a lone commit 7–9%
 * cheaper for the server. A batch that holds any completion goes as `claims`.
 */
export interface CommitStatements {
  plain: string;
  claims: string;
}

export function commitStatements(n: SqlNames): CommitStatements {
  return { plain: commitStatement(n, false), claims: commitStatement(n, true) };
}

/** The statement a batch needs: `claims` if any of its commits completes a claimed key. */
function statementFor(statements: CommitStatements, commits: readonly ReturnCommit[]): string {
  return commits.some((commit) => commit.idempotency?.token !== undefined)
    ? statements.claims
    : statements.plain;
}

function commitStatement(n: SqlNames, claims: boolean): string {
  const returns = n.table("returns");
  const keys = n.table("idempotency_keys");
  const heldKey = `
held_key AS (
  SELECT x.key
  FROM (SELECT key, token FROM input WHERE key IS NOT NULL AND token IS NOT NULL ORDER BY key) i
  CROSS JOIN LATERAL (
    SELECT k.key FROM ${keys} k
    WHERE k.key = i.key AND k.token = i.token AND k.state = 'in_progress'
    FOR UPDATE
  ) x
),`;
  // Without completions, a key on a commit is always a first use.
  const keyOk = claims
    ? `CASE WHEN c.key IS NULL THEN true
              WHEN c.fingerprint IS NOT NULL THEN EXISTS (SELECT 1 FROM first_use f WHERE f.key = c.key)
              ELSE EXISTS (SELECT 1 FROM held_key h WHERE h.key = c.key) END`
    : "c.key IS NULL OR EXISTS (SELECT 1 FROM first_use f WHERE f.key = c.key)";
  const completed = `
completed AS (
  INSERT INTO ${keys} AS k (key, fingerprint, state, token, locked_until, expires_at,
                            response_template, return_id, record_version)
  SELECT a.key, '', 'completed', a.token, 0, a.expires_at, a.response, a.id, a.version
  FROM allowed a
  WHERE a.token IS NOT NULL AND a.id IN (SELECT id FROM upserted)
    AND a.key IN (SELECT key FROM held_key)
  ORDER BY a.key
  ON CONFLICT (key) DO UPDATE
    SET state = 'completed', response = NULL, response_template = excluded.response_template,
        return_id = excluded.return_id, record_version = excluded.record_version,
        expires_at = excluded.expires_at
    WHERE k.token = excluded.token AND k.state = 'in_progress'
  RETURNING k.key
),`;
  return `
WITH
input AS (
  SELECT * FROM unnest(
    $1::text[], $2::integer[], $3::integer[], $4::text[], $5::text[], $6::text[],
    string_to_array($7::text, chr(1), '')::json[], string_to_array($8::text, chr(1), '')::json[],
    $9::text[], $10::text[], string_to_array($11::text, chr(1), ''), $12::bigint[],
    $13::text[], $14::bigint[], $15::bigint[])
  WITH ORDINALITY AS i(id, expected, version, state, customer_id, order_id, record, snapshot,
                       key, token, response, expires_at, fingerprint, now, record_ms, ord)
  LIMIT $27::integer
),${claims ? heldKey : ""}
locked_return AS (
  SELECT x.*
  FROM (SELECT id FROM unnest($1::text[]) AS u(id) ORDER BY id LIMIT $27::integer) i
  CROSS JOIN LATERAL (
    SELECT r.id, r.version, r.record, r.snapshot FROM ${returns} r WHERE r.id = i.id FOR UPDATE
  ) x
),
checked AS (
  SELECT i.ord, i.id, i.expected, i.version, i.state, i.customer_id, i.order_id, i.record, i.snapshot,
         i.key, i.token, i.response, i.expires_at, i.fingerprint, i.now, i.record_ms,
         c.version AS current_version,
         CASE WHEN i.expected IS NULL THEN c.id IS NULL
              ELSE coalesce(c.version = i.expected, false) END AS version_ok
  FROM input i LEFT JOIN locked_return c ON c.id = i.id
),
first_use AS (
  INSERT INTO ${keys} AS k (key, fingerprint, state, token, locked_until, expires_at,
                            response_template, return_id, record_version)
  SELECT c.key, c.fingerprint, 'completed', '', c.now, c.expires_at, c.response, c.id, c.version
  FROM checked c
  WHERE c.fingerprint IS NOT NULL AND c.version_ok
  ORDER BY c.key
  ON CONFLICT (key) DO UPDATE
    SET fingerprint = excluded.fingerprint, state = 'completed', token = '',
        locked_until = excluded.locked_until, expires_at = excluded.expires_at, response = NULL,
        response_template = excluded.response_template, return_id = excluded.return_id,
        record_version = excluded.record_version
    WHERE ${keyTakeoverCondition("k", "excluded.locked_until")}
  RETURNING k.key
),
allowed AS (
  SELECT c.*, ${keyOk} AS key_ok
  FROM checked c
),
-- A create is a plain INSERT: if another statement created the id after this one's snapshot,
-- it fails on the primary key, and with it the whole statement (the key's first use too),
-- which the store then runs again (isCreateRace). Skipping it quietly, as ON CONFLICT would,
-- would commit the key's first use for a return this statement did not write.
created AS (
  INSERT INTO ${returns} (id, version, state, customer_id, order_id, record, snapshot)
  SELECT a.id, a.version, a.state, a.customer_id, a.order_id, a.record, a.snapshot
  FROM allowed a
  WHERE a.expected IS NULL AND a.version_ok AND a.key_ok
  ORDER BY a.id
  RETURNING id
),
updated AS (
  INSERT INTO ${returns} AS r (id, version, state, customer_id, order_id, record, snapshot)
  SELECT a.id, a.version, a.state, a.customer_id, a.order_id, a.record, a.snapshot
  FROM allowed a
  WHERE a.expected IS NOT NULL AND a.version_ok AND a.key_ok
  ORDER BY a.id
  ON CONFLICT (id) DO UPDATE
    SET version = excluded.version, state = excluded.state, customer_id = excluded.customer_id,
        order_id = excluded.order_id, record = excluded.record, snapshot = excluded.snapshot,
        updated_at = now()
    WHERE r.version = excluded.version - 1
  RETURNING r.id
),
upserted AS (
  SELECT id FROM created UNION ALL SELECT id FROM updated
),
-- Commits are told apart by return id below: a batch never holds two of one return.
new_records AS (
  INSERT INTO ${n.table("return_versions")} (return_id, version, record, key, created_ms)
  SELECT a.id, a.version, a.record, a.key, a.record_ms
  FROM allowed a
  WHERE a.record_ms IS NOT NULL AND a.id IN (SELECT id FROM upserted)
  RETURNING 1
),
new_events AS (
  INSERT INTO ${n.table("outbox_events")}
    (id, return_id, seq, type, payload_template, record_version, created_at, created_ms)
  SELECT e.id, e.return_id, e.seq, e.type, e.payload, e.record_version, e.created_at, e.created_ms
  FROM unnest(
    $16::integer[], $17::text[], $18::text[], $19::integer[], $20::text[],
    string_to_array($21::text, chr(1), ''), $22::integer[], $23::text[], $24::bigint[])
  WITH ORDINALITY AS e(ord, id, return_id, seq, type, payload, record_version, created_at,
                       created_ms, n)
  WHERE e.return_id IN (SELECT id FROM upserted)
    AND e.n <= $28::integer
  ORDER BY e.n
  RETURNING id, position, type, return_id, created_ms
),
-- Ids as the memory store's: dlv_ + a ULID of the event's time (ulid-sql.ts). The random
-- bytes are drawn in the inner query, once per delivery, as the id reads them 16 times.
new_deliveries AS (
  INSERT INTO ${n.table("deliveries")} (id, event_id, endpoint_id, return_id, position, status, next_attempt_at)
  SELECT ${ulidSql("dlv_", "f.created_ms", "f.random")}, f.event_id, f.endpoint_id, f.return_id,
         f.position, 'pending', f.created_ms
  FROM (
    SELECT ev.id AS event_id, ep.id AS endpoint_id, ev.return_id, ev.position, ev.created_ms,
           ${RANDOM_BYTES_SQL} AS random
    FROM new_events ev
    JOIN ${n.table("endpoints")} ep ON ep.types IS NULL OR ep.types ? ev.type
  ) f
  RETURNING return_id
),${claims ? completed : ""}
notified AS (
  SELECT pg_notify($25::text, $26::text)
  WHERE $25::text IS NOT NULL AND EXISTS (SELECT 1 FROM new_deliveries)
)
SELECT
  w.written,
  a.current_version,
  a.key_ok,
  (SELECT json_agg(json_build_object('id', e.id, 'position', e.position))
   FROM new_events e WHERE e.return_id = a.id) AS events,
  (SELECT count(*) FROM new_deliveries d WHERE d.return_id = a.id) AS deliveries,
  -- A data-modifying WITH runs whether or not it is read; a plain one (the notify) must be.
  (SELECT count(*) FROM notified) AS notified,
  CASE WHEN NOT w.written AND a.current_version IS NOT NULL THEN
    (SELECT json_build_object('record', c.record, 'snapshot', c.snapshot)
     FROM locked_return c WHERE c.id = a.id) END AS current,
  (SELECT row_to_json(kr) FROM (
     SELECT ${keyRecordColumns("k", "rv")}
     FROM ${keys} k ${joinRecord(n, "rv", "k.return_id", "k.record_version")}
     WHERE a.fingerprint IS NOT NULL AND k.key = a.key
       AND NOT EXISTS (SELECT 1 FROM first_use f WHERE f.key = a.key)) kr) AS key_record
FROM allowed a
CROSS JOIN LATERAL (SELECT a.id IN (SELECT id FROM upserted) AS written) w
ORDER BY a.ord`;
}

/**
 * Throws on a commit the store must refuse before sending anything: a version that does
 * not follow the expected one, a time that cannot be read, or an event of another return.
 * Checked before a commit joins a batch, so it never fails the others.
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
    // The statement finds a commit's events by their return id.
    if (event.return_id !== record.id)
      throw new TypeError(`event ${event.id} belongs to ${event.return_id}, not ${record.id}`);
  }
  if (Number.isNaN(Date.parse(record.updated_at)))
    throw new TypeError(`commit of ${record.id} has an invalid updated_at`);
}

/** An event as sent, kept to build the commit's result from. */
interface SentEvent {
  event: OutboxEventInput;
  /** The payload's template and the JSON of the record it was cut from. */
  template: string;
  recordJson: string;
}

/**
 * The statement's parameters for a batch: one array per column, so the server reads each
 * JSON value once (as it checks it), instead of also parsing one document that holds them
 * all. The JSON columns go as one text each, their values joined by U+0001: JSON text never
 * holds that character raw (JSON.stringify escapes control characters), so the server can
 * split on it, and nothing needs escaping as an array literal would. The response and the
 * payloads go as templates (record-template.ts): the record is written once, into
 * `return_versions`, when anything refers to it (a template holds its mark). Takes commits that passed `checkCommit`,
 * which the store runs once, before a commit joins a batch.
 */
export function commitParams(
  commits: readonly ReturnCommit[],
  notify: { channel: string; payload: string } | null,
): { params: unknown[]; sent: SentEvent[][] } {
  // Parameter order: the statement's $1…$15 (input) and $16…$24 (events).
  const input: unknown[][] = Array.from({ length: 15 }, () => []);
  const events: unknown[][] = Array.from({ length: 9 }, () => []);
  const sent = commits.map((commit, index) => {
    const { record, snapshot } = commit.next;
    const recordJson = JSON.stringify(record);
    const key = commit.idempotency;
    const firstUse = key !== undefined && key.token === undefined ? key : null;
    const responseTemplate = key ? recordTemplate(key.response, record) : null;
    // Written only when an event or the key's response refers to it (a response the service
    // stored without the record, e.g. a draft update's, is written whole and needs none).
    const keepRecord = commit.events.length > 0 || responseTemplate?.includes(RECORD_MARK) === true;
    appendRow(input, [
      record.id,
      commit.expectedVersion,
      record.version,
      record.state,
      record.customer_id,
      record.order_id,
      recordJson,
      JSON.stringify(snapshot),
      key?.key ?? null,
      key?.token ?? null,
      responseTemplate,
      key?.expiresAt ?? null,
      firstUse?.fingerprint ?? null,
      firstUse?.now ?? null,
      keepRecord ? Date.parse(record.updated_at) : null,
    ]);
    return commit.events.map((event) => {
      const template = recordTemplate(event.payload, record);
      appendRow(events, [
        index + 1,
        event.id,
        event.return_id,
        event.seq,
        event.type,
        template,
        record.version,
        event.created_at,
        Date.parse(event.created_at),
      ]);
      return { event, template, recordJson };
    });
  });
  const columns = [...input, ...events];
  const params: unknown[] = columns.map((values, index) => encodeColumn(COLUMNS[index]!, values));
  params.push(notify?.channel ?? null, notify?.payload ?? null, commits.length, events[0]!.length);
  return { params, sent };
}

/**
 * How each of the statement's column parameters ($1…$24) is sent: JSON values and templates
 * joined by U+0001, the others as array literals written here (array-literal.ts).
 */
// biome-ignore format: the columns in the statement's order, a row per group
const COLUMNS = [
  // input: id, expected, version, state, customer_id, order_id, record, snapshot,
  "text", "number", "number", "text", "text", "text", "json", "json",
  // key, token, response, expires_at, fingerprint, now, record_ms
  "text", "text", "json", "number", "text", "number", "number",
  // events: ord, id, return_id, seq, type, payload, record_version, created_at, created_ms
  "number", "text", "text", "number", "text", "json", "number", "text", "number",
] as const;

function encodeColumn(kind: (typeof COLUMNS)[number], values: unknown[]): string {
  if (kind === "json") return joinJson(values as Array<string | null>);
  if (kind === "number") return numberArrayLiteral(values as Array<number | null>);
  return textArrayLiteral(values as Array<string | null>);
}

/** JSON values as one text, split again by the statement's `string_to_array(…, chr(1), '')`. */
function joinJson(values: Array<string | null>): string {
  return values.map((value) => value ?? "").join("\u0001");
}

/** Adds one row to parameters kept one array per column. */
function appendRow(columns: unknown[][], values: unknown[]): void {
  for (const [column, value] of values.entries()) columns[column]!.push(value);
}

/**
 * Whether a commit statement failed because one of its creates lost a race for its id: the
 * primary key of the returns table refused the insert, so the statement wrote nothing, and
 * run again it finds the other statement's row and refuses that create as `already_exists`
 * (see step 3 above). A return id is unique only by the caller's choice, so this is a race
 * between two callers that chose the same one.
 */
export function isCreateRace(error: unknown, n: SqlNames): boolean {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === "23505" && constraint === `${n.prefix}returns_pkey`;
}

/** Commits a batch in one statement; the outcomes are in the commits' order. */
export async function runCommits(
  db: SqlQueryable,
  statements: CommitStatements,
  commits: readonly ReturnCommit[],
  notify: { channel: string; payload: string } | null,
  readKey: (key: string) => Promise<IdempotencyRecordView | null>,
): Promise<CommitOutcome[]> {
  const { params, sent } = commitParams(commits, notify);
  const statement = statementFor(statements, commits);
  const { rows } = await db.query<CommitRow>(statement, params, { prepare: true });
  if (rows.length !== commits.length) {
    throw new Error(`commit of ${commits.length} returns answered ${rows.length} rows`);
  }
  return Promise.all(
    rows.map((row, index) => outcomeOf(commits[index]!, sent[index]!, row, readKey)),
  );
}

async function outcomeOf(
  commit: ReturnCommit,
  sent: SentEvent[],
  row: CommitRow,
  readKey: (key: string) => Promise<IdempotencyRecordView | null>,
): Promise<CommitOutcome> {
  const current = row.current_version === null ? null : Number(row.current_version);
  if (row.written) {
    const positions = new Map(
      (row.events ?? []).map((event) => [event.id, Number(event.position)]),
    );
    return { result: committed(sent, positions), deliveries: Number(row.deliveries) };
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
 * their payloads parsed from the JSON that was sent, so nothing the caller changes
 * afterwards reaches them; they are built on first read only: the service never reads them,
 * and copying a record-sized payload per event on every commit cost a tenth of a write's CPU.
 */
function committed(sent: SentEvent[], positions: Map<string, number>): CommitResult {
  let events: OutboxEvent[] | undefined;
  return {
    ok: true,
    get events(): OutboxEvent[] {
      events ??= sent.map(({ event, template, recordJson }) => ({
        id: event.id,
        return_id: event.return_id,
        seq: event.seq,
        type: event.type,
        payload: JSON.parse(fillTemplate(template, recordJson)) as OutboxEvent["payload"],
        created_at: event.created_at,
        position: positions.get(event.id)!,
      }));
      return events;
    },
  };
}

function refused(result: CommitResult): CommitOutcome {
  return { result, deliveries: 0 };
}
