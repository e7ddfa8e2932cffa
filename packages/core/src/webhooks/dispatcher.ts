/**
 * @module webhooks/dispatcher — delivers the outbox to webhook endpoints (SPEC 8).
 *
 * At least once to every subscribed endpoint, in position order per return per endpoint.
 * The order comes from the store: it hands out only the head of each (return, endpoint)
 * queue and keeps it leased until its attempt is recorded, so a return whose receiver is
 * failing holds back only its own later events, never another return's.
 *
 * The loop wakes when a commit creates deliveries (`onDeliveriesCreated`), sleeps until the
 * earliest retry is due (`nextDeliveryDueAt`), and polls slowly as a safety net for work it
 * cannot hear about (another process's retries, leases of a process that died).
 */
import { newPrefixedId } from "../ids";
import { checkOptions } from "../options/check";
import type {
  ClaimedDelivery,
  DeliveryAttempt,
  DeliveryOutcome,
  OutboxEvent,
  WebhookEndpoint,
} from "../store/types";
import {
  DEFAULT_TIMEOUT_MS,
  type DispatcherErrorContext,
  dispatcherOptionsSchema,
  type WebhookDispatcherOptions,
} from "./dispatcher-options";
import { toWebhookEndpoint, type WebhookEndpointInput } from "./endpoints";
import {
  DEFAULT_RETRY_SCHEDULE,
  outcomeAfterFailure,
  validateRetrySchedule,
} from "./retry-schedule";
import { createWebhookSender } from "./send-webhook";
import { webhookHeaders } from "./signer";

export type {
  DispatcherErrorContext,
  DispatcherLogger,
  DispatcherOperation,
  WebhookDispatcherOptions,
} from "./dispatcher-options";
export type { WebhookEndpointInput } from "./endpoints";

export interface DrainOptions {
  /** Reject if the outbox is not drained within this many ms of real time. Default 30 000. */
  timeoutMs?: number;
}

export interface WebhookDispatcher {
  /** This instance's lease holder id (unique per dispatcher, so per process). */
  readonly id: string;
  /**
   * Resolves once the store is initialised and the endpoints from options are saved. Lazy:
   * the work starts on first access (or on `start`, `deliverNext`, `drain`), so a host can
   * initialise the store first.
   */
  readonly ready: Promise<void>;
  /** Starts the delivery loop (idempotent). */
  start(): void;
  /**
   * Stops the loop, waits for attempts in flight and closes pooled connections; no timer is
   * left behind.
   */
  stop(): Promise<void>;
  /**
   * Delivers until nothing is due now and nothing is in flight. Deliveries waiting for a
   * later retry do not hold it up. Rejects after `timeoutMs`.
   */
  drain(options?: DrainOptions): Promise<void>;
  /** One claim-and-deliver round; resolves with the number of attempts made. */
  deliverNext(): Promise<number>;
  /** Revives the dead deliveries of one event (optionally to one endpoint); returns how many. */
  redeliver(eventId: string, options?: { endpointId?: string }): Promise<number>;
  /** Revives every delivery that died at or after `since`; returns how many. */
  recover(options: { since: Date | string }): Promise<number>;
  /** Saves an endpoint, enabled (re-enables one that a 410 disabled). */
  registerEndpoint(input: WebhookEndpointInput): Promise<WebhookEndpoint>;
  /** Removes an endpoint and its pending deliveries; true when it existed. */
  removeEndpoint(id: string): Promise<boolean>;
  listEndpoints(): Promise<WebhookEndpoint[]>;
}

const DEFAULT_CONCURRENCY = 32;
const DEFAULT_POLL_INTERVAL_MS = 5_000;
const DEFAULT_DRAIN_TIMEOUT_MS = 30_000;
/** After a store error the loop tries again this soon, or at the next poll if that is sooner. */
const ERROR_BACKOFF_MS = 1_000;

const USER_AGENT = "returnkit";

export function createWebhookDispatcher(options: WebhookDispatcherOptions): WebhookDispatcher {
  // Throws InvalidOptionsError naming every bad option (leaseMs must exceed timeoutMs: the
  // order guarantee rests on a lease never running out mid-attempt).
  checkOptions(dispatcherOptionsSchema, options, "webhook dispatcher options");
  const { store } = options;
  const dispatcherId = newPrefixedId("dsp");
  const schedule = validateRetrySchedule(options.retrySchedule ?? DEFAULT_RETRY_SCHEDULE);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const leaseMs = options.leaseMs ?? Math.max(60_000, 2 * timeoutMs + 5_000);
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  const batchSize = options.batchSize ?? concurrency;
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  const clock = options.clock ?? Date;
  const random = options.random ?? Math.random;
  const logger = options.logger ?? {};
  const sender = createWebhookSender({
    timeoutMs,
    fetch: options.fetch,
    onUndiciUnavailable: (error) =>
      logger.warn?.("webhook dispatcher: undici could not be loaded, sending with fetch", {
        dispatcherId,
        error,
      }),
  });
  // Checked with the options (each once, with a URL and a secret): nothing fails later.
  const configuredEndpoints = (options.endpoints ?? []).map((input) =>
    toWebhookEndpoint(input, clock.now()),
  );

  function report(error: unknown, context: Omit<DispatcherErrorContext, "dispatcherId">) {
    const full = { ...context, dispatcherId };
    try {
      if (options.onError) options.onError(error, full);
      else if (logger.error)
        logger.error(`webhook dispatcher: ${context.operation} failed`, { ...full, error });
      else
        console.error(`[returnkit] webhook dispatcher: ${context.operation} failed`, full, error);
    } catch {
      // A failing error hook must not take the loop down with it.
    }
  }

  // ------------------------------------------------------------------ endpoints from options

  let readyPromise: Promise<void> | undefined;
  function ensureReady(): Promise<void> {
    if (!readyPromise) {
      const saving = saveConfiguredEndpoints();
      readyPromise = saving;
      // Observed here so a failure nobody awaits is not an unhandled rejection; forgotten so
      // that the next use tries again (the store may have been briefly unreachable).
      saving.catch((error) => {
        if (readyPromise === saving) readyPromise = undefined;
        report(error, { operation: "save_endpoints" });
      });
    }
    return readyPromise;
  }

  async function saveConfiguredEndpoints() {
    await Promise.all([store.init?.(), sender.prepare()]);
    if (configuredEndpoints.length === 0) return;
    const existing = new Map((await store.listEndpoints()).map((e) => [e.id, e]));
    for (const endpoint of configuredEndpoints) {
      const previous = existing.get(endpoint.id);
      // A restart must not silently re-enable an endpoint a 410 disabled: only an explicit
      // registerEndpoint does that.
      await store.saveEndpoint(
        previous
          ? {
              ...endpoint,
              enabled: previous.enabled,
              disabled_reason: previous.disabled_reason,
              created_at: previous.created_at,
            }
          : endpoint,
      );
    }
  }

  // ------------------------------------------------------------------ attempts

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

  function nextSettle(): Promise<void> {
    return new Promise((resolve) => settledWaiters.push(resolve));
  }

  const freeSlots = () => concurrency - inFlight.size - reserved;
  const idle = () => inFlight.size === 0 && reserved === 0;

  /** Claims up to `limit` due deliveries, holding their slots while the store answers. */
  async function claim(limit: number): Promise<ClaimedDelivery[]> {
    reserved += limit;
    try {
      return await store.claimDeliveries({ dispatcherId, now: clock.now(), limit, leaseMs });
    } finally {
      reserved -= limit;
      signalSettled();
    }
  }

  function launch(claimed: ClaimedDelivery): Promise<void> {
    const attempt = attemptDelivery(claimed)
      .catch((error) => report(error, { operation: "attempt", deliveryId: claimed.delivery.id }))
      .finally(() => {
        inFlight.delete(attempt);
        signalSettled();
        // The head just recorded may have uncovered the next event of its return.
        wake();
      });
    inFlight.add(attempt);
    return attempt;
  }

  /**
   * Serialised once per event object: a store that hands out the same (immutable) event for
   * every endpoint and retry, as the memory store does, is not stringified again each time.
   */
  const bodies = new WeakMap<OutboxEvent, string>();
  function bodyOf(event: OutboxEvent): string {
    let body = bodies.get(event);
    if (body === undefined) {
      body = JSON.stringify(event.payload);
      bodies.set(event, body);
    }
    return body;
  }

  async function attemptDelivery({ delivery, event, endpoint }: ClaimedDelivery): Promise<void> {
    const startedAt = clock.now();
    const body = bodyOf(event);
    // Stamped per attempt: receivers reject stale timestamps, the id stays the event's.
    const signed = webhookHeaders(endpoint.secrets, event.id, Math.floor(startedAt / 1000), body);
    const result = await sender.send({
      url: endpoint.url,
      body,
      headers: {
        "webhook-id": signed["webhook-id"],
        "webhook-timestamp": signed["webhook-timestamp"],
        "webhook-signature": signed["webhook-signature"],
        "content-type": "application/json",
        "user-agent": USER_AGENT,
      },
    });
    const endedAt = clock.now();
    const attemptsMade = delivery.attempt_count + 1;
    const gone = result.status === 410;
    const attempt: DeliveryAttempt = {
      at: new Date(startedAt).toISOString(),
      status: result.status,
      error: gone ? "410 Gone: endpoint disabled" : result.error,
      duration_ms: result.durationMs,
    };
    let outcome: DeliveryOutcome = result.ok
      ? { kind: "delivered" }
      : outcomeAfterFailure(
          {
            // A 410 never dead-letters (should disabling fail, it keeps the schedule's last wait).
            attemptsMade: gone ? Math.min(attemptsMade, schedule.length - 1) : attemptsMade,
            status: result.status,
            retryAfter: result.retryAfter,
            now: endedAt,
          },
          schedule,
          random,
        );

    if (gone) {
      // Disabled before the attempt is recorded, so the lease on this return's queue is
      // released only once nothing more will be claimed for the endpoint. Its deliveries stay
      // pending, this one due at once, and resume in order if the endpoint is registered again.
      try {
        await store.disableEndpoint(endpoint.id, "410 Gone");
        outcome = { kind: "retry", next_attempt_at: endedAt };
        logger.warn?.("webhook endpoint disabled after 410 Gone", {
          endpointId: endpoint.id,
          url: endpoint.url,
        });
      } catch (error) {
        report(error, {
          operation: "disable_endpoint",
          endpointId: endpoint.id,
          deliveryId: delivery.id,
        });
      }
    }

    let recorded: boolean;
    try {
      recorded = await store.recordDeliveryAttempt({
        deliveryId: delivery.id,
        dispatcherId,
        attempt,
        outcome,
      });
    } catch (error) {
      // The lease runs out and the delivery is attempted again: at least once, not exactly once.
      report(error, { operation: "record_attempt", deliveryId: delivery.id });
      return;
    }
    if (!recorded) {
      logger.warn?.("webhook attempt not recorded: the delivery's lease was lost", {
        deliveryId: delivery.id,
      });
      return;
    }
    // Built only for a logger that will take it: this runs once per attempt.
    const fields = () => ({
      deliveryId: delivery.id,
      eventId: event.id,
      endpointId: endpoint.id,
      attempt: attemptsMade,
    });
    if (outcome.kind === "delivered")
      logger.debug?.("webhook delivered", { ...fields(), status: result.status });
    else if (outcome.kind === "dead")
      logger.warn?.("webhook dead-lettered", {
        ...fields(),
        status: result.status,
        error: attempt.error,
      });
    else
      logger.debug?.("webhook attempt failed", {
        ...fields(),
        status: result.status,
        error: attempt.error,
        nextAttemptAt: outcome.next_attempt_at,
      });
  }

  async function deliverNext(): Promise<number> {
    await ensureReady();
    while (freeSlots() <= 0) await nextSettle();
    const claimed = await claim(Math.min(batchSize, freeSlots()));
    await Promise.all(claimed.map(launch));
    return claimed.length;
  }

  // ------------------------------------------------------------------ the loop

  let running = false;
  let unsubscribe: (() => void) | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
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

  function clearTimer() {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  }

  function sleep(ms: number) {
    clearTimer();
    logger.debug?.("webhook dispatcher idle", { dispatcherId, wakeInMs: ms });
    timer = setTimeout(() => {
      timer = undefined;
      wake();
    }, ms);
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
      clearTimer();
      try {
        await ensureReady();
      } catch {
        // Reported by ensureReady; try again shortly.
        if (running) sleep(Math.min(ERROR_BACKOFF_MS, pollIntervalMs));
        return;
      }
      try {
        let filled = true;
        while (running) {
          const slots = Math.min(batchSize, freeSlots());
          if (slots <= 0) break;
          const claimed = await claim(slots);
          // Launched even when stop() came during the claim: they are leased to us now.
          for (const item of claimed) launch(item);
          if (claimed.length < slots) {
            filled = false;
            break;
          }
        }
        // With every slot busy, the next completion wakes the loop; no timer needed.
        if (!running || filled || wakeRequested) continue;
        const delay = await sleepFor();
        // With attempts in flight, a past due time is most likely one of them, and their
        // completion wakes the loop anyway.
        if (delay === 0 && !rechecked && inFlight.size === 0) {
          rechecked = true;
          wakeRequested = true;
        } else if (running && !wakeRequested) sleep(delay === 0 ? pollIntervalMs : delay);
      } catch (error) {
        report(error, { operation: "claim" });
        if (running && !wakeRequested) sleep(Math.min(ERROR_BACKOFF_MS, pollIntervalMs));
      }
    } while (running && wakeRequested);
  }

  /** Ms until the earliest pending delivery is due (0 when already due), capped at the poll interval. */
  async function sleepFor(): Promise<number> {
    if (!store.nextDeliveryDueAt) return pollIntervalMs;
    let due: number | null;
    try {
      due = await store.nextDeliveryDueAt(clock.now());
    } catch (error) {
      report(error, { operation: "next_due" });
      return pollIntervalMs;
    }
    if (due === null) return pollIntervalMs;
    return Math.min(pollIntervalMs, Math.max(0, due - clock.now()));
  }

  function start() {
    if (running) return;
    running = true;
    unsubscribe = store.onDeliveriesCreated?.(wake);
    wake();
  }

  async function stop() {
    running = false;
    unsubscribe?.();
    unsubscribe = undefined;
    clearTimer();
    await pumping;
    await Promise.allSettled([...inFlight]);
    // A pump that was mid-claim may have launched more after the first wait.
    while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    clearTimer();
    // Idle keep-alive connections would otherwise linger until the receiver closes them.
    await sender.close();
  }

  async function drain(drainOptions: DrainOptions = {}) {
    const limitMs = drainOptions.timeoutMs ?? DEFAULT_DRAIN_TIMEOUT_MS;
    let deadlineTimer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_, reject) => {
      deadlineTimer = setTimeout(
        () => reject(new Error(`webhook dispatcher: outbox not drained within ${limitMs} ms`)),
        limitMs,
      );
    });
    let timedOut = false;
    deadline.catch(() => {
      timedOut = true;
    });
    const drained = (async () => {
      await ensureReady();
      while (!timedOut) {
        // Refilled as each attempt finishes, not batch by batch: a slow receiver holds up
        // only its own slot.
        const slots = Math.min(batchSize, freeSlots());
        const claimed = slots > 0 ? await claim(slots) : [];
        for (const item of claimed) launch(item);
        // A full claim may have left more that is due now.
        if (claimed.length > 0 && claimed.length === slots) continue;
        if (claimed.length === 0 && idle()) return;
        await nextSettle();
      }
    })();
    try {
      await Promise.race([drained, deadline]);
    } finally {
      clearTimeout(deadlineTimer);
    }
  }

  return {
    id: dispatcherId,
    get ready() {
      return ensureReady();
    },
    start,
    stop,
    drain,
    deliverNext,

    async redeliver(eventId, redeliverOptions = {}) {
      const revived = await store.redeliver({
        eventId,
        endpointId: redeliverOptions.endpointId,
        now: clock.now(),
      });
      if (revived > 0) wake();
      return revived;
    },

    async recover({ since }) {
      const sinceIso =
        typeof since === "string" ? new Date(since).toISOString() : since.toISOString();
      const revived = await store.redeliver({ since: sinceIso, now: clock.now() });
      if (revived > 0) wake();
      return revived;
    },

    async registerEndpoint(input) {
      const endpoint = toWebhookEndpoint(input, clock.now());
      await ensureReady();
      const previous = (await store.listEndpoints()).find((e) => e.id === endpoint.id);
      const saved = previous ? { ...endpoint, created_at: previous.created_at } : endpoint;
      await store.saveEndpoint(saved);
      // Re-enabling uncovers deliveries that waited for it.
      wake();
      return saved;
    },

    async removeEndpoint(id) {
      await ensureReady();
      return store.removeEndpoint(id);
    },

    async listEndpoints() {
      await ensureReady();
      return store.listEndpoints();
    },
  };
}
