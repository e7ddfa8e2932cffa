/**
 * @module bench/support/fit-returns — a returns table filled for the fit insights benches by
 * one `INSERT … SELECT … FROM generate_series`: records shaped as the service writes them
 * (with a closed return's history, so rows are as wide as real ones), every field drawn from
 * a hash of the row's number, created evenly over 12 months, in every state (5 % cancelled,
 * half graded or closed), then `VACUUM ANALYZE`, as autovacuum leaves a table at rest.
 */
import { makeStoredReturn } from "@returnkit/testing";
import pg from "pg";
import type { BenchSection } from "../types";

export const FIT_SIZES = ["XS", "S", "M", "L", "XL", "XXL"];
/** 8 fit reasons, 4 others. */
export const FIT_REASONS = [
  "TOO_SMALL_AT_CHEST",
  "TOO_SMALL_AT_WAIST",
  "TOO_LARGE_AT_CHEST",
  "TOO_SMALL",
  "TOO_LARGE",
  "TOO_LONG_AT_SLEEVES",
  "TOO_SHORT_AT_LENGTH",
  "TOO_TIGHT_AT_HIPS",
  "DAMAGED",
  "CHANGED_MIND",
  "NOT_AS_DESCRIBED",
  "WRONG_ITEM",
];
/** Out of 100 returns: the state each hash bucket falls into. */
const STATES = `CASE WHEN h < 5 THEN 'cancelled' WHEN h < 45 THEN 'closed' WHEN h < 55 THEN 'graded'
  WHEN h < 65 THEN 'received' WHEN h < 75 THEN 'in_transit' WHEN h < 85 THEN 'approved'
  WHEN h < 95 THEN 'submitted' ELSE 'draft' END`;
const START = "2025-01-01T00:00:00Z";

/** One INSERT … SELECT: every row's fields from a hash of its number, the time from its order. */
function fillStatement(table: string, skus: number): string {
  const hash = (salt: string) => `abs(hashtext(g::text || '${salt}'))`;
  const width = String(skus - 1).length;
  const list = (values: string[]) => values.map((value) => `'${value}'`).join(", ");
  return `
INSERT INTO ${table} (id, version, state, customer_id, order_id, record, snapshot)
SELECT id, 1, state, customer_id, order_id,
  json_build_object('id', id, 'object', 'return', 'order_id', order_id,
    'line', json_build_object('sku', sku, 'quantity', quantity, 'size', size),
    'order_line', NULL, 'reason', reason, 'resolution', 'EXCHANGE',
    'exchange', json_build_object('kind', 'like_for_like', 'lines', json_build_array(
      json_build_object('sku', sku, 'title', NULL, 'variant_title', 'L', 'image_url', NULL,
        'quantity', quantity, 'unit_price', NULL)), 'difference', NULL, 'bonus_credit', NULL),
    'state', state, 'flagged_from', NULL, 'grade', NULL, 'shipment', NULL,
    'customer_id', customer_id, 'version', 1, 'created_at', created_at,
    'updated_at', created_at, 'history', $1::json),
  $2::json
FROM (
  SELECT *, ${STATES} AS state FROM (
    SELECT 'ret_' || lpad(g::text, 26, '0') AS id,
      'customer-' || (${hash("c")} % 50000) AS customer_id,
      'ord_' || g AS order_id,
      'SKU-' || lpad((${hash("k")} % ${skus})::text, ${width}, '0') AS sku,
      (ARRAY[${list(FIT_SIZES)}])[1 + ${hash("s")} % ${FIT_SIZES.length}] AS size,
      (ARRAY[${list(FIT_REASONS)}])[1 + ${hash("r")} % ${FIT_REASONS.length}] AS reason,
      1 + (${hash("q")} % 4 = 0)::integer AS quantity,
      to_char((timestamptz '${START}' + g * (interval '365 days' / $3)) AT TIME ZONE 'UTC',
        'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
      ${hash("h")} % 100 AS h
    FROM generate_series(1, $3::integer) AS g
  ) AS drawn
) AS fields`;
}

interface FilledReturns {
  fillMs: number;
  vacuumMs: number;
  /** The table's and the fit index's sizes, as PostgreSQL prints them. */
  heap: string;
  fitIndex: string;
}

/** Fills `schema`'s (migrated, empty) returns table with `returns` returns over `skus` skus. */
export async function fillFitReturns(
  pool: pg.Pool,
  schema: string,
  { returns, skus }: { returns: number; skus: number },
): Promise<FilledReturns> {
  const table = `"${schema}"."returnkit_returns"`;
  const closed = makeStoredReturn({ state: "closed" });
  const started = performance.now();
  await pool.query(fillStatement(table, skus), [
    JSON.stringify(closed.record.history),
    JSON.stringify(closed.snapshot),
    returns,
  ]);
  const filled = performance.now();
  await pool.query(`VACUUM ANALYZE ${table}`);
  const vacuumed = performance.now();
  const size = await pool.query(
    `SELECT pg_size_pretty(pg_table_size($1)) AS heap,
            pg_size_pretty(pg_relation_size($2)) AS fit_index`,
    [table, `"${schema}"."returnkit_returns_fit_idx"`],
  );
  return {
    fillMs: filled - started,
    vacuumMs: vacuumed - filled,
    heap: size.rows[0].heap,
    fitIndex: size.rows[0].fit_index,
  };
}

/**
 * Runs `measure` on a pool of 4 to DATABASE_URL in a schema of its own (`<prefix>_<pid>`),
 * dropped afterwards; a section saying so, with no figures, when DATABASE_URL is not set.
 */
export async function onBenchSchema(
  title: string,
  prefix: string,
  measure: (pool: pg.Pool, schema: string) => Promise<BenchSection>,
): Promise<BenchSection> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    return { title, figures: [], notes: ["DATABASE_URL is not set: nothing was measured."] };
  }
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const schema = `${prefix}_${process.pid}`;
  try {
    return await measure(pool, schema);
  } finally {
    await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await pool.end();
  }
}
