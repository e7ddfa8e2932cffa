/**
 * @module store/retention — the service runs `store.purge` by itself, so expired idempotency
 * records and old delivered webhooks go whatever store backs it and whether or not the host
 * remembers to purge.
 *
 * One timer per service, `unref()`ed so it never keeps a process alive. A run purges in
 * batches until the store reports nothing left (or a bound on batches, the rest waiting for
 * the next interval); a run still going when the interval comes round again is not
 * overlapped; a failure is reported and the next interval tries again. `stop()` clears the
 * timer and waits for a run under way, so the store is never closed under it.
 */

import type { ReturnsStore } from "./types";

export interface RetentionSettings {
  /** How often the service purges, in ms. 0 turns the service's own purging off. */
  intervalMs: number;
  /** How long delivered webhook deliveries (and events nothing waits for) are kept, in ms. */
  deliveredTtlMs: number;
  /** Rows one `purge` call may delete. */
  batchSize: number;
  /**
   * Days after a return finished (closed, cancelled, rejected) when its personal fields are
   * erased; null (the default) keeps them until someone asks.
   */
  personalDataDays: number | null;
}

export const DEFAULT_RETENTION: RetentionSettings = {
  intervalMs: 60_000,
  deliveredTtlMs: 86_400_000,
  batchSize: 1_000,
  personalDataDays: null,
};

/**
 * Purge calls in one run at most: a store that keeps finding rows (a flood of writes)
 * cannot hold a run open for ever; what is left goes at the next interval.
 */
const MAX_BATCHES_PER_RUN = 100;

interface RetentionSchedule {
  /** Clears the timer and resolves once a run under way has finished. */
  stop(): Promise<void>;
}

interface RetentionOptions {
  store: ReturnsStore;
  settings: RetentionSettings;
  /** The service's clock (epoch ms). */
  now: () => number;
  /** Awaited before each run: the store may need its migrations first. */
  ready: () => Promise<void>;
  /**
   * Told of a run that failed (the next interval tries again). The service reports it as any
   * failure; the store layer sits below logging, so it is handed a plain callback.
   */
  onRunFailed: (error: unknown) => void;
  /** Run after each purge (the personal data retention's sweep), failures reported alike. */
  afterPurge?: (() => Promise<unknown>) | undefined;
}

export function scheduleRetention(options: RetentionOptions): RetentionSchedule {
  const { store, settings, now } = options;
  let running: Promise<void> | null = null;

  async function purgeAll(): Promise<void> {
    await options.ready();
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
      const at = now();
      const removed = await store.purge({
        now: at,
        deliveredBefore: at - settings.deliveredTtlMs,
        limit: settings.batchSize,
      });
      if (removed === 0) return;
    }
  }

  function tick() {
    if (running) return;
    running = purgeAll()
      .then(async () => {
        await options.afterPurge?.();
      })
      .catch((error: unknown) => options.onRunFailed(error))
      .finally(() => {
        running = null;
      });
  }

  if (settings.intervalMs === 0) return { stop: async () => {} };
  const timer = setInterval(tick, settings.intervalMs);
  timer.unref?.();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
