/**
 * @module test-support/release-one — a database as the first release (migration 001 only)
 * leaves it, for the upgrade case: its schema, and a store that writes returns as that
 * release did (its statements name no `request_id`, its records carry none). Everything but
 * the returns' two statements and the outbox's subjects is the current code: the outbox
 * statements are the current ones as the release wrote them, without `subject_kind`
 * (migration 004), whose every row of that release would be `'return'`.
 */
import type { ReturnData } from "@returnkit/core";
import type {
  CommitResult,
  IdempotencyFirstUse,
  ReturnCommit,
  StoredReturn,
} from "@returnkit/core/store";
import type pg from "pg";
import { Refused } from "../commit";
import type { StoreContext } from "../context";
import { toDriver } from "../drivers";
import type { SqlDriver, SqlTransaction } from "../drivers/types";
import { recordKey } from "../idempotency";
import { allowanceRefusal, boundOrders, lockOrders } from "../line-allowance";
import { MIGRATIONS } from "../migrations";
import { type SqlNames, sqlNames } from "../names";
import { writeOutbox } from "../outbox-write";
import { type PostgresStore, postgresStore } from "../postgres-store";
import { insertEvents } from "../sql/insert-events";
import { jsonArrayOf } from "../sql/json-documents";
import { selectReturn } from "../sql/select-return";

/** The schema as the release's `migrate()` left it: migration 1, recorded. */
export async function applyReleaseOneSchema(pool: pg.Pool, schema: string): Promise<void> {
  const names = sqlNames({ schema });
  await pool.query(`CREATE SCHEMA ${names.quotedSchema}`);
  await pool.query(`CREATE TABLE ${names.table("migrations")} (
    version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
  const [first] = MIGRATIONS;
  await pool.query(first!.sql(names));
  await pool.query(`INSERT INTO ${names.table("migrations")} (version, name) VALUES (1, $1)`, [
    first!.name,
  ]);
}

// The release's statements, as they were (7 columns; `expected` is $8).
const insertReturns = (n: SqlNames) => `
INSERT INTO ${n.table("returns")} (id, version, state, customer_id, order_id, record, snapshot)
SELECT * FROM unnest($1::text[], $2::integer[], $3::text[], $4::text[], $5::text[], $6::json[],
                     $7::json[])
ON CONFLICT (id) DO NOTHING
RETURNING id`;
const updateReturns = (n: SqlNames) => `
UPDATE ${n.table("returns")} AS r
SET version = c.version, state = c.state, customer_id = c.customer_id, order_id = c.order_id,
    record = c.record, snapshot = c.snapshot, updated_at = now()
FROM unnest($1::text[], $2::integer[], $3::text[], $4::text[], $5::text[], $6::json[],
            $7::json[], $8::integer[])
  AS c(id, version, state, customer_id, order_id, record, snapshot, expected)
WHERE r.id = c.id AND r.version = c.expected
RETURNING r.id`;

// The release's outbox insert, as it was (12 parameters: no subjects' kinds).
const insertEventsAsReleased = (n: SqlNames) => `
WITH event AS (
  INSERT INTO ${n.table("outbox_events")} AS ev
    (id, return_id, seq, type, payload, created_at, created_ms, request_id, traceparent)
  SELECT e.id, e.return_id, e.seq, e.type, e.payload, e.created_at, e.created_ms, e.request_id,
         e.traceparent
  FROM unnest($1::text[], $2::text[], $3::integer[], $4::text[], ${jsonArrayOf("$5")}, $6::text[],
              $7::bigint[], $11::text[], $12::text[])
    WITH ORDINALITY
    AS e(return_id, id, seq, type, payload, created_at, created_ms, request_id, traceparent, n)
  ORDER BY e.n
  RETURNING ev.id, ev.return_id, ev.position, ev.type, ev.created_ms
),
delivery AS (
  INSERT INTO ${n.table("deliveries")} (event_id, endpoint_id, id, return_id, position, next_attempt_at)
  SELECT event.id, ep.id, d.prefix || upper(left(md5(event.id || ' ' || ep.id), 16)),
         event.return_id, event.position, event.created_ms
  FROM event
  JOIN unnest($2::text[], $8::text[]) AS d(event_id, prefix) ON d.event_id = event.id
  JOIN ${n.table("endpoints")} ep ON ep.types IS NULL OR ep.types ? event.type
  RETURNING 1
),
notified AS (
  SELECT pg_notify($9, $10) WHERE $9::text IS NOT NULL AND EXISTS (SELECT 1 FROM delivery)
)
SELECT id, position, (SELECT count(*) FROM delivery)::int AS deliveries,
       (SELECT count(*) FROM notified)::int AS notified
FROM event`;

/**
 * A statement of the current code as the release sent it: no `subject_kind` to write, compare
 * or filter on, and `'return'` read wherever the current code reads the column.
 */
function asReleased(n: SqlNames, text: string, values?: unknown[]): [string, unknown[]?] {
  if (text === insertEvents(n)) return [insertEventsAsReleased(n), values?.slice(0, 12)];
  const released = text
    .replace(/\s*AND earlier\.subject_kind = \w+\.subject_kind/g, "")
    .replace(/ AND subject_kind = 'return'/g, "")
    .replace(/subject_kind = (\$\d+::text)/g, "'return' = $1")
    .replace(/RETURNING d\.\*/g, "RETURNING d.*, 'return'::text AS subject_kind")
    .replace(/return_id, subject_kind,/g, "return_id, 'return'::text AS subject_kind,");
  return [released, values];
}

/** `driver`, every statement sent as the release would have (`asReleased`). */
function releasedDriver(driver: SqlDriver, n: SqlNames): SqlDriver {
  const released = (tx: SqlTransaction): SqlTransaction => ({
    exec: (script) => tx.exec(script),
    query: (text, values, options) => tx.query(...asReleased(n, text, values), options),
  });
  return {
    ...driver,
    query: (text, values, options) => driver.query(...asReleased(n, text, values), options),
    transaction: (fn) => driver.transaction((tx) => fn(released(tx))),
    listen: (channel, onNotify) => driver.listen(channel, onNotify),
    close: () => driver.close(),
  };
}

/** A record as the release built it: no `request_id`. */
function released(record: ReturnData): Omit<ReturnData, "request_id"> {
  const { request_id: _none, ...rest } = record;
  return rest;
}

/**
 * The store on `schema` (left as it is: its `init` migrates nothing), its commits written as
 * the release wrote them, in one transaction each (the release's `groupCommit: false` path).
 */
export function releaseOneStore(pool: pg.Pool, schema: string): PostgresStore {
  const names = sqlNames({ schema });
  const store = postgresStore({
    db: releasedDriver(toDriver(pool), names),
    schema,
    groupCommit: false,
  });
  const ctx: StoreContext = {
    db: releasedDriver(toDriver(pool), names),
    names,
    notify: null,
    announce() {},
  };
  return {
    ...store,
    init: async () => {},
    commit: (change) => commitAsReleased(ctx, change),
    async close() {
      await store.close();
      await ctx.db.close();
    },
  };
}

/** The key's answer as the release stored it: a record in its body carries no `request_id`. */
function releasedAnswer(answer: IdempotencyFirstUse): IdempotencyFirstUse {
  const body = answer.response.body as Partial<ReturnData> | null;
  if (body?.object !== "return") return answer;
  return { ...answer, response: { ...answer.response, body: released(body as ReturnData) } };
}

async function commitAsReleased(ctx: StoreContext, change: ReturnCommit): Promise<CommitResult> {
  const { record, snapshot } = change.next;
  const values = [
    [record.id],
    [record.version],
    [record.state],
    [record.customer_id],
    [record.order_id],
    [JSON.stringify(released(record))],
    [JSON.stringify(snapshot)],
  ];
  try {
    return await ctx.db.transaction(async (tx) => {
      await lockOrders(ctx, tx, boundOrders([change]));
      if (change.expectedVersion === null) {
        const rows = await tx.query(insertReturns(ctx.names), values);
        if (rows.length === 0) throw new Refused({ ok: false, reason: "already_exists" });
      } else {
        const rows = await tx.query(updateReturns(ctx.names), [
          ...values,
          [change.expectedVersion],
        ]);
        if (rows.length === 0) {
          const [row] = await tx.query<StoredReturn>(selectReturn(ctx.names), [record.id]);
          const currentVersion = row?.record.version ?? null;
          throw new Refused({ ok: false, reason: "version_conflict", currentVersion });
        }
      }
      if (change.idempotency) {
        const result = await recordKey(tx, ctx, releasedAnswer(change.idempotency));
        if (!result.recorded)
          throw new Refused({ ok: false, reason: "idempotency_conflict", record: result.record });
      }
      const refusal = await allowanceRefusal(ctx, tx, [change]);
      if (refusal) throw new Refused(refusal.result);
      const { events } = await writeOutbox(ctx, tx, [change]);
      return { ok: true, events: events[0]! };
    });
  } catch (error) {
    if (error instanceof Refused) return error.result;
    throw error;
  }
}
