/**
 * @module delivery/claim-and-launch — the dispatcher's slots: claims due deliveries for the
 * free ones and launches an attempt per delivery claimed. The loop, `deliverNext` and
 * `drain` all go through the one `claimAndLaunch`, so a slot is never promised twice.
 */
import type { ClaimedDelivery, ReturnsStore } from "../store/types";
import type { ReportError } from "./error-report";

interface LauncherParts {
  store: ReturnsStore;
  dispatcherId: string;
  clock: { now(): number };
  leaseMs: number;
  /** Endpoint ids of the subscribers this process runs: only their deliveries are claimed. */
  subscribers: readonly string[];
  /** Most attempts in flight at once. */
  concurrency: number;
  /** Most deliveries taken in one claim. */
  batchSize: number;
  attempt: (claimed: ClaimedDelivery) => Promise<void>;
  report: ReportError;
  /** Called as each attempt finishes: the head just recorded may have uncovered the next event. */
  onAttemptDone: () => void;
}

/** One claim-and-launch round. */
export interface Round {
  /** The attempts launched (as many as deliveries were claimed). */
  attempts: Promise<void>[];
  /**
   * True when the claim returned all it asked for (more may be due now), or when no slot was
   * free to ask with: either way a later completion brings the next round.
   */
  full: boolean;
}

export interface Launcher {
  claimAndLaunch(): Promise<Round>;
  /** Slots neither running an attempt nor promised to a claim. */
  freeSlots(): number;
  /** Nothing in flight and no claim outstanding. */
  idle(): boolean;
  /** How many attempts are in flight. */
  inFlightCount(): number;
  /** Resolves when the next attempt or claim finishes. */
  nextSettle(): Promise<void>;
  /** Waits for every attempt in flight, including ones launched while waiting. */
  settleAll(): Promise<void>;
}

export function createLauncher(parts: LauncherParts): Launcher {
  const { store, dispatcherId, clock, leaseMs, concurrency, batchSize } = parts;
  /** Attempts in flight, so stop and drain can wait for them. */
  const inFlight = new Set<Promise<void>>();
  /** Slots promised to claims that have not returned yet. */
  let reserved = 0;
  /** Resolved whenever an attempt or a claim finishes: drain and deliverNext wait on it. */
  let settledWaiters: (() => void)[] = [];

  function signalSettled() {
    const waiters = settledWaiters;
    settledWaiters = [];
    for (const resolve of waiters) resolve();
  }

  const freeSlots = () => concurrency - inFlight.size - reserved;

  /**
   * Claims up to `limit` due deliveries and launches them, holding their slots while the
   * store answers. The slots are released in the same step that launches the claimed ones,
   * so no one sees the dispatcher idle while deliveries it claimed wait to be launched.
   */
  async function claimAndLaunchUpTo(limit: number): Promise<Promise<void>[]> {
    reserved += limit;
    let claimed: ClaimedDelivery[] = [];
    try {
      claimed = await store.claimDeliveries({
        dispatcherId,
        now: clock.now(),
        limit,
        leaseMs,
        subscribers: parts.subscribers,
      });
    } finally {
      reserved -= limit;
      signalSettled();
    }
    // Launched even when the dispatcher stopped during the claim: they are leased to us now.
    return claimed.map(launch);
  }

  function launch(claimed: ClaimedDelivery): Promise<void> {
    const attempt = parts
      .attempt(claimed)
      .catch((error) =>
        parts.report(error, { operation: "attempt", deliveryId: claimed.delivery.id }),
      )
      .finally(() => {
        inFlight.delete(attempt);
        signalSettled();
        parts.onAttemptDone();
      });
    inFlight.add(attempt);
    return attempt;
  }

  return {
    async claimAndLaunch() {
      // Slots are reserved before the first await, so concurrent rounds never overcommit.
      const slots = Math.min(batchSize, freeSlots());
      if (slots <= 0) return { attempts: [], full: true };
      const attempts = await claimAndLaunchUpTo(slots);
      return { attempts, full: attempts.length === slots };
    },
    freeSlots,
    idle: () => inFlight.size === 0 && reserved === 0,
    inFlightCount: () => inFlight.size,
    nextSettle: () => new Promise((resolve) => settledWaiters.push(resolve)),
    async settleAll() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
