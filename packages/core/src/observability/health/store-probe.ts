/**
 * @module observability/health/store-probe — what the health check and the outbox lag gauge ask the store,
 * asked once at a time per process and reused for `cacheMs`.
 *
 * `GET /v1/health` is public: without this, each call would cost the database its own check,
 * and a flood of them would hold every pooled connection, starving the API and answering
 * `fail` for a database that is up. Concurrent callers share the check in flight; each waits
 * for it at most `timeoutMs`, and a check that outlives its callers still ends before the next
 * begins (the store's own statement timeout bounds it).
 */
import type { ReturnsStore, StoreHealth } from "../../store/types";
import { type Bounded, within } from "../../util/within";

interface StoreProbeSetup {
  store: ReturnsStore;
  /** Endpoint ids of the subscribers this process runs (their deliveries count in the lag). */
  subscribers: readonly string[];
  now: () => number;
  /** A caller waits at most this long; the store is asked to stop its queries after half of it. */
  timeoutMs: number;
  /** A settled check answers every caller for this long (0: only the callers that shared it). */
  cacheMs: number;
}

/** One check of the store: when it started, and what it found, each part bounded in time. */
export interface StoreProbeResult {
  at: number;
  health: Bounded<StoreHealth>;
  /** Seconds the longest-waiting claimable delivery has been due; null: the store cannot tell. */
  lagSeconds: Bounded<number | null>;
}

export type StoreProbe = () => Promise<StoreProbeResult>;

const UNMEASURED = { ok: false, reason: "error", error: undefined } as const;

/** A check that never settles is given up after this many timeouts, so health cannot freeze. */
const ABANDON_AFTER_TIMEOUTS = 5;

export function createStoreProbe(setup: StoreProbeSetup): StoreProbe {
  let inFlight: { startedAt: number; result: Promise<StoreProbeResult> } | undefined;
  let last: { settledAt: number; result: StoreProbeResult } | undefined;

  function start(): Promise<StoreProbeResult> {
    const startedAt = setup.now();
    const result = checkStore(setup, startedAt);
    const current = { startedAt, result };
    inFlight = current;
    void result.then((settled) => {
      if (inFlight === current) inFlight = undefined;
      last = { settledAt: setup.now(), result: settled };
    });
    return result;
  }

  return async function probeStore(): Promise<StoreProbeResult> {
    const now = setup.now();
    if (last && now - last.settledAt < setup.cacheMs) return last.result;
    const stale = inFlight && now - inFlight.startedAt > setup.timeoutMs * ABANDON_AFTER_TIMEOUTS;
    const result = inFlight && !stale ? inFlight.result : start();
    const answered = await within(setup.timeoutMs, () => result);
    if (answered.ok) return answered.value;
    const timedOut = { ok: false, reason: "timeout" } as const;
    return { at: now, health: timedOut, lagSeconds: timedOut };
  };
}

/** Never rejects: each part's failure is in its `Bounded`. */
async function checkStore(setup: StoreProbeSetup, at: number): Promise<StoreProbeResult> {
  const { store, subscribers, timeoutMs } = setup;
  // The store stops its queries after half the wait: a lag too slow to measure is then
  // reported as such within the wait, instead of the caller giving up on the whole store.
  const probe = { now: at, subscribers, timeoutMs: Math.max(1, Math.floor(timeoutMs / 2)) };
  const health = await settle(() => (store.health ? store.health(probe) : assumedHealthy()));
  const measured = health.ok ? health.value.oldestDueAt : undefined;
  let lagSeconds: Bounded<number | null>;
  if (measured === "timeout") lagSeconds = { ok: false, reason: "timeout" };
  else if (measured !== undefined) lagSeconds = { ok: true, value: secondsSince(measured, at) };
  // An unreachable store's lag is not measured: asking again would only wait again.
  else if (!health.ok || !health.value.reachable) lagSeconds = UNMEASURED;
  else lagSeconds = await within(timeoutMs, () => lagFromNextDue(store, at, subscribers));
  return { at, health, lagSeconds };
}

/** For a store whose health check does not measure the lag: from `nextDeliveryDueAt`. */
async function lagFromNextDue(
  store: ReturnsStore,
  now: number,
  subscribers: readonly string[],
): Promise<number | null> {
  if (!store.nextDeliveryDueAt) return null;
  const due = await store.nextDeliveryDueAt(now, subscribers);
  return due !== null && due <= now ? secondsSince(due, now) : 0;
}

function secondsSince(dueAt: number | null, now: number): number {
  return dueAt === null ? 0 : Math.max(0, now - dueAt) / 1000;
}

/** A store without a health check is taken at its word: it answers or its operations fail. */
async function assumedHealthy(): Promise<StoreHealth> {
  return { reachable: true, migrationsCurrent: true };
}

async function settle<T>(work: () => Promise<T>): Promise<Bounded<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    return { ok: false, reason: "error", error };
  }
}
