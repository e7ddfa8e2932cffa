/**
 * @module bench/backlog — what a dispatcher's two questions cost the PostgreSQL store as a
 * backlog grows: a claim (`claimDeliveries`, 32 at a time) while every delivery is due, as when
 * a receiver comes back after an outage, and `nextDeliveryDueAt` while every delivery waits
 * for a retry, as during the outage. Each is measured on a large backlog beside the same
 * question on a small one, in the same run: a ratio near 1 means the question costs what its
 * answer costs, not what the backlog holds.
 *
 * The deliveries are analysed (autovacuum analyses them as they grow) and the endpoints are
 * not (a handful of rows never reaches its threshold): the planner's usual view in production.
 * Needs `DATABASE_URL` (skipped, and said so, without it).
 */
import { realpathSync } from "node:fs";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { makeEndpoint, makeOutboxEvent, makeStoredReturn } from "@returnkit/testing";
import pg from "pg";
import { type PostgresStore, postgresStore } from "../../packages/store-postgres/src/index";
import type { BenchFigure, BenchSection } from "./types";

const LARGE = Number(process.env.BENCH_BACKLOG_DELIVERIES ?? 20_000);
const SMALL = 200;
const CLAIM_LIMIT = 32;
/** Claims (and next-due questions) timed per backlog; the median is the figure. */
const SAMPLES = 40;
const WRITERS = 8;

interface Backlog {
  store: PostgresStore;
  close(): Promise<void>;
}

/** `count` returns with one event each, one endpoint: `count` pending heads due at `dueAt()`. */
async function seedBacklog(url: string, count: number, dueAt: () => number): Promise<Backlog> {
  const pool = new pg.Pool({ connectionString: url, max: WRITERS });
  const schema = `bench_backlog_${process.pid}_${count}`;
  const store = postgresStore({ db: pool, schema, notify: false });
  await store.init();
  await store.saveEndpoint(makeEndpoint({ id: "ep_bench" }));
  let seeded = 0;
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      while (seeded < count) {
        seeded++;
        const stored = makeStoredReturn({ at: dueAt() });
        const events = [makeOutboxEvent(stored)];
        await store.commit({ next: stored, expectedVersion: null, events });
      }
    }),
  );
  await pool.query(`VACUUM ANALYZE "${schema}".returnkit_deliveries`);
  return {
    store,
    async close() {
      await store.close();
      await pool.query(`DROP SCHEMA "${schema}" CASCADE`);
      await pool.end();
    },
  };
}

async function medianMs(samples: number, run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = process.hrtime.bigint();
    await run();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

/** Claims of CLAIM_LIMIT, each leasing what it took, on a backlog due an hour ago. */
async function claimMs(url: string, count: number): Promise<number> {
  const backlog = await seedBacklog(url, count, () => Date.now() - 3_600_000);
  try {
    const claim = () =>
      backlog.store.claimDeliveries({
        dispatcherId: "bench",
        now: Date.now(),
        limit: CLAIM_LIMIT,
        leaseMs: 600_000,
      });
    // The small backlog has room for SAMPLES claims only if they lease few: one at a time there.
    return await medianMs(Math.min(SAMPLES, Math.floor(count / CLAIM_LIMIT)), claim);
  } finally {
    await backlog.close();
  }
}

/** `nextDeliveryDueAt` on a backlog whose retries are due in one to two hours. */
async function nextDueMs(url: string, count: number): Promise<number> {
  const backlog = await seedBacklog(
    url,
    count,
    () => Date.now() + 3_600_000 + Math.floor(Math.random() * 3_600_000),
  );
  try {
    return await medianMs(SAMPLES, () => backlog.store.nextDeliveryDueAt?.(Date.now()));
  } finally {
    await backlog.close();
  }
}

function figure(metric: string, large: number, small: number, target?: string): BenchFigure {
  const ratio = large / small;
  return {
    metric,
    value: Number(large.toFixed(2)),
    unit: "ms",
    baseline: { label: `the same on ${SMALL} pending`, value: Number(small.toFixed(2)) },
    ratio: Number(ratio.toFixed(2)),
    ...(target ? { target, met: ratio <= 3 } : {}),
    ...(target && ratio > 3
      ? { note: "The claim reads more than its limit: look at its plan (EXPLAIN) on this backlog." }
      : {}),
  };
}

export default async function backlogBench(): Promise<BenchSection> {
  const title = "Webhook backlog on PostgreSQL: what a dispatcher's questions cost";
  const url = process.env.DATABASE_URL;
  if (!url) {
    return { title, figures: [], notes: ["DATABASE_URL is not set: nothing was measured."] };
  }
  const load = loadavg()[0]!.toFixed(1);
  const claimLarge = await claimMs(url, LARGE);
  const claimSmall = await claimMs(url, SMALL);
  const nextLarge = await nextDueMs(url, LARGE);
  const nextSmall = await nextDueMs(url, SMALL);
  return {
    title,
    figures: [
      figure(
        `claim of ${CLAIM_LIMIT} with ${LARGE.toLocaleString("en")} deliveries due`,
        claimLarge,
        claimSmall,
        "<= 3x the small backlog's",
      ),
      figure(
        `nextDeliveryDueAt with ${LARGE.toLocaleString("en")} deliveries waiting`,
        nextLarge,
        nextSmall,
      ),
    ],
    notes: [
      `Node ${process.version}; load average ${load} when it started. One endpoint; each backlog is ${LARGE.toLocaleString("en")} (or ${SMALL}) returns with one event each, committed through the store by ${WRITERS} writers, then VACUUM ANALYZE of the deliveries only (the endpoints are left unanalysed, as a handful of rows stays in production).`,
      `Claims: medians of up to ${SAMPLES} claims of ${CLAIM_LIMIT}, each leasing what it took for 10 minutes, on a backlog due an hour ago (on the small one, ${Math.floor(SMALL / CLAIM_LIMIT)} claims). nextDeliveryDueAt: medians of ${SAMPLES} calls on a backlog due in one to two hours. Prepared statements, as the store sends them.`,
      "nextDeliveryDueAt has no target: its part for leased deliveries reads the pending rows' lease column without an index (an index would keep every claim's UPDATE from being HOT), so it grows with the backlog, slowly.",
    ],
  };
}

const invokedDirectly =
  process.argv[1] !== undefined &&
  realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
if (invokedDirectly) {
  console.log(JSON.stringify(await backlogBench(), null, 2));
}
