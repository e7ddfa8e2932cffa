/**
 * @module service — `createReturnsService`: assembles the returns operations, the webhook
 * dispatcher, the timer scheduler, the store's upkeep and the HTTP handler beside them. The HTTP layer only
 * translates requests into the operations, so a host calling them in-process gets the same
 * validation, idempotency, events and errors.
 */

import type { AuthOptions } from "./auth/options";
import { protectedResourceMetadataPath } from "./auth/protected-resource";
import { createWebhookDispatcher, type WebhookDispatcher } from "./delivery/dispatcher";
import { subscriberEndpointId } from "./delivery/subscribers";
import { createReasonCatalogue, type ReasonCatalogue } from "./domain/reasons";
import { offeredMethods } from "./domain/return-methods";
import { createReturnSchemas, type ReturnSchemas } from "./domain/schemas";
import { createGuestSessions } from "./guests/guest-sessions";
import { createFetchHandler, type FetchHandler } from "./http/fetch-handler";
import { requestFacts } from "./http/request-id";
import { withRequestLog } from "./http/request-log";
import { createResponder, withAnswerHeaders } from "./http/responses";
import {
  buildRoutes,
  fillParams,
  REASONS_PATH,
  type RouteDefinition,
  routeById,
  webhookTargets,
  writeTargets,
} from "./http/routes";
import { createInsightOperations, type InsightOperations } from "./insights/insight-operations";
import { createHealthCheck } from "./observability/health/health-check";
import { createStoreProbe } from "./observability/health/store-probe";
import type { ReportError } from "./observability/logging/failures";
import type { Logger } from "./observability/logging/logger";
import { observeOutboxLag } from "./observability/telemetry/outbox-lag-gauge";
import {
  type PublishedPolicy,
  type PublishedPolicySettings,
  publishedPolicy,
} from "./policy/published-policy";
import {
  type CustomerExportOperations,
  createCustomerExportOperations,
} from "./privacy/customer-export-operations";
import { isErasureTimer, runErasureJob } from "./privacy/erasure-job";
import { createErasureOperations, type ErasureOperations } from "./privacy/erasure-operations";
import { createPersonalDataSweep } from "./privacy/personal-data-retention";
import { createIdempotencyEngine } from "./returns/idempotency/engine";
import { createOperations } from "./returns/operations";
import { createReturnRules } from "./returns/orders/return-rules";
import type { TimerHandlers } from "./returns/timer-firing";
import { TIMER_HANDLERS } from "./returns/timer-handlers";
import type { ReturnOperations } from "./returns/types";
import {
  createTimerScheduler,
  type TimerScheduler,
  type TimerSchedulerSettings,
} from "./scheduler/timer-scheduler";
import {
  parseServiceOptions,
  type ReturnsServiceOptions,
  type ServiceSettings,
} from "./service-options";
import { RecentRecords } from "./store/recent-records";
import { scheduleRetention } from "./store/retention";
import type { ReturnsStore } from "./store/types";
import { createWebhookOperations } from "./webhook-admin/webhook-operations";

export type { ReturnsServiceOptions } from "./service-options";

/**
 * The service's clock, logger and error reporting, for a handler mounted beside it (the MCP
 * endpoint) to tell time, log and report as the service does.
 */
export interface ServiceHooks {
  /** The `clock` option: epoch ms. */
  readonly clock: () => number;
  /** The `logger` option, or the default. */
  readonly logger: Logger;
  /** Logs a failure (warn for an outage, else error), then tells the host's `onError`. */
  readonly reportError: ReportError;
}

/** A running returns service: its operations, its webhook dispatcher and its HTTP handler. */
export interface ReturnsService
  extends ReturnOperations,
    CustomerExportOperations,
    Pick<ErasureOperations, "eraseCustomer" | "eraseOrder" | "getErasure"> {
  /** Where returns, idempotency records and the outbox live. */
  readonly store: ReturnsStore;
  readonly catalogue: ReasonCatalogue;
  /** The zod schemas the API validates with (create and update depend on the catalogue). */
  readonly schemas: ReturnSchemas;
  /**
   * The return policy as the service enforces it, as served at `GET /v1/return-policy`: `json`,
   * `jsonLd` (schema.org `MerchantReturnPolicy`) and `finalSaleJsonLd` (for final-sale offers).
   */
  readonly returnPolicy: PublishedPolicy;
  /** Absolute URL the routes are mounted at, without a trailing slash. */
  readonly baseUrl: string;
  readonly dispatcher: WebhookDispatcher;
  /**
   * Fires the returns' timers (deadlines) as they fall due, once across every process on the
   * store. Like the dispatcher, it runs only once the host starts it (`scheduler.start()`);
   * `close()` stops it.
   */
  readonly scheduler: TimerScheduler;
  /** The back office's fit insights, in-process (merchant read scope, as over HTTP). */
  readonly insights: InsightOperations;
  /**
   * The `auth` option as given (undefined without one): a mounted handler (the MCP endpoint)
   * authenticates its callers alike, as a protected resource of its own.
   */
  readonly auth: AuthOptions | undefined;
  readonly hooks: ServiceHooks;
  /** Runs the store's migrations and registers the configured endpoints (operations await it). */
  ready(): Promise<void>;
  /** Stops purging, the scheduler and the dispatcher, then closes the store. */
  close(): Promise<void>;
  /**
   * The largest request body the routes read, in bytes (`maxBodyBytes`): an adapter may read a
   * body that declares a length up to it in one piece, and leave any other to `fetch`.
   */
  readonly maxBodyBytes: number;
  /** Serves every route: `(Request) => Promise<Response>`. */
  fetch: FetchHandler;
  /**
   * Serves `{baseUrl}{path}` with `handler` through `fetch`, and so through both adapters:
   * `service.mount("/mcp", createMcpHandler(service))`. A mounted path answers before the
   * routes, and so does its RFC 9728 metadata path (`/.well-known/oauth-protected-resource{mount}/mcp`).
   */
  mount(path: `/${string}`, handler: FetchHandler): void;
}

export function createReturnsService(options: ReturnsServiceOptions = {}): ReturnsService {
  return createServiceWithTimers(options, TIMER_HANDLERS);
}

/**
 * `createReturnsService` with the timer handlers (and scheduler settings) given instead of
 * core's own: for tests of the scheduler, whose kinds of timer no feature registers yet. Not
 * exported by the package.
 */
export function createServiceWithTimers(
  options: ReturnsServiceOptions,
  timerHandlers: TimerHandlers,
  schedulerSettings?: Partial<TimerSchedulerSettings>,
): ReturnsService {
  // Throws InvalidOptionsError naming every bad option, before anything is set up.
  const settings = parseServiceOptions(options);
  const { store, now, baseUrl, reportError } = settings;
  const catalogue = createReasonCatalogue(options.reasons);
  const returnMethods = offeredMethods(settings.returnMethods);
  const schemas = createReturnSchemas(catalogue, `${baseUrl}${REASONS_PATH}`, returnMethods);
  const routes = buildRoutes(schemas, { guests: settings.guests !== null });
  const returnPolicy = publishedPolicy(enforcedPolicy(options, settings));
  const { dispatcher, ready, health, outboxLag, retentionSchedule } = createBackground(
    options,
    settings,
    // Called by retention runs, which begin after the scheduler below exists.
    () => scheduler.nudge(),
  );

  const idempotency = createIdempotencyEngine(store, settings.idempotency, now);
  const operations = createOperations({
    store,
    // The settings' refundPolicy, orders, exchanges, store and clock.
    rules: createReturnRules({ ...settings, catalogue }),
    // A write starts from the version this process saw last (saving a database round trip,
    // or a clone in memory); the commit's version check catches one since replaced.
    recent: settings.recentRecords > 0 ? new RecentRecords(settings.recentRecords) : null,
    catalogue,
    schemas,
    idempotency,
    now,
    maxHistoryEntries: settings.maxHistoryEntries,
    refundPolicy: settings.refundPolicy,
    exchanges: settings.exchanges,
    autoApprove: options.policy?.autoApprove,
    onFitSignal: options.onFitSignal && ((signal) => options.onFitSignal?.(signal)),
    reportError,
    ready,
    baseUrl,
    targets: writeTargets(routes),
    health,
    returnMethods,
    timerHandlers,
    carriers: settings.carriers,
  });
  const scheduler = createScheduler(settings, operations, ready, schedulerSettings);
  const insights = createInsightOperations({ store, catalogue, ready });
  const customerExport = createCustomerExportOperations({ store, now, ready });
  const erasure = createErasureOperations({
    store,
    idempotency,
    now,
    ready,
    jobSet: () => scheduler.nudge(),
  });
  const guests = createGuests(settings, routes);
  // The HTTP layer gets settings, never the options (they hold the webhook secrets).
  const routesFetch = createFetchHandler({
    baseUrl,
    auth: options.auth,
    maxBodyBytes: settings.maxBodyBytes,
    idempotencyKeyRequired: settings.idempotency.required,
    reportError,
    routes,
    ...(guests ? { guests: { key: guests.key, clientAddress: guests.clientAddress } } : {}),
    operations: {
      ...operations,
      guests: guests?.sessions ?? null,
      returnPolicy,
      webhooks: createWebhookOperations({
        store,
        dispatcher,
        idempotency,
        now,
        ready,
        targets: webhookTargets(routes, baseUrl),
      }),
      insights,
      customerExport,
      erasure,
    },
  });
  const mounted = createMounts(baseUrl, routesFetch);
  const observed = withRequestLog(mounted.fetch, {
    logger: settings.logger,
    reportError,
    responder: createResponder(baseUrl),
  });

  return {
    ...publicOperations(operations),
    exportCustomer: customerExport.exportCustomer,
    exportCustomerPage: customerExport.exportCustomerPage,
    eraseCustomer: erasure.eraseCustomer,
    eraseOrder: erasure.eraseOrder,
    getErasure: erasure.getErasure,
    store,
    catalogue,
    schemas,
    returnPolicy,
    baseUrl,
    maxBodyBytes: settings.maxBodyBytes,
    dispatcher,
    scheduler,
    insights,
    auth: options.auth,
    hooks: Object.freeze({ clock: now, logger: settings.logger, reportError }),
    ready,
    close: () => closeInOrder([outboxLag, retentionSchedule, scheduler, dispatcher], store),
    fetch: observed,
    mount: mounted.mount,
  };
}

/** The operations the service offers by name (the rest serve the routes and the scheduler). */
function publicOperations(operations: ReturnType<typeof createOperations>) {
  return {
    createReturn: operations.createReturn,
    updateDraft: operations.updateDraft,
    submit: operations.submit,
    cancel: operations.cancel,
    advance: operations.advance,
    get: operations.get,
    list: operations.list,
    returnableLines: operations.returnableLines,
    createReturnRequest: operations.createReturnRequest,
    estimateReturnRequest: operations.estimateReturnRequest,
    getReturnRequest: operations.getReturnRequest,
    submitReturnRequest: operations.submitReturnRequest,
    shipReturnRequest: operations.shipReturnRequest,
    allowedEventsFor: operations.allowedEventsFor,
    recordRefund: operations.recordRefund,
    recordExchangePayment: operations.recordExchangePayment,
    recordExchangeOrder: operations.recordExchangeOrder,
    reissueLabel: operations.reissueLabel,
  };
}

/**
 * Stops what runs beside the requests, one after another, then closes the store: the
 * scheduler before the dispatcher, as a firing in flight may commit events to deliver.
 */
async function closeInOrder(
  background: ReadonlyArray<{ stop(): void | Promise<void> }>,
  store: ReturnsStore,
): Promise<void> {
  for (const part of background) await part.stop();
  await store.close?.();
}

/** Guest sessions and the key of their tokens, when the host gives `guests` (and `orders`). */
/** The timer scheduler: a return's timers fire through its operations, erasure jobs alone. */
function createScheduler(
  settings: ServiceSettings,
  operations: Pick<Parameters<typeof createTimerScheduler>[0], "fireTimer">,
  ready: () => Promise<void>,
  schedulerSettings: Partial<TimerSchedulerSettings> | undefined,
) {
  const { store, now } = settings;
  return createTimerScheduler({
    ...settings,
    // Erasure jobs are timers of no return: their own runner, not a return's firing.
    fireTimer: (timer) =>
      isErasureTimer(timer) ? runErasureJob({ store, now }, timer) : operations.fireTimer(timer),
    ensureReady: ready,
    scheduler: schedulerSettings,
  });
}

function createGuests(settings: ServiceSettings, routes: readonly RouteDefinition[]) {
  const { guests, orders, baseUrl, now } = settings;
  if (!guests || !orders) return null;
  const key = {
    secret: new TextEncoder().encode(guests.secret),
    issuer: baseUrl,
    ttlSeconds: guests.ttlSeconds,
    now,
  };
  const returnable = routeById(routes, "getReturnableLines");
  const sessions = createGuestSessions({
    settings: guests,
    source: orders.source,
    key,
    returnableHref: (orderId) => `${baseUrl}${fillParams(returnable, { order_id: orderId })}`,
  });
  return { key, sessions, clientAddress: guests.clientAddress ?? null };
}

/**
 * What runs beside the requests: the dispatcher, the readiness every operation waits for, the
 * health check and its outbox-lag gauge, and the retention schedule.
 */
function createBackground(
  options: ReturnsServiceOptions,
  settings: ServiceSettings,
  jobsSet: () => void,
) {
  const { store, now, reportError } = settings;
  // The dispatcher logs, reports and tells time as the service does (no hooks of its own).
  const dispatcher = createWebhookDispatcher({
    ...options.webhooks,
    logger: settings.logger,
    onError: settings.onError,
    clock: now,
    subscribers: options.subscribers,
    store,
  });
  const ready = readiness(store, dispatcher);
  const subscribers = (options.subscribers ?? []).map((s) => subscriberEndpointId(s.name));
  const probe = createStoreProbe({ store, subscribers, now, ...settings.health });
  const health = createHealthCheck({ probe, dispatcher, ...settings.health });
  const outboxLag = observeOutboxLag(probe);
  const days = settings.retention.personalDataDays;
  const sweep = days === null ? null : createPersonalDataSweep({ store, now, days, jobsSet });
  const retentionSchedule = scheduleRetention({
    store,
    settings: settings.retention,
    now,
    ready,
    afterPurge: sweep ? () => sweep(settings.retention.batchSize) : undefined,
    onRunFailed: (error) =>
      reportError(
        error,
        { source: "retention", operation: "purge" },
        "retention: store.purge failed",
      ),
  });

  return { dispatcher, ready, health, outboxLag, retentionSchedule };
}

/**
 * What the service enforces, as the published policy reads it: the window the order rules
 * check (none without the orders), the refund policy the refund maths charge by. The one place
 * that knows which options hold them.
 */
function enforcedPolicy(
  options: ReturnsServiceOptions,
  settings: ServiceSettings,
): PublishedPolicySettings {
  return {
    windowDays: settings.orders?.returnWindowDays ?? null,
    refund: options.policy?.refund ?? {},
    ordersBound: settings.orders !== null,
    applicableCountry: options.policy?.applicableCountry,
    returnMethods: settings.returnMethods,
    exchanges: settings.exchanges,
  };
}

/** Handlers a host mounts beside the routes (the MCP endpoint), matched by exact path. */
function createMounts(baseUrl: string, routesFetch: FetchHandler) {
  const mountPath = new URL(baseUrl).pathname.replace(/\/+$/, "");
  const handlers = new Map<string, FetchHandler>();
  return {
    fetch: ((request, context) => {
      const path = new URL(request.url).pathname;
      const handler = handlers.size ? handlers.get(path) : undefined;
      if (!handler) return routesFetch(request, context);
      requestFacts(request).route = path;
      return handler(request, context).then(withAnswerHeaders);
    }) satisfies FetchHandler,
    mount(path: `/${string}`, handler: FetchHandler) {
      handlers.set(`${mountPath}${path}`, handler);
      // A mounted handler may be a protected resource of its own, with its own metadata.
      handlers.set(protectedResourceMetadataPath(`${baseUrl}${path}`), handler);
    },
  };
}

/**
 * Stores may need migrations; endpoints from options must exist before the first commit so
 * that commit creates their deliveries. Memoised, except that a failure is tried again: a
 * database that was down at start must not fail every later request.
 */
function readiness(store: ReturnsStore, dispatcher: WebhookDispatcher): () => Promise<void> {
  let readyPromise: Promise<void> | undefined;
  return () => {
    readyPromise ??= (async () => {
      await store.init?.();
      await dispatcher.ready;
    })().catch((error: unknown) => {
      readyPromise = undefined;
      throw error;
    });
    return readyPromise;
  };
}
