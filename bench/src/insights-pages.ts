/**
 * @module bench/insights-pages — what a back office pays for one page of fit insights
 * (`GET /v1/merchant/insights/fit` and `/fit/summary`) on PostgreSQL at 100,000 returns over
 * 20,000 skus, beside a plain `count(*)` of the same table timed between them in the same run.
 *
 * The table is filled as the `insights` bench fills it (`support/fit-returns.ts`), with more
 * skus and fewer returns each: the shape of a shop with a large catalogue. Each route is asked
 * through `service.fetch` in process (authentication, query, store, report, JSON), the answer
 * read to its last byte: the first page, the next one (following `_links.next`), the largest
 * page (`limit=100`), and four first pages at once (two of each route), as a back office
 * opened in a few tabs. A row the service refuses (no paging: `limit=` is a 400) or cannot
 * give (no next page) is left out, and the notes say so.
 *
 * Needs `DATABASE_URL` (skipped, and said so, without it). `BENCH_INSIGHTS_PAGES_RETURNS` and
 * `BENCH_INSIGHTS_PAGES_SKUS` set the size. Run alone: `cd bench && npx tsx src/insights-pages.ts`.
 */
import { realpathSync } from "node:fs";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import type pg from "pg";
import { createReturnsService, silentLogger } from "../../packages/core/src/index";
import { migrate, postgresStore } from "../../packages/store-postgres/src/index";
import { fillFitReturns, onBenchSchema } from "./support/fit-returns";
import type { BenchFigure, BenchSection } from "./types";

const RETURNS = Number(process.env.BENCH_INSIGHTS_PAGES_RETURNS ?? 100_000);
const SKUS = Number(process.env.BENCH_INSIGHTS_PAGES_SKUS ?? 20_000);
const ROUNDS = 5;
const BASE_URL = "https://shop.example";
const FIT = "/v1/merchant/insights/fit";
const SUMMARY = `${FIT}/summary`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const round1 = (value: number) => Math.round(value * 10) / 10;

interface Answer {
  status: number;
  bytes: number;
  entries: number;
  next: string | null;
}

type Fetch = (href: string) => Promise<Answer>;

export default async function insightsPagesBench(): Promise<BenchSection> {
  const title = `Fit insights pages at ${RETURNS.toLocaleString("en")} returns over ${SKUS.toLocaleString("en")} skus`;
  return onBenchSchema(title, "rk_bench_fit_pages", (pool, schema) => measure(pool, schema, title));
}

async function measure(pool: pg.Pool, schema: string, title: string): Promise<BenchSection> {
  const loadAtStart = loadavg()[0]!;
  await migrate({ db: pool, schema });
  const filled = await fillFitReturns(pool, schema, { returns: RETURNS, skus: SKUS });
  const store = postgresStore({ db: pool, schema, notify: false });
  const principal = { kind: "merchant" as const, id: "bench", scopes: ["merchant:returns.read"] };
  const service = createReturnsService({
    store,
    baseUrl: BASE_URL,
    auth: { authenticate: () => principal },
    logger: silentLogger,
  });
  await service.ready();
  const get: Fetch = async (href) => {
    const response = await service.fetch(new Request(new URL(href, BASE_URL)));
    const text = await response.text();
    const body = response.ok ? JSON.parse(text) : {};
    return {
      status: response.status,
      bytes: Buffer.byteLength(text),
      entries: body.data?.length ?? 0,
      next: body._links?.next?.href ?? null,
    };
  };
  const table = `"${schema}"."returnkit_returns"`;
  const countMs: number[] = [];
  const count = async () => {
    const started = performance.now();
    await pool.query(`SELECT count(*) FROM ${table}`);
    countMs.push(performance.now() - started);
  };
  await count();
  countMs.length = 0;
  const loadBeforeQueries = loadavg()[0]!;

  const rows: Row[] = [];
  const left: string[] = [];
  for (const [name, path] of [
    ["fit", FIT],
    ["fit/summary", SUMMARY],
  ] as const) {
    const first = await timedRounds(get, path, count);
    rows.push({ metric: `GET …/${name}, first page`, ...first });
    const next = first.answer.next;
    if (next)
      rows.push({ metric: `GET …/${name}, next page`, ...(await timedRounds(get, next, count)) });
    else left.push(`${name}: no next page (the first page holds every entry)`);
    const largest = await get(`${path}?limit=100`);
    if (largest.status === 200) {
      rows.push({
        metric: `GET …/${name}?limit=100`,
        ...(await timedRounds(get, `${path}?limit=100`, count)),
      });
    } else left.push(`${name}?limit=100 answered ${largest.status}`);
  }
  const together = await timedRounds(
    async () => {
      const answers = await Promise.all([get(FIT), get(SUMMARY), get(FIT), get(SUMMARY)]);
      const sum = (key: "bytes" | "entries") =>
        answers.reduce((total, answer) => total + answer[key], 0);
      return { status: 200, bytes: sum("bytes"), entries: sum("entries"), next: null };
    },
    "",
    count,
  );
  rows.push({
    metric: "four first pages at once (two of each route), until the last answer",
    ...together,
  });
  const countMedian = median(countMs);
  const loadAtEnd = loadavg()[0]!;

  const figures: BenchFigure[] = rows.map((row) => ({
    metric: `${row.metric} (${row.answer.entries.toLocaleString("en")} entries, ${kb(row.answer.bytes)})`,
    value: round1(row.ms),
    unit: "ms",
    baseline: { label: "SELECT count(*) of the same table", value: round1(countMedian) },
    ratio: round1(row.ms / countMedian),
  }));
  const ms = (values: number[]) => values.map((value) => value.toFixed(0)).join(" / ");
  return {
    title,
    figures,
    notes: [
      `PostgreSQL on this machine, a pg Pool of 4, the service in process (service.fetch, the answer read whole); load average ${loadAtStart.toFixed(1)} at the start, ${loadBeforeQueries.toFixed(1)} when the requests began and ${loadAtEnd.toFixed(1)} at the end (2 cores shared with other work: compare figures within this run only).`,
      `${RETURNS.toLocaleString("en")} returns inserted by one INSERT … SELECT generate_series in ${(filled.fillMs / 1000).toFixed(0)} s, VACUUM ANALYZE ${(filled.vacuumMs / 1000).toFixed(0)} s; table ${filled.heap}, the fit index ${filled.fitIndex}.`,
      `Medians of ${ROUNDS} after one untimed call, a count(*) after each: ${rows.map((row) => `${row.metric}: ${ms(row.all)} ms`).join("; ")}; count(*): ${ms(countMs)} ms.`,
      ...(left.length ? [`Not measured: ${left.join("; ")}.`] : []),
    ],
  };
}

interface Row {
  metric: string;
  ms: number;
  all: number[];
  answer: Answer;
}

/** Median ms of asking `href` over ROUNDS timed calls after an untimed one, each followed by `between`. */
async function timedRounds(get: Fetch, href: string, between: () => Promise<void>) {
  const answer = await get(href);
  if (answer.status !== 200) throw new Error(`GET ${href} answered ${answer.status}`);
  const all: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    await get(href);
    all.push(performance.now() - started);
    await between();
  }
  return { ms: median(all), all, answer };
}

const kb = (bytes: number) =>
  bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(1)} MB` : `${(bytes / 1000).toFixed(1)} kB`;

const invokedDirectly =
  process.argv[1] !== undefined &&
  realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
if (invokedDirectly) {
  console.log(JSON.stringify(await insightsPagesBench(), null, 2));
}
