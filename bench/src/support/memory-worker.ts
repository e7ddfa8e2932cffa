/**
 * @module bench/support/memory-worker — the two memory measurements, each in a fresh
 * process started with --expose-gc (forked by bench/src/memory.ts), reporting over IPC.
 *
 *   returns  RSS and heap before and after creating N returns through the service (and,
 *            with `submit`, submitting each, keyed, as a portal client does)
 *   steady   a keyed write load with a short idempotency TTL, with or without purging
 *   draft    heap before and after one customer PATCHes one draft N times, each keyed
 *   missing  heap before and after N keyed writes to a return that does not exist (404s),
 *            and again once the keys expired and the service's own retention had its turn
 */
import { createReturnsService, type ProblemError } from "@returnkit/core";
import { CREATE, merchant, portalPrincipal as portal } from "./fixtures";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with --expose-gc");

export interface MemorySample {
  /** Seconds since the measured phase began. */
  t: number;
  rssMB: number;
  heapMB: number;
}

export interface ReturnsPhaseResult {
  count: number;
  submitted: boolean;
  before: MemorySample;
  after: MemorySample;
  seconds: number;
}

export interface SteadyPhaseResult {
  samples: MemorySample[];
  operations: number;
  purged: number;
  seconds: number;
  outcomes: Record<string, number>;
}

export interface DraftPhaseResult {
  patches: number;
  before: MemorySample;
  after: MemorySample;
  outcomes: Record<string, number>;
  /** History entries of the draft at the end. */
  historyLength: number;
}

export interface MissingPhaseResult {
  requests: number;
  before: MemorySample;
  after: MemorySample;
  /** After the keys' TTL has passed on the service's clock and retention had time to run. */
  expired: MemorySample;
}

const MB = 2 ** 20;

/** Full collections until the heap stops shrinking, then one reading. */
function sample(origin: number): MemorySample {
  let heap = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 5; i++) {
    gc!();
    const used = process.memoryUsage().heapUsed;
    if (used >= heap * 0.999) break;
    heap = used;
  }
  const usage = process.memoryUsage();
  return {
    t: (performance.now() - origin) / 1000,
    rssMB: usage.rss / MB,
    heapMB: usage.heapUsed / MB,
  };
}

async function returnsPhase(count: number, submit = false): Promise<ReturnsPhaseResult> {
  // Warm the code paths on a throwaway service, so compiled code is part of the baseline.
  const warm = createReturnsService();
  for (let i = 0; i < 2_000; i++) {
    await warm.createReturn(CREATE, { principal: portal("warm"), idempotencyKey: `w-${i}` });
  }
  await warm.close();

  const service = createReturnsService();
  await service.ready();
  const origin = performance.now();
  const before = sample(origin);
  for (let i = 0; i < count; i++) {
    const principal = portal(`customer-${i % 1_000}`);
    const { record } = await service.createReturn(CREATE, {
      principal,
      idempotencyKey: `create-${i}`,
    });
    if (submit) await service.submit(record.id, {}, { principal, idempotencyKey: `submit-${i}` });
  }
  const seconds = (performance.now() - origin) / 1000;
  const page = await service.store.listReturns({ limit: count + 1 });
  if (page.data.length !== count) throw new Error(`store holds ${page.data.length} returns`);
  page.data.length = 0;
  const after = sample(origin);
  // Keep the service reachable until after the reading.
  if (!service.store) throw new Error("unreachable");
  return { count, submitted: submit, before, after, seconds };
}

/**
 * Keyed writes that change no return, so everything that accumulates is per-request state
 * the store must expire: invalid transitions (409, stored with their key), replays of
 * recent keys, and keys reused with another payload (422). Returns are kept by design and
 * would grow under any creating load, so this load creates none after its setup.
 */
async function steadyPhase(options: {
  seconds: number;
  ttlMs: number;
  purgeEveryMs: number | null;
  sampleEveryMs: number;
}): Promise<SteadyPhaseResult> {
  const service = createReturnsService({ idempotency: { ttlMs: options.ttlMs } });
  const { store } = service;
  const pool: string[] = [];
  for (let i = 0; i < 1_000; i++) {
    const principal = portal(`customer-${i}`);
    const { record } = await service.createReturn(CREATE, { principal, idempotencyKey: `c-${i}` });
    await service.cancel(record.id, {}, { principal, idempotencyKey: `x-${i}` });
    pool.push(record.id);
  }

  const outcomes: Record<string, number> = {};
  const count = (outcome: string) => {
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  };
  let purged = 0;
  let operations = 0;
  let key = 0;
  const recent: { id: string; key: string }[] = [];
  const origin = performance.now();
  const samples: MemorySample[] = [sample(origin)];
  let nextSample = options.sampleEveryMs;
  let nextPurge = options.purgeEveryMs ?? Number.POSITIVE_INFINITY;

  const attempt = async (id: string, idempotencyKey: string, body?: { note: string }) => {
    try {
      await service.advance(id, "approve", body, { principal: merchant, idempotencyKey });
      count("200");
    } catch (error) {
      count(String((error as ProblemError).status ?? "thrown"));
    }
  };

  while (performance.now() - origin < options.seconds * 1000) {
    for (let i = 0; i < 200; i++) {
      const id = pool[operations % pool.length]!;
      const fresh = `steady-${++key}`;
      await attempt(id, fresh);
      recent.push({ id, key: fresh });
      if (recent.length > 100) recent.shift();
      const earlier = recent[operations % recent.length]!;
      await attempt(earlier.id, earlier.key);
      if (operations % 4 === 0) await attempt(earlier.id, earlier.key, { note: "other payload" });
      operations += 3;
    }
    const elapsed = performance.now() - origin;
    if (elapsed >= nextPurge) {
      const now = Date.now();
      for (;;) {
        const removed = await store.purge({ now, deliveredBefore: now, limit: 10_000 });
        purged += removed;
        if (removed === 0) break;
      }
      nextPurge += options.purgeEveryMs!;
    }
    if (elapsed >= nextSample) {
      samples.push(sample(origin));
      nextSample += options.sampleEveryMs;
    }
    // Let timers run between batches.
    await new Promise((resolve) => setImmediate(resolve));
  }
  samples.push(sample(origin));
  return {
    samples,
    operations,
    purged,
    seconds: (performance.now() - origin) / 1000,
    outcomes,
  };
}

/** The reason codes a PATCH alternates between, so every PATCH really changes the draft. */
const PATCH_REASONS = ["TOO_SMALL_AT_CHEST", "TOO_LARGE_AT_CHEST"] as const;

/**
 * One customer PATCHes one draft `patches` times, each with its own Idempotency-Key, under
 * the default history limit or `maxHistoryEntries`.
 */
async function draftPhase(patches: number, maxHistoryEntries?: number): Promise<DraftPhaseResult> {
  const service = createReturnsService({ maxHistoryEntries });
  const principal = portal("customer-draft");
  // Warm the PATCH path on another draft, so compiled code is part of the baseline.
  const warm = await service.createReturn(CREATE, { principal, idempotencyKey: "warm" });
  for (let i = 0; i < 50; i++) {
    await service
      .updateDraft(
        warm.record.id,
        { reason: PATCH_REASONS[i % 2]! },
        {
          principal,
          idempotencyKey: `warm-${i}`,
        },
      )
      .catch(() => undefined);
  }
  const { record } = await service.createReturn(CREATE, { principal, idempotencyKey: "draft" });
  const origin = performance.now();
  const before = sample(origin);
  const outcomes: Record<string, number> = {};
  for (let i = 0; i < patches; i++) {
    let outcome: string;
    try {
      await service.updateDraft(
        record.id,
        { reason: PATCH_REASONS[(i + 1) % 2]! },
        {
          principal,
          idempotencyKey: `patch-${i}`,
        },
      );
      outcome = "200";
    } catch (error) {
      outcome = String((error as ProblemError).status ?? "thrown");
    }
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  }
  const after = sample(origin);
  const final = await service.get(record.id, { principal });
  await service.close();
  return { patches, before, after, outcomes, historyLength: final.history.length };
}

/**
 * `requests` keyed PATCHes of a return id that does not exist: each 404 is stored under its
 * key until the key expires. Then the service's clock moves past the TTL and the phase waits
 * for the retention the service schedules by itself (nothing here calls purge).
 */
async function missingPhase(requests: number): Promise<MissingPhaseResult> {
  let clock = Date.now();
  const ttlMs = 86_400_000;
  const service = createReturnsService({
    clock: () => clock,
    idempotency: { ttlMs },
    retention: { intervalMs: 200 },
  });
  await service.ready();
  const principal = portal("customer-404");
  const missing = "ret_01JZZZZZZZZZZZZZZZZZZZZZZZ";
  const patch = async (key: string) =>
    service
      .updateDraft(missing, { reason: PATCH_REASONS[0] }, { principal, idempotencyKey: key })
      .catch((error: ProblemError) => {
        if (error.status !== 404) throw error;
      });
  for (let i = 0; i < 200; i++) await patch(`warm-${i}`);
  clock += ttlMs + 1;
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const origin = performance.now();
  const before = sample(origin);
  for (let i = 0; i < requests; i++) await patch(`missing-${i}`);
  const after = sample(origin);
  clock += ttlMs + 1;
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const expired = sample(origin);
  await service.close();
  return { requests, before, after, expired };
}

process.on(
  "message",
  async (
    message:
      | { phase: "returns"; count: number; submit?: boolean }
      | { phase: "draft"; patches: number; maxHistoryEntries?: number }
      | { phase: "missing"; requests: number }
      | ({ phase: "steady" } & Parameters<typeof steadyPhase>[0]),
  ) => {
    try {
      const result =
        message.phase === "returns"
          ? await returnsPhase(message.count, message.submit)
          : message.phase === "draft"
            ? await draftPhase(message.patches, message.maxHistoryEntries)
            : message.phase === "missing"
              ? await missingPhase(message.requests)
              : await steadyPhase(message);
      process.send!({ ok: true, result }, () => process.exit(0));
    } catch (error) {
      process.send!(
        {
          ok: false,
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        },
        () => process.exit(1),
      );
    }
  },
);
