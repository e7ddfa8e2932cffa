/**
 * @module bench/memory — what the memory store costs to hold, and that it does not grow
 * under a steady keyed load when expired idempotency records are purged.
 *
 * Both measurements run in fresh processes with --expose-gc (support/memory-worker.ts):
 * 1. RSS and heap after creating 100,000 returns through `service.createReturn` (one
 *    Idempotency-Key each, so 100,000 idempotency records and 100,000 outbox events too),
 *    against the same process just before (service created and warmed up, store empty).
 * 2. A 60-second steady keyed write load with `idempotency.ttlMs` = 1 s and `store.purge`
 *    every second: heap and RSS at start and end, and the heap's slope; beside it the same
 *    load for a shorter window without purging, which is the growth purging prevents.
 * 3. One customer's 1,500 keyed PATCHes of one draft: the heap they leave behind.
 * 4. 50,000 keyed 404s: the heap they hold while their keys live, and once the keys expired
 *    on the service's clock and its own retention ran (nothing in the bench calls purge).
 *
 * Run alone: `cd bench && npx tsx src/memory.ts` prints the section as JSON.
 */
import { fork } from "node:child_process";
import { once } from "node:events";
import { realpathSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type {
  DraftPhaseResult,
  MemorySample,
  MissingPhaseResult,
  ReturnsPhaseResult,
  SteadyPhaseResult,
} from "./support/memory-worker";
import type { BenchFigure, BenchSection } from "./types";

const SRC = dirname(fileURLToPath(import.meta.url));
const RETURNS = Number(process.env.BENCH_MEMORY_RETURNS ?? 100_000);
/** Returns created and submitted for the heap-per-held-return figure. */
const SUBMITTED_RETURNS = Number(process.env.BENCH_MEMORY_SUBMITTED ?? 50_000);
const SUBMITTED_TARGET_BYTES = 2048;
const STEADY_SECONDS = Number(process.env.BENCH_STEADY_SECONDS ?? 60);
const CONTROL_SECONDS = Math.min(15, STEADY_SECONDS);
const TTL_MS = 1_000;
const RSS_TARGET_MB = 150;
/** Flat within measurement noise: well under what one second of unpurged records adds. */
const SLOPE_TARGET_MB_PER_MIN = 3;
/** Samples before this are the load warming up (JIT, pools), not growth. */
const SETTLE_SECONDS = 10;
const DRAFT_PATCHES = Number(process.env.BENCH_DRAFT_PATCHES ?? 1_500);
const DRAFT_TARGET_MB = 60;
const MISSING_REQUESTS = Number(process.env.BENCH_MISSING_KEYS ?? 50_000);
/** Once the keys expired, what is left of them: measurement noise, not their records. */
const EXPIRED_TARGET_MB = 5;

async function inWorker<T>(message: object): Promise<T> {
  const child = fork(join(SRC, "support", "memory-worker.ts"), [], {
    cwd: dirname(SRC),
    execArgv: ["--import", "tsx", "--expose-gc"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  child.send(message);
  const [reply] = (await once(child, "message")) as [
    { ok: true; result: T } | { ok: false; error: string },
  ];
  if (!reply.ok) throw new Error(reply.error);
  return reply.result;
}

/** Heap per held return after create + submit, beside create only from the same run. */
function submittedFigure(created: ReturnsPhaseResult, submitted: ReturnsPhaseResult): BenchFigure {
  const perReturn = (phase: ReturnsPhaseResult) =>
    ((phase.after.heapMB - phase.before.heapMB) * 2 ** 20) / phase.count;
  const value = perReturn(submitted);
  return {
    metric: `heap per return held after create + submit (${submitted.count.toLocaleString("en-US")} returns, both keyed)`,
    value,
    unit: "bytes",
    baseline: { label: "heap per return after create only", value: perReturn(created) },
    ratio: value / perReturn(created),
    target: `<= ${SUBMITTED_TARGET_BYTES} bytes`,
    met: value <= SUBMITTED_TARGET_BYTES,
  };
}

/** Least-squares slope of `pick` over time, in MB per minute. */
function slopePerMinute(samples: MemorySample[], pick: (s: MemorySample) => number): number {
  const n = samples.length;
  if (n < 2) return 0;
  const meanT = samples.reduce((a, s) => a + s.t, 0) / n;
  const meanY = samples.reduce((a, s) => a + pick(s), 0) / n;
  let num = 0;
  let den = 0;
  for (const s of samples) {
    num += (s.t - meanT) * (pick(s) - meanY);
    den += (s.t - meanT) ** 2;
  }
  return den === 0 ? 0 : (num / den) * 60;
}

export default async function memoryBench(): Promise<BenchSection> {
  const held = await inWorker<ReturnsPhaseResult>({ phase: "returns", count: RETURNS });
  const submitted = await inWorker<ReturnsPhaseResult>({
    phase: "returns",
    count: SUBMITTED_RETURNS,
    submit: true,
  });
  const steady = await inWorker<SteadyPhaseResult>({
    phase: "steady",
    seconds: STEADY_SECONDS,
    ttlMs: TTL_MS,
    purgeEveryMs: 1_000,
    sampleEveryMs: 2_000,
  });
  const control = await inWorker<SteadyPhaseResult>({
    phase: "steady",
    seconds: CONTROL_SECONDS,
    ttlMs: TTL_MS,
    purgeEveryMs: null,
    sampleEveryMs: 2_500,
  });

  const draft = await inWorker<DraftPhaseResult>({ phase: "draft", patches: DRAFT_PATCHES });
  const missing = await inWorker<MissingPhaseResult>({
    phase: "missing",
    requests: MISSING_REQUESTS,
  });

  const rssDelta = held.after.rssMB - held.before.rssMB;
  const heapDelta = held.after.heapMB - held.before.heapMB;
  const rssMet = rssDelta <= RSS_TARGET_MB;
  const settled = steady.samples.filter((s) => s.t >= SETTLE_SECONDS);
  const heapSlope = slopePerMinute(settled, (s) => s.heapMB);
  const rssSlope = slopePerMinute(settled, (s) => s.rssMB);
  const controlSlope = slopePerMinute(control.samples, (s) => s.heapMB);
  const slopeMet = heapSlope <= SLOPE_TARGET_MB_PER_MIN;
  const first = steady.samples[0]!;
  const last = steady.samples.at(-1)!;
  const settledFirst = settled[0] ?? first;
  const rate = (r: SteadyPhaseResult) => Math.round(r.operations / r.seconds);

  const figures: BenchFigure[] = [
    {
      metric: `RSS above baseline with ${RETURNS.toLocaleString("en-US")} returns held`,
      value: rssDelta,
      unit: "MB",
      baseline: { label: "RSS before (service warm, store empty)", value: held.before.rssMB },
      ratio: held.after.rssMB / held.before.rssMB,
      target: `<= ${RSS_TARGET_MB} MB`,
      met: rssMet,
      ...(rssMet
        ? {}
        : {
            note: `The heap grew ${heapDelta.toFixed(0)} MB, ${((heapDelta * 2 ** 20) / RETURNS).toFixed(0)} bytes a return, and RSS more (V8 keeps the pages it grew into). core/store/memory-store.ts keeps, per create, one frozen record shared by the return, its return.created outbox payload and the idempotency response (one structuredClone per commit), plus the persisted xstate snapshot and the idempotency and outbox rows themselves. A record with its history is ~1 KB of JSON but several times that as V8 objects; a compact encoding (or PGlite/PostgreSQL for large volumes) is what would bring it under the target.`,
          }),
    },
    {
      metric: "heap per return held (record + idempotency record + outbox event)",
      value: (heapDelta * 2 ** 20) / RETURNS,
      unit: "bytes",
    },
    submittedFigure(held, submitted),
    {
      metric: `steady load (${STEADY_SECONDS} s, TTL ${TTL_MS / 1000} s, purge every 1 s): heap slope after ${SETTLE_SECONDS} s`,
      value: heapSlope,
      unit: "MB/min",
      baseline: { label: "same load without purge", value: controlSlope },
      ...(controlSlope > 0 ? { ratio: heapSlope / controlSlope } : {}),
      target: `<= ${SLOPE_TARGET_MB_PER_MIN} MB/min`,
      met: slopeMet,
      ...(slopeMet
        ? {}
        : {
            note: `Heap ${settledFirst.heapMB.toFixed(1)} → ${last.heapMB.toFixed(1)} MB after the first ${SETTLE_SECONDS} s although purge removed ${steady.purged.toLocaleString("en-US")} rows: something besides idempotency records is kept per request.`,
          }),
    },
    {
      metric: "steady load: heap at start → end",
      value: last.heapMB,
      unit: "MB",
      baseline: { label: "heap at start", value: first.heapMB },
      ratio: last.heapMB / first.heapMB,
    },
    {
      metric: "steady load: RSS at start → end",
      value: last.rssMB,
      unit: "MB",
      baseline: { label: "RSS at start", value: first.rssMB },
      ratio: last.rssMB / first.rssMB,
    },
    { metric: "steady load: RSS slope after settling", value: rssSlope, unit: "MB/min" },
    ...updateHeavyFigures(draft, missing),
  ];

  return {
    title: "Memory: the memory store held and under steady load",
    figures,
    notes: [
      `Node ${process.version}; each measurement in a fresh process with --expose-gc, readings after full collections.`,
      `Held: ${RETURNS.toLocaleString("en-US")} createReturn calls (1,000 customers, one Idempotency-Key each, default 24 h TTL) in ${held.seconds.toFixed(1)} s; RSS ${held.before.rssMB.toFixed(1)} → ${held.after.rssMB.toFixed(1)} MB, heap ${held.before.heapMB.toFixed(1)} → ${held.after.heapMB.toFixed(1)} MB.`,
      `Steady: ${steady.operations.toLocaleString("en-US")} keyed writes in ${steady.seconds.toFixed(0)} s (${rate(steady)}/s) on 1,000 cancelled returns — new keys answered 409 and stored, replays of recent keys, keys reused with another payload (422) — outcomes ${JSON.stringify(steady.outcomes)}; purge removed ${steady.purged.toLocaleString("en-US")} rows. It creates no returns, because returns are kept by design and a creating load grows by exactly what the first figure measures.`,
      `Heap samples (s: MB): ${steady.samples.map((s) => `${s.t.toFixed(0)}: ${s.heapMB.toFixed(1)}`).join(", ")}.`,
      `Without purge (${control.seconds.toFixed(0)} s, ${rate(control)} writes/s): heap ${control.samples[0]!.heapMB.toFixed(1)} → ${control.samples.at(-1)!.heapMB.toFixed(1)} MB.`,
      `Draft: ${draft.patches.toLocaleString("en-US")} keyed PATCHes of one draft under the default history limit, outcomes ${JSON.stringify(draft.outcomes)}, history ${draft.historyLength} entries at the end.`,
      `404s: ${missing.requests.toLocaleString("en-US")} keyed PATCHes of a return that does not exist (default 24 h TTL, retention every 200 ms); then the service's clock moved past the TTL and the bench waited 2 s.`,
    ],
  };
}

/** The update-heavy draft and the keyed 404s: what one customer can make the store hold. */
function updateHeavyFigures(draft: DraftPhaseResult, missing: MissingPhaseResult): BenchFigure[] {
  const draftGrowth = draft.after.heapMB - draft.before.heapMB;
  const draftMet = draftGrowth < DRAFT_TARGET_MB;
  const held = missing.after.heapMB - missing.before.heapMB;
  const left = missing.expired.heapMB - missing.before.heapMB;
  const leftMet = left <= EXPIRED_TARGET_MB;
  const requests = missing.requests.toLocaleString("en-US");
  return [
    {
      metric: `heap growth after ${draft.patches.toLocaleString("en-US")} keyed PATCHes of one draft`,
      value: draftGrowth,
      unit: "MB",
      baseline: { label: "heap before", value: draft.before.heapMB },
      target: `< ${DRAFT_TARGET_MB} MB`,
      met: draftMet,
      ...(draftMet
        ? {}
        : {
            note: `Outcomes ${JSON.stringify(draft.outcomes)}: every stored response or history entry the draft keeps is counted here.`,
          }),
    },
    {
      metric: `heap held by ${requests} keyed 404s while their keys live`,
      value: held,
      unit: "MB",
      baseline: { label: "heap before", value: missing.before.heapMB },
    },
    {
      metric: `heap left by ${requests} keyed 404s once their keys expired (the service's own retention)`,
      value: left,
      unit: "MB",
      baseline: { label: "while the keys lived", value: held },
      target: `<= ${EXPIRED_TARGET_MB} MB`,
      met: leftMet,
      ...(leftMet
        ? {}
        : { note: "The expired keys' records are still held: the retention did not purge them." }),
    },
  ];
}

const invokedDirectly =
  process.argv[1] !== undefined &&
  realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
if (invokedDirectly) {
  console.log(JSON.stringify(await memoryBench(), null, 2));
}
