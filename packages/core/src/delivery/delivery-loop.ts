/**
 * @module delivery/delivery-loop — when the dispatcher looks for work.
 *
 * The loop wakes when a commit creates deliveries (`onDeliveriesCreated`) or an attempt
 * finishes, sleeps until the earliest retry is due (`nextDeliveryDueAt`), and polls slowly as
 * a safety net for work it cannot hear about (another process's retries, leases of a process
 * that died).
 */
import type { ReturnsStore } from "../store/types";
import type { Launcher } from "./claim-and-launch";
import type { DispatcherLogger } from "./dispatcher-options";
import type { ReportError } from "./error-report";

/** After a store error the loop tries again this soon, or at the next poll if that is sooner. */
const ERROR_BACKOFF_MS = 1_000;

interface DeliveryLoopParts {
  store: ReturnsStore;
  launcher: Launcher;
  ensureReady: () => Promise<void>;
  dispatcherId: string;
  clock: { now(): number };
  /** Endpoint ids of the subscribers this process runs: others' deliveries never wake it. */
  subscribers: readonly string[];
  pollIntervalMs: number;
  logger: DispatcherLogger;
  report: ReportError;
}

interface DeliveryLoop {
  /** True between `start` and `stop`. */
  readonly running: boolean;
  /** Starts the loop (idempotent). */
  start(): void;
  /** Looks for work now, if the loop is running. */
  wake(): void;
  /** Stops looking for work and waits for the round and the attempts in flight. */
  stop(): Promise<void>;
}

export function createDeliveryLoop(parts: DeliveryLoopParts): DeliveryLoop {
  const { store, launcher, logger, report, pollIntervalMs } = parts;
  let running = false;
  let unsubscribe: (() => void) | undefined;
  const alarm = createAlarm(() => wake());
  /** The pump in progress, if any, for stop() to wait on. */
  let pumping: Promise<void> | undefined;
  /**
   * True from the moment a pump starts until its last look at `wakeRequested`, cleared in the
   * same tick as that look: a wake in between is never lost.
   */
  let pumpActive = false;
  let wakeRequested = false;

  function wake() {
    if (!running) return;
    if (pumpActive) {
      wakeRequested = true;
      return;
    }
    pumpActive = true;
    const current: Promise<void> = pump()
      // pump catches what it expects; anything else is a defect, reported rather than unhandled.
      .catch((error) => report(error, { operation: "claim" }))
      .finally(() => {
        if (pumping === current) pumping = undefined;
      });
    pumping = current;
  }

  function sleep(ms: number) {
    logger.trace?.(
      { dispatcher_id: parts.dispatcherId, wake_in_ms: ms },
      "webhook dispatcher idle",
    );
    alarm.set(ms);
  }

  async function pump(): Promise<void> {
    try {
      await pumpRounds();
    } finally {
      pumpActive = false;
    }
  }

  async function pumpRounds(): Promise<void> {
    // A due time that is already past but could not be claimed is either a race with the
    // clock (it became due just after the claim) or a delivery leased elsewhere or waiting on
    // a disabled endpoint: look once more, then leave it to the poll.
    let rechecked = false;
    do {
      wakeRequested = false;
      alarm.clear();
      try {
        await parts.ensureReady();
      } catch {
        // Reported by ensureReady; try again shortly.
        if (running) sleep(Math.min(ERROR_BACKOFF_MS, pollIntervalMs));
        return;
      }
      try {
        // With every slot busy, the next completion wakes the loop; no timer needed.
        if (!running || (await fillSlots()) || wakeRequested) continue;
        const delay = await msUntilDue(parts);
        // With attempts in flight, a past due time is most likely one of them, and their
        // completion wakes the loop anyway.
        if (delay === 0 && !rechecked && launcher.inFlightCount() === 0) {
          rechecked = true;
          wakeRequested = true;
        } else if (running && !wakeRequested) sleep(delay === 0 ? pollIntervalMs : delay);
      } catch (error) {
        report(error, { operation: "claim" });
        if (running && !wakeRequested) sleep(Math.min(ERROR_BACKOFF_MS, pollIntervalMs));
      }
    } while (running && wakeRequested);
  }

  /** Claims until the slots are full (true) or nothing more is due (false). */
  async function fillSlots(): Promise<boolean> {
    while (running) {
      const round = await launcher.claimAndLaunch();
      if (!round.full) return false;
      if (round.attempts.length === 0) break;
    }
    return true;
  }

  return {
    wake,
    get running() {
      return running;
    },
    start() {
      if (running) return;
      running = true;
      unsubscribe = store.onDeliveriesCreated?.(wake);
      wake();
    },
    async stop() {
      running = false;
      unsubscribe?.();
      unsubscribe = undefined;
      alarm.clear();
      await pumping;
      // A pump that was mid-claim may have launched more after it returned.
      await launcher.settleAll();
      alarm.clear();
    },
  };
}

/** Ms until the earliest pending delivery is due (0 when already due), capped at the poll interval. */
async function msUntilDue({
  store,
  clock,
  subscribers,
  pollIntervalMs,
  report,
}: DeliveryLoopParts): Promise<number> {
  if (!store.nextDeliveryDueAt) return pollIntervalMs;
  let due: number | null;
  try {
    due = await store.nextDeliveryDueAt(clock.now(), subscribers);
  } catch (error) {
    report(error, { operation: "next_due" });
    return pollIntervalMs;
  }
  if (due === null) return pollIntervalMs;
  return Math.min(pollIntervalMs, Math.max(0, due - clock.now()));
}

/** One pending timer at most: setting it again replaces the previous one. */
function createAlarm(ring: () => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const clear = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return {
    clear,
    set(ms: number) {
      clear();
      timer = setTimeout(() => {
        timer = undefined;
        ring();
      }, ms);
    },
  };
}
