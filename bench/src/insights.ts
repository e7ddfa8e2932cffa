/**
 * @module bench/insights — the fit insights' one aggregate query (`fitInsights`) on PostgreSQL
 * at a million returns, beside a plain `count(*)` of the same table in the same run.
 *
 * A fresh schema is migrated by the store's own `migrate()`, then filled by one
 * `INSERT … SELECT … FROM generate_series` (`support/fit-returns.ts`): ~2,000 skus × 6 sizes
 * × 12 reasons, then `VACUUM ANALYZE`, so index-only scans need not visit the heap.
 *
 * Each figure is the median of ROUNDS timed calls after one untimed call; `count(*)` rounds
 * alternate with the query's. Context rows: one sku over a quarter, every sku over one month,
 * the summary's first page through the service (query + report), and the all-sku query with index scans
 * switched off (what the index buys).
 *
 * Needs `DATABASE_URL` (skipped, and said so, without it). `BENCH_INSIGHTS_RETURNS` sets the
 * row count (default 1,000,000). Run alone: `cd bench && npx tsx src/insights.ts`.
 */
import { realpathSync } from "node:fs";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import type pg from "pg";
import { createReturnsService } from "../../packages/core/src/index";
import type { FitInsightsQuery } from "../../packages/core/src/store-entry";
import { migrate, postgresStore } from "../../packages/store-postgres/src/index";
import { sqlNames } from "../../packages/store-postgres/src/names";
import { selectFitInsights } from "../../packages/store-postgres/src/sql/select-fit-insights";
import { FIT_REASONS, FIT_SIZES, fillFitReturns, onBenchSchema } from "./support/fit-returns";
import type { BenchFigure, BenchSection } from "./types";

const RETURNS = Number(process.env.BENCH_INSIGHTS_RETURNS ?? 1_000_000);
const ROUNDS = 5;
const SKUS = 2_000;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const round1 = (value: number) => Math.round(value * 10) / 10;

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
  const title = "Fit insights: the aggregate query at a million returns";
  return onBenchSchema(title, "rk_bench_fit", (pool, schema) => measure(pool, schema, title));
}

async function measure(pool: pg.Pool, schema: string, title: string): Promise<BenchSection> {
  const loadAtStart = loadavg()[0]!;
  await migrate({ db: pool, schema });
  const table = `"${schema}"."returnkit_returns"`;
  const filled = await fillFitReturns(pool, schema, { returns: RETURNS, skus: SKUS });
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
      metric: "GET …/insights/fit/summary in process, first page (ranks every sku, reports 20)",
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
      `${RETURNS.toLocaleString("en")} returns inserted by one INSERT … SELECT generate_series in ${(filled.fillMs / 1000).toFixed(0)} s, VACUUM ANALYZE ${(filled.vacuumMs / 1000).toFixed(0)} s; table ${filled.heap}, the fit index ${filled.fitIndex}. ~${SKUS.toLocaleString("en")} skus × ${FIT_SIZES.length} sizes × ${FIT_REASONS.length} reasons over 12 months; 5 % cancelled, 50 % graded or closed.`,
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
