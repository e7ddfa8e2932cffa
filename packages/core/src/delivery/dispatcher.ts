/**
 * @module delivery/dispatcher — delivers the outbox to webhook endpoints and to the
 * subscribers this process runs: the public `WebhookDispatcher`, assembled from one attempt
 * (./attempt), the slots that claim and launch attempts (./claim-and-launch) and the loop
 * that decides when to look for work (./delivery-loop).
 *
 * At least once to every subscribed endpoint, in position order per return per endpoint.
 * The order comes from the store: it hands out only the head of each (return, endpoint)
 * queue and keeps it leased until its attempt is recorded, so a return whose receiver is
 * failing holds back only its own later events, never another return's.
 */
import { newPrefixedId } from "../domain/ids";
import { problems } from "../domain/problems";
import { defaultLogger } from "../observability/logging/console-logger";
import { createFailureReporter } from "../observability/logging/failures";
import type { OutboxEndpoint, Redelivery, WebhookEndpoint } from "../store/types";
import { checkOptions } from "../util/option-checks";
import { createAttempter } from "./attempt";
import { createLauncher, type Launcher } from "./claim-and-launch";
import { createReadiness } from "./configured-endpoints";
import { createDeliveryLoop } from "./delivery-loop";
import { type DestinationPolicy, destinationPolicy } from "./destinations";
import {
  DEFAULT_TIMEOUT_MS,
  dispatcherOptionsSchema,
  type WebhookDispatcherOptions,
} from "./dispatcher-options";
import { toWebhookEndpoint, type WebhookEndpointInput } from "./endpoints";
import { createErrorReporter } from "./error-report";
import { DEFAULT_RETRY_SCHEDULE } from "./retry-schedule";
import { createWebhookSender } from "./send-webhook";
import { createSubscriberCall, subscriberEndpointId, toSubscriberEndpoint } from "./subscribers";
import { sendTestEvent, type TestAttempt } from "./test-event";

export type { WebhookDispatcherOptions } from "./dispatcher-options";
export type { WebhookEndpointInput } from "./endpoints";
export type { SubscriberEvent } from "./subscribers";
export type { TestAttempt } from "./test-event";

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
  /** True while the delivery loop runs: between `start` and `stop` (the health check reports it). */
  readonly running: boolean;
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
  /**
   * Revives the dead deliveries of one event (optionally to one endpoint: a subscriber's is
   * `sub_<name>`); returns how many, and how many it skipped because their endpoint was removed.
   */
  redeliver(eventId: string, options?: { endpointId?: string }): Promise<Redelivery>;
  /**
   * Revives every delivery that died at or after `since`, except those of removed endpoints
   * (counted as skipped); returns how many of each.
   */
  recover(options: { since: Date | string }): Promise<Redelivery>;
  /** Saves an endpoint, enabled (re-enables one that a 410 disabled). */
  registerEndpoint(input: WebhookEndpointInput): Promise<WebhookEndpoint>;
  /**
   * Removes an endpoint and its pending deliveries; true when it existed. A subscriber taken
   * out of the options keeps its endpoint (and gets deliveries) until removed so: `sub_<name>`.
   */
  removeEndpoint(id: string): Promise<boolean>;
  /** Every endpoint in the store: webhooks and subscribers (`kind` tells them apart). */
  listEndpoints(): Promise<OutboxEndpoint[]>;
  /**
   * Sends one signed `webhook.test` event to the endpoint now, stored nowhere, and answers
   * with how it went (status, error, duration). One at a time per endpoint: while one waits
   * for its answer, another to the same endpoint is refused (409 `test-event-in-flight`).
   */
  sendTestEvent(endpoint: WebhookEndpoint): Promise<TestAttempt>;
  /** Where endpoints may point (`allowedDestinations`), for registering them elsewhere. */
  readonly destinations: DestinationPolicy;
  /** Looks for due deliveries now (after an endpoint was enabled again, say). */
  wake(): void;
}

const DEFAULT_CONCURRENCY = 32;
const DEFAULT_POLL_INTERVAL_MS = 5_000;
const DEFAULT_DRAIN_TIMEOUT_MS = 30_000;

export function createWebhookDispatcher(options: WebhookDispatcherOptions): WebhookDispatcher {
  // Throws InvalidOptionsError naming every bad option (leaseMs must exceed timeoutMs: the
  // order guarantee rests on a lease never running out mid-attempt).
  checkOptions(dispatcherOptionsSchema, options, "webhook dispatcher options");
  const { store } = options;
  const clock = { now: options.clock ?? Date.now };
  const { dispatcherId, sender, ensureReady, launcher, loop, destinations, logger } = assemble(
    options,
    clock,
  );
  const sendTest = boundTestEvents(
    (endpoint) => sendTestEvent(sender, endpoint, clock.now(), logger),
    options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  );

  /** Revives dead deliveries and looks for work at once when there are any. */
  async function revive(request: Parameters<typeof store.redeliver>[0]): Promise<Redelivery> {
    const counts = await store.redeliver(request);
    if (counts.revived > 0) loop.wake();
    return counts;
  }

  return {
    id: dispatcherId,
    get ready() {
      return ensureReady();
    },
    get running() {
      return loop.running;
    },
    start: loop.start,
    async stop() {
      await loop.stop();
      // Idle keep-alive connections would otherwise linger until the receiver closes them.
      await sender.close();
    },
    drain: (drainOptions = {}) =>
      drainOutbox(launcher, ensureReady, drainOptions.timeoutMs ?? DEFAULT_DRAIN_TIMEOUT_MS),
    async deliverNext() {
      await ensureReady();
      while (launcher.freeSlots() <= 0) await launcher.nextSettle();
      const { attempts } = await launcher.claimAndLaunch();
      await Promise.all(attempts);
      return attempts.length;
    },
    redeliver: (eventId, redeliverOptions = {}) =>
      revive({ eventId, endpointId: redeliverOptions.endpointId, now: clock.now() }),
    recover({ since }) {
      const sinceIso =
        typeof since === "string" ? new Date(since).toISOString() : since.toISOString();
      return revive({ since: sinceIso, now: clock.now() });
    },
    async registerEndpoint(input) {
      const endpoint = toWebhookEndpoint(input, clock.now(), destinations);
      await ensureReady();
      const previous = (await store.listEndpoints()).find((e) => e.id === endpoint.id);
      const saved = previous ? { ...endpoint, created_at: previous.created_at } : endpoint;
      await store.saveEndpoint(saved);
      // Re-enabling uncovers deliveries that waited for it.
      loop.wake();
      return saved;
    },
    async removeEndpoint(id) {
      await ensureReady();
      return store.removeEndpoint(id);
    },
    async listEndpoints(): Promise<OutboxEndpoint[]> {
      await ensureReady();
      return store.listEndpoints();
    },
    async sendTestEvent(endpoint) {
      await ensureReady();
      return sendTest(endpoint);
    },
    destinations,
    wake: () => loop.wake(),
  };
}

/** The dispatcher's parts, wired together with the defaults of every option left out. */
function assemble(options: WebhookDispatcherOptions, clock: { now(): number }) {
  const { store } = options;
  const dispatcherId = newPrefixedId("dsp");
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  const logger = options.logger ?? defaultLogger();
  const report = createErrorReporter(createFailureReporter(logger, options.onError), dispatcherId);
  const subscribers = options.subscribers ?? [];
  const subscriberIds = subscribers.map((s) => subscriberEndpointId(s.name));
  const destinations = destinationPolicy(options.allowedDestinations);
  const sender = createWebhookSender({
    timeoutMs,
    destinations,
    fetch: options.fetch,
    onUndiciUnavailable: (error) => {
      logger.warn(
        { dispatcher_id: dispatcherId, "error.message": (error as Error)?.message },
        "webhook dispatcher: undici could not be loaded, sending with fetch",
      );
      report(error, { operation: "load_undici" }, { logged: true });
    },
  });
  const ensureReady = createReadiness({
    store,
    sender,
    // Checked with the options (each once, with a URL and a secret): nothing fails later.
    endpoints: [
      ...(options.endpoints ?? []).map((input) =>
        toWebhookEndpoint(input, clock.now(), destinations, "options"),
      ),
      ...subscribers.map((subscriber) => toSubscriberEndpoint(subscriber, clock.now())),
    ],
    report,
  });
  const launcher = createLauncher({
    store,
    dispatcherId,
    clock,
    leaseMs: options.leaseMs ?? Math.max(60_000, 2 * timeoutMs + 5_000),
    subscribers: subscriberIds,
    concurrency,
    batchSize: options.batchSize ?? concurrency,
    attempt: createAttempter({
      store,
      sender,
      callSubscriber: createSubscriberCall(subscribers, timeoutMs),
      dispatcherId,
      // Checked with the other options above; a copy, so the host cannot change it later.
      schedule: Object.freeze([...(options.retrySchedule ?? DEFAULT_RETRY_SCHEDULE)]),
      clock,
      random: options.random ?? Math.random,
      logger,
      report,
    }),
    report,
    // The head just recorded may have uncovered the next event of its return.
    onAttemptDone: () => loop.wake(),
  });
  const loop = createDeliveryLoop({
    store,
    launcher,
    ensureReady,
    dispatcherId,
    clock,
    subscribers: subscriberIds,
    pollIntervalMs: options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS,
    logger,
    report,
  });

  return { dispatcherId, sender, ensureReady, launcher, loop, destinations, logger };
}

/**
 * At most one test event in flight per endpoint: each is an operator's check, and a loop of
 * them would turn the service into a load generator against the receiver.
 */
function boundTestEvents(
  send: (endpoint: WebhookEndpoint) => Promise<TestAttempt>,
  timeoutMs: number,
) {
  /** Endpoint id → when its test event's deadline passes (epoch ms of real time). */
  const inFlight = new Map<string, number>();
  return async (endpoint: WebhookEndpoint): Promise<TestAttempt> => {
    const deadline = inFlight.get(endpoint.id);
    if (deadline !== undefined) {
      throw problems.testEventInFlight(
        endpoint.id,
        Math.max(1, Math.ceil((deadline - Date.now()) / 1000)),
      );
    }
    inFlight.set(endpoint.id, Date.now() + timeoutMs);
    try {
      return await send(endpoint);
    } finally {
      inFlight.delete(endpoint.id);
    }
  };
}

/**
 * Delivers until nothing is due now and nothing is in flight, or rejects after `limitMs`.
 * Refilled as each attempt finishes, not batch by batch: a slow receiver holds up only its
 * own slot.
 */
async function drainOutbox(
  launcher: Launcher,
  ensureReady: () => Promise<void>,
  limitMs: number,
): Promise<void> {
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
      const { attempts, full } = await launcher.claimAndLaunch();
      // A full claim may have left more that is due now.
      if (attempts.length > 0 && full) continue;
      if (attempts.length === 0 && launcher.idle()) return;
      await launcher.nextSettle();
    }
  })();
  try {
    await Promise.race([drained, deadline]);
  } finally {
    clearTimeout(deadlineTimer);
  }
}
