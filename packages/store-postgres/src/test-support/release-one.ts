/**
 * @module test-support/release-one — a database as the first release (migration 001 only)
 * leaves it, for the upgrade case: its schema, and a store that writes returns as that
 * release did (its statements name no `request_id`, its records carry none). Everything but
 * the returns' two statements is the current code, unchanged since that release.
 */
import type { ReturnData } from "@returnkit/core";
import type {
  CommitResult,
  IdempotencyFirstUse,
  ReturnCommit,
  StoredReturn,
} from "@returnkit/core/store";
import type pg from "pg";
import { Refused, writeEvents } from "../commit";
import type { StoreContext } from "../context";
import { toDriver } from "../drivers";
import { recordKey } from "../idempotency";
import { allowanceRefusal, lockCommitOrder } from "../line-allowance";
import { MIGRATIONS } from "../migrations";
import { type SqlNames, sqlNames } from "../names";
import { type PostgresStore, postgresStore } from "../postgres-store";
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
  const store = postgresStore({ db: pool, schema, groupCommit: false });
  const ctx: StoreContext = {
    db: toDriver(pool),
    names: sqlNames({ schema }),
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
      if (change.lineAllowance) await lockCommitOrder(ctx, tx, change);
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
      const refusal =
        change.lineAllowance && (await allowanceRefusal(ctx, tx, record, change.lineAllowance));
      if (refusal) throw new Refused(refusal);
      const { events } = await writeEvents(ctx, tx, [change]);
      return { ok: true, events: events[0]! };
    });
  } catch (error) {
    if (error instanceof Refused) return error.result;
    throw error;
  }
}
