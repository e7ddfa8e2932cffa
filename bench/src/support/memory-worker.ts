/**
 * @module bench/support/memory-worker — the two memory measurements, each in a fresh
 * process started with --expose-gc (forked by bench/src/memory.ts), reporting over IPC.
 *
 *   returns  RSS and heap before and after creating N returns through the service
 *   steady   a keyed write load with a short idempotency TTL, with or without purging
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

async function returnsPhase(count: number): Promise<ReturnsPhaseResult> {
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
    await service.createReturn(CREATE, {
      principal: portal(`customer-${i % 1_000}`),
      idempotencyKey: `create-${i}`,
    });
  }
  const seconds = (performance.now() - origin) / 1000;
  const page = await service.store.listReturns({ limit: count + 1 });
  if (page.data.length !== count) throw new Error(`store holds ${page.data.length} returns`);
  page.data.length = 0;
  const after = sample(origin);
  // Keep the service reachable until after the reading.
  if (!service.store) throw new Error("unreachable");
  return { count, before, after, seconds };
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
    await service.cancel(record.id, { principal, idempotencyKey: `x-${i}` });
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
      await service.advance(id, "approve", { principal: merchant, idempotencyKey }, body);
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

process.on(
  "message",
  async (
    message:
      | { phase: "returns"; count: number }
      | ({ phase: "steady" } & Parameters<typeof steadyPhase>[0]),
  ) => {
    try {
      const result =
        message.phase === "returns"
          ? await returnsPhase(message.count)
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
