/**
 * @module scheduler/timer-scheduler — the returns' timers fired when due: claims them from the
 * store under a lease (`store.claimDueTimers`), fires each (`fireTimer`: the firing commit,
 * which the store refuses when another process fired it first), and sleeps until the next one
 * is due (`store.nextTimerDueAt`) or the poll interval, which also covers timers other
 * processes set.
 *
 * A firing that throws (its handler, the store) is reported and left to its lease: the timer
 * stays set, and is claimed again — here or elsewhere — once the lease runs out. A process that
 * dies holding timers loses none the same way. One per service, started and stopped by the host
 * like the webhook dispatcher; `stop()` waits for the round in flight.
 */
import { newPrefixedId } from "../domain/ids";
import type { ReportError } from "../observability/logging/failures";
import type { FiringOutcome } from "../returns/timer-firing";
import type { ReturnsStore, Timer } from "../store/types";

export interface TimerSchedulerSettings {
  /** How long a claimed timer is held before another process may fire it; a failed firing's back-off. */
  leaseMs: number;
  /** The longest the scheduler sleeps before looking again. */
  pollIntervalMs: number;
  /** Timers claimed at a time. */
  batchSize: number;
}

export const DEFAULT_TIMER_SCHEDULER: TimerSchedulerSettings = {
  leaseMs: 60_000,
  pollIntervalMs: 15_000,
  batchSize: 16,
};

/** After a store error the scheduler looks again this soon, or at the next poll if sooner. */
const ERROR_BACKOFF_MS = 1_000;

interface TimerSchedulerParts {
  store: ReturnsStore;
  /** Commits one timer's firing (`returns/timer-firing.ts:fireTimer`). */
  fireTimer: (timer: Timer) => Promise<FiringOutcome>;
  /** Awaited before each round: the store may need its migrations first. */
  ensureReady: () => Promise<void>;
  /** The service's clock, epoch ms: what "due" is measured against. */
  now: () => number;
  reportError: ReportError;
  scheduler?: Partial<TimerSchedulerSettings>;
}

export interface TimerScheduler {
  /** This instance's lease holder id (`tms_…`, one per service). */
  readonly id: string;
  /** True between `start` and `stop`. */
  readonly running: boolean;
  /** Starts firing timers as they fall due (idempotent). */
  start(): void;
  /** Stops looking for timers and waits for the firings in flight. */
  stop(): Promise<void>;
  /**
   * Claims and fires every timer due now, once (whether or not the scheduler runs): for tests
   * and scripts. Resolves with the number of firings that committed.
   */
  fireDue(): Promise<number>;
}

/** The scheduler, and what the service tells it: a timer due now was set in this process. */
interface ServiceTimerScheduler extends TimerScheduler {
  /** Looks at once instead of at the next poll (a running scheduler between rounds). */
  nudge(): void;
}

export function createTimerScheduler(parts: TimerSchedulerParts): ServiceTimerScheduler {
  const settings = { ...DEFAULT_TIMER_SCHEDULER, ...parts.scheduler };
  const id = newPrefixedId("tms");
  let running = false;
  let alarm: ReturnType<typeof setTimeout> | undefined;
  /** A timer due now was set during a round, which may have looked before it. */
  let nudged = false;
  let round: Promise<void> | undefined;

  const fail = (error: unknown, operation: string, returnId?: string) =>
    parts.reportError(
      error,
      { source: "scheduler", operation, returnId },
      `timer scheduler: ${operation} failed`,
    );

  /** Claims and fires due timers until a claim comes back short, or `keepGoing` says stop. */
  async function fireAllDue(keepGoing: () => boolean): Promise<number> {
    await parts.ensureReady();
    let fired = 0;
    for (;;) {
      const claimed = await parts.store.claimDueTimers({
        workerId: id,
        now: parts.now(),
        limit: settings.batchSize,
        leaseMs: settings.leaseMs,
      });
      for (const timer of claimed) {
        try {
          if ((await parts.fireTimer(timer)) === "fired") fired++;
        } catch (error) {
          fail(error, "fire", timer.return_id);
        }
      }
      if (claimed.length < settings.batchSize || !keepGoing()) return fired;
    }
  }

  async function runRound(): Promise<void> {
    nudged = false;
    let delay: number;
    try {
      await fireAllDue(() => running);
      delay = await msUntilDue();
    } catch (error) {
      fail(error, "claim");
      delay = Math.min(ERROR_BACKOFF_MS, settings.pollIntervalMs);
    }
    if (running) alarm = setTimeout(wake, nudged ? 0 : delay);
  }

  async function msUntilDue(): Promise<number> {
    const now = parts.now();
    const due = await parts.store.nextTimerDueAt?.(now);
    if (due === undefined || due === null) return settings.pollIntervalMs;
    // Everything due was just claimed: a due time already past is one that fell due meanwhile,
    // or a lease ending on a clock of the store's own. Look again soon, not at once.
    const wait = due > now ? due - now : ERROR_BACKOFF_MS;
    return Math.min(settings.pollIntervalMs, wait);
  }

  function wake() {
    alarm = undefined;
    if (!running || round) return;
    round = runRound().finally(() => {
      round = undefined;
    });
  }

  return {
    id,
    get running() {
      return running;
    },
    start() {
      if (running) return;
      running = true;
      wake();
    },
    async stop() {
      running = false;
      if (alarm !== undefined) clearTimeout(alarm);
      alarm = undefined;
      await round;
    },
    fireDue: () => fireAllDue(() => true),
    nudge() {
      // Mid-round, the round looks again as soon as it ends.
      nudged = true;
      if (alarm === undefined) return;
      clearTimeout(alarm);
      wake();
    },
  };
}
