/**
 * @module bench/insights — the fit insights' one aggregate query (`fitInsights`) on PostgreSQL
 * at a million returns, beside a plain `count(*)` of the same table in the same run.
 *
 * A fresh schema is migrated by the store's own `migrate()`, then filled by one
 * `INSERT … SELECT … FROM generate_series` (records shaped as the service writes them, with a
 * closed return's history, so rows are as wide as real ones): ~2,000 skus × 6 sizes × 12
 * reasons (8 fit, 4 other), created evenly over 12 months, in every state (5 % cancelled,
 * half graded or closed). Then `VACUUM ANALYZE`, as autovacuum leaves a table at rest, so
 * index-only scans need not visit the heap.
 *
 * Each figure is the median of ROUNDS timed calls after one untimed call; `count(*)` rounds
 * alternate with the query's. Context rows: one sku over a quarter, every sku over one month,
 * the summary through the service (query + report), and the all-sku query with index scans
 * switched off (what the index buys).
 *
 * Needs `DATABASE_URL` (skipped, and said so, without it). `BENCH_INSIGHTS_RETURNS` sets the
 * row count (default 1,000,000). Run alone: `cd bench && npx tsx src/insights.ts`.
 */
import { realpathSync } from "node:fs";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { makeStoredReturn } from "@returnkit/testing";
import pg from "pg";
import { createReturnsService, type FitInsightsQuery } from "../../packages/core/src/index";
import { migrate, postgresStore } from "../../packages/store-postgres/src/index";
import { sqlNames } from "../../packages/store-postgres/src/names";
import { selectFitInsights } from "../../packages/store-postgres/src/sql/select-fit-insights";
import type { BenchFigure, BenchSection } from "./types";

const RETURNS = Number(process.env.BENCH_INSIGHTS_RETURNS ?? 1_000_000);
const ROUNDS = 5;
const SKUS = 2_000;
const SIZES = ["XS", "S", "M", "L", "XL", "XXL"];
const REASONS = [
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

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const round1 = (value: number) => Math.round(value * 10) / 10;

/** One INSERT … SELECT: every row's fields from a hash of its number, the time from its order. */
function fillStatement(table: string): string {
  const hash = (salt: string) => `abs(hashtext(g::text || '${salt}'))`;
  return `
INSERT INTO ${table} (id, version, state, customer_id, order_id, record, snapshot)
SELECT id, 1, state, customer_id, order_id,
  json_build_object('id', id, 'object', 'return', 'order_id', order_id,
    'line', json_build_object('sku', sku, 'quantity', quantity, 'size', size),
    'order_line', NULL, 'reason', reason, 'resolution', 'EXCHANGE', 'exchange_size', 'L',
    'state', state, 'flagged_from', NULL, 'grade', NULL, 'shipment', NULL,
    'customer_id', customer_id, 'version', 1, 'created_at', created_at,
    'updated_at', created_at, 'history', $1::json),
  $2::json
FROM (
  SELECT *, ${STATES} AS state FROM (
    SELECT 'ret_' || lpad(g::text, 26, '0') AS id,
      'customer-' || (${hash("c")} % 50000) AS customer_id,
      'ord_' || g AS order_id,
      'SKU-' || lpad((${hash("k")} % ${SKUS})::text, 4, '0') AS sku,
      (ARRAY[${SIZES.map((s) => `'${s}'`).join(", ")}])[1 + ${hash("s")} % ${SIZES.length}] AS size,
      (ARRAY[${REASONS.map((r) => `'${r}'`).join(", ")}])[1 + ${hash("r")} % ${REASONS.length}] AS reason,
      1 + (${hash("q")} % 4 = 0)::integer AS quantity,
      to_char((timestamptz '${START}' + g * (interval '365 days' / $3)) AT TIME ZONE 'UTC',
        'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
      ${hash("h")} % 100 AS h
    FROM generate_series(1, $3::integer) AS g
  ) AS drawn
) AS fields`;
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await run();
  return { ms: performance.now() - started, result };
}

/** Median ms of `run` over ROUNDS timed calls after an untimed one, each followed by `between`. */
async function medianMs(run: () => Promise<unknown>, between?: () => Promise<unknown>) {
  await run();
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    times.push((await timed(run)).ms);
    await between?.();
  }
  return { ms: median(times), all: times };
}

/** The plan's nodes, outermost first, as `Node Type (index)`. */
function planNodes(plan: Record<string, unknown>): string[] {
  const here = `${plan["Node Type"]}${plan["Index Name"] ? ` on ${plan["Index Name"]}` : ""}`;
  const children = (plan.Plans as Record<string, unknown>[] | undefined) ?? [];
  return [here, ...children.flatMap(planNodes)];
}

export default async function insightsBench(): Promise<BenchSection> {
  const url = process.env.DATABASE_URL;
  const title = "Fit insights: the aggregate query at a million returns";
  if (!url) {
    return { title, figures: [], notes: ["DATABASE_URL is not set: nothing was measured."] };
  }
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const schema = `rk_bench_fit_${process.pid}`;
  try {
    return await measure(pool, schema, title);
  } finally {
    await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await pool.end();
  }
}

async function measure(pool: pg.Pool, schema: string, title: string): Promise<BenchSection> {
  const loadAtStart = loadavg()[0]!;
  await migrate({ db: pool, schema });
  const table = `"${schema}"."returnkit_returns"`;
  const closed = makeStoredReturn({ state: "closed" });
  const fill = await timed(() =>
    pool.query(fillStatement(table), [
      JSON.stringify(closed.record.history),
      JSON.stringify(closed.snapshot),
      RETURNS,
    ]),
  );
  const vacuum = await timed(() => pool.query(`VACUUM ANALYZE ${table}`));
  const size = await pool.query(
    `SELECT pg_size_pretty(pg_table_size($1)) AS heap,
            pg_size_pretty(pg_relation_size($2)) AS fit_index`,
    [table, `"${schema}"."returnkit_returns_fit_idx"`],
  );
  const loadBeforeQueries = loadavg()[0]!;

  const store = postgresStore({ db: pool, schema, notify: false });
  const count = () => pool.query(`SELECT count(*) FROM ${table}`);
  const countMs: number[] = [];
  const countBetween = async () => countMs.push((await timed(count)).ms);
  await count();
  const insights = (query: FitInsightsQuery) => () => store.fitInsights(query);
  const all = await medianMs(insights({}), countBetween);
  const rowsAll = (await store.fitInsights({})).length;
  const countMedian = median(countMs);

  const oneSku = await medianMs(
    insights({ sku: "SKU-0042", from: "2025-10-01T00:00:00Z", to: "2026-01-01T00:00:00Z" }),
  );
  const oneMonth = await medianMs(
    insights({ from: "2025-12-01T00:00:00Z", to: "2026-01-01T00:00:00Z" }),
  );
  const service = createReturnsService({ store, baseUrl: "https://shop.example" });
  await service.ready();
  const principal = { kind: "merchant" as const, id: "bench", scopes: ["merchant:returns.read"] };
  const summary = await medianMs(() => service.insights.fitSummary({}, { principal }));
  const seqScan = await medianMs(() => withoutIndexScans(pool, schema));
  const plan = await explain(pool, schema);

  const figures: BenchFigure[] = [
    {
      metric: `fitInsights, every sku, 12 months (${RETURNS.toLocaleString("en")} returns, ${rowsAll.toLocaleString("en")} rows)`,
      value: round1(all.ms),
      unit: "ms",
      baseline: { label: "SELECT count(*) of the same table", value: round1(countMedian) },
      ratio: round1(all.ms / countMedian),
    },
    {
      metric: "fitInsights, one sku, one quarter",
      value: round1(oneSku.ms),
      unit: "ms",
      baseline: { label: "SELECT count(*) of the same table", value: round1(countMedian) },
      ratio: Math.round((oneSku.ms / countMedian) * 1000) / 1000,
    },
    {
      metric: "fitInsights, every sku, one month",
      value: round1(oneMonth.ms),
      unit: "ms",
      baseline: { label: "SELECT count(*) of the same table", value: round1(countMedian) },
      ratio: round1(oneMonth.ms / countMedian),
    },
    {
      metric: "GET …/insights/fit/summary in process (query + report per sku), every sku",
      value: round1(summary.ms),
      unit: "ms",
      baseline: { label: "fitInsights alone, every sku", value: round1(all.ms) },
      ratio: round1(summary.ms / all.ms),
    },
    {
      metric: "the every-sku query without index scans (sequential scan of the table)",
      value: round1(seqScan.ms),
      unit: "ms",
      baseline: { label: "fitInsights, every sku (index-only scan)", value: round1(all.ms) },
      ratio: round1(seqScan.ms / all.ms),
    },
  ];
  const ms = (values: number[]) => values.map((v) => v.toFixed(0)).join(" / ");
  return {
    title,
    figures,
    notes: [
      `PostgreSQL on this machine, a pg Pool of 4; load average ${loadAtStart.toFixed(1)} at the start and ${loadBeforeQueries.toFixed(1)} when the queries began (2 cores shared with other work: compare figures within this run only).`,
      `${RETURNS.toLocaleString("en")} returns inserted by one INSERT … SELECT generate_series in ${(fill.ms / 1000).toFixed(0)} s, VACUUM ANALYZE ${(vacuum.ms / 1000).toFixed(0)} s; table ${size.rows[0].heap}, the fit index ${size.rows[0].fit_index}. ~${SKUS.toLocaleString("en")} skus × ${SIZES.length} sizes × ${REASONS.length} reasons over 12 months; 5 % cancelled, 50 % graded or closed.`,
      `Medians of ${ROUNDS} after one untimed call; every sku: ${ms(all.all)} ms, count(*) between them: ${ms(countMs)} ms; one sku: ${ms(oneSku.all)}; one month: ${ms(oneMonth.all)}; summary: ${ms(summary.all)}; sequential: ${ms(seqScan.all)}.`,
      `Plan of the every-sku query (EXPLAIN ANALYZE): ${plan}.`,
    ],
  };
}

/** The store's own every-sku statement (no filter) on `schema`. */
const everySku = (schema: string) => selectFitInsights(sqlNames({ schema }), "");

/** The every-sku query with index and bitmap scans switched off for one transaction. */
async function withoutIndexScans(pool: pg.Pool, schema: string) {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await client.query(
      "SET LOCAL enable_indexonlyscan = off; SET LOCAL enable_indexscan = off; SET LOCAL enable_bitmapscan = off",
    );
    await client.query(everySku(schema));
    await client.query("COMMIT");
  } finally {
    client.release();
  }
}

async function explain(pool: pg.Pool, schema: string): Promise<string> {
  const { rows } = await pool.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${everySku(schema)}`);
  const [top] = rows[0]["QUERY PLAN"] as Array<Record<string, Record<string, unknown>>>;
  const root = top!.Plan!;
  const scan = findScan(root);
  const heapFetches = scan?.["Heap Fetches"];
  return `${planNodes(root).join(" ← ")}${heapFetches === undefined ? "" : `; heap fetches ${heapFetches}`}; ${Number(top!["Execution Time"]).toFixed(0)} ms executing`;
}

function findScan(plan: Record<string, unknown>): Record<string, unknown> | undefined {
  if (String(plan["Node Type"]).includes("Scan")) return plan;
  for (const child of (plan.Plans as Record<string, unknown>[] | undefined) ?? []) {
    const found = findScan(child);
    if (found) return found;
  }
  return undefined;
}

const invokedDirectly =
  process.argv[1] !== undefined &&
  realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
if (invokedDirectly) {
  console.log(JSON.stringify(await insightsBench(), null, 2));
}
