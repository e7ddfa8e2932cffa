/**
 * @module delivery/dispatcher-options — the dispatcher's options, checked at construction: a
 * bad endpoint, secret or timing fails when the host starts, naming the option, rather than
 * at the first delivery.
 */
import type { z } from "zod";
import type { OnError } from "../observability/logging/failures";
import { type Logger, loggerSchema } from "../observability/logging/logger";
import { storeSchema } from "../store/store-schema";
import type { ReturnsStore } from "../store/types";
import {
  type Assert,
  aClock,
  aFunction,
  arrayOf,
  nonNegativeNumber,
  optionsObject,
  positiveInteger,
  positiveNumber,
  type SchemaCovers,
  satisfying,
} from "../util/option-checks";
import { destinationPolicy, isDestinationEntry } from "./destinations";
import {
  endpointIdForUrl,
  refusedDestination,
  type WebhookEndpointInput,
  webhookEndpointInputSchema,
} from "./endpoints";
import { type Subscriber, subscribersSchema } from "./subscribers";

/**
 * What the dispatcher was doing when it failed: a store or programming error (the first six),
 * a delivery out of attempts, an endpoint a 410 disabled, a lease lost before its attempt was
 * recorded, undici missing. A failed attempt that is retried is recorded, not reported.
 */
export type DispatcherOperation =
  | "save_endpoints"
  | "claim"
  | "next_due"
  | "attempt"
  | "record_attempt"
  | "disable_endpoint"
  | "dead_letter"
  | "endpoint_disabled"
  | "lease_lost"
  | "load_undici";

/** The service's logger type: pino's argument order, `logger.warn(fields, message)`. */
export type DispatcherLogger = Logger;

export interface WebhookDispatcherOptions {
  store: ReturnsStore;
  /** Endpoints saved into the store when the dispatcher gets ready. */
  endpoints?: readonly WebhookEndpointInput[];
  /**
   * Host code run for each event in this process, fed by the outbox like an endpoint (saved
   * when the dispatcher gets ready). Only dispatchers that run a subscriber attempt its
   * deliveries.
   */
  subscribers?: readonly Subscriber[];
  /**
   * Where webhooks may go besides the public internet: hostnames (`hooks.corp.example`),
   * addresses (`127.0.0.1`, `::1`) and CIDR blocks (`10.20.0.0/16`, `fd00::/8`). Loopback,
   * private, link-local, carrier-grade NAT, unique-local, multicast, reserved and cloud metadata
   * destinations are refused otherwise, when an endpoint is registered and again on the address
   * each attempt connects to. Default: none.
   */
  allowedDestinations?: readonly string[];
  /** Wait in ms before each attempt; `[0]` first. Default: Svix-like, 8 attempts over ~1.5 days. */
  retrySchedule?: readonly number[];
  /** A 2xx must arrive (or a subscriber's `handle` settle) within this many ms. Default 15 000. */
  timeoutMs?: number;
  /**
   * Epoch ms; decides what is due and stamps `webhook-timestamp`. Default `Date.now`. A
   * service's dispatcher runs on the service's `clock`.
   */
  clock?: () => number;
  /** Source of retry jitter, in [0, 1). Default `Math.random`. */
  random?: () => number;
  /**
   * Sends every attempt through this `fetch` (a proxy, a custom agent, a test double). Default:
   * undici's `request()` over the dispatcher's own keep-alive pool on Node (a global dispatcher
   * set with `setGlobalDispatcher` is not used), `globalThis.fetch` elsewhere.
   */
  fetch?: typeof fetch;
  /** How long a claimed delivery stays ours; MUST exceed `timeoutMs`. Default max(60 s, 2 × timeoutMs + 5 s). */
  leaseMs?: number;
  /** Most deliveries taken in one claim. Default: `concurrency`. */
  batchSize?: number;
  /** Most attempts in flight at once. Default 32. */
  concurrency?: number;
  /** Safety-net poll for work no notification announces. Default 5 000. */
  pollIntervalMs?: number;
  /**
   * Also told of each failure logged at warn or error (the loop carries on): store or
   * programming errors, dead letters, disabled endpoints, lost leases. `context.source` is
   * `dispatcher`, or `subscriber` for a subscriber's dead letter. A service's dispatcher tells
   * the service's `onError`.
   */
  onError?: OnError;
  /**
   * Delivery outcomes at debug, dead letters and disabled endpoints at warn, failures at warn
   * or error (pino's order: `logger.warn(fields, message)`). A service's dispatcher logs
   * through the service's `logger`. Default: as the service's (console lines, silent under tests).
   */
  logger?: DispatcherLogger;
}

export const DEFAULT_TIMEOUT_MS = 15_000;

const dispatcherOptionsShape = {
  store: storeSchema,
  endpoints: arrayOf(webhookEndpointInputSchema, "webhook endpoints")
    .superRefine(eachEndpointOnce)
    .optional(),
  subscribers: subscribersSchema.optional(),
  allowedDestinations: arrayOf(
    satisfying<string>(isDestinationEntry, "a hostname, an IP address or a CIDR block"),
    "hostnames, IP addresses or CIDR blocks",
  ).optional(),
  retrySchedule: arrayOf(nonNegativeNumber("ms"), "waits in ms", { nonEmpty: true })
    .refine((schedule) => schedule[0] === 0, {
      error: "expected 0 first: the first attempt is due when the event is committed",
      path: [0],
    })
    .optional(),
  timeoutMs: positiveNumber("ms").optional(),
  clock: aClock.optional(),
  random: aFunction<() => number>().optional(),
  fetch: aFunction<typeof fetch>().optional(),
  leaseMs: positiveNumber("ms").optional(),
  batchSize: positiveInteger().optional(),
  concurrency: positiveInteger().optional(),
  pollIntervalMs: positiveNumber("ms").optional(),
  onError: aFunction<OnError>().optional(),
  logger: loggerSchema.optional(),
};

/** Two inputs with one id (the same URL, say) would be one endpoint saved twice. */
function eachEndpointOnce(endpoints: readonly WebhookEndpointInput[], ctx: z.RefinementCtx) {
  const seen = new Map<string, number>();
  endpoints.forEach((endpoint, i) => {
    const id = endpoint.id ?? endpointIdForUrl(endpoint.url);
    const first = seen.get(id);
    if (first === undefined) seen.set(id, i);
    else {
      ctx.addIssue({
        code: "custom",
        path: [i],
        message: `expected each endpoint once, but ${endpoint.url} is configured twice (id ${id}, as endpoints[${first}])`,
      });
    }
  });
}

/** Endpoints in the options obey the rule endpoints registered later obey. */
function endpointsAllowed(
  options: { endpoints?: readonly WebhookEndpointInput[]; allowedDestinations?: readonly string[] },
  ctx: z.RefinementCtx,
) {
  const destinations = destinationPolicy(options.allowedDestinations);
  options.endpoints?.forEach((endpoint, i) => {
    const refusal = refusedDestination(endpoint.url, destinations);
    if (refusal)
      ctx.addIssue({ code: "custom", path: ["endpoints", i, "url"], message: refusal.message });
  });
}

/** Both checks that need more than one option. */
function crossChecks(
  options: Parameters<typeof endpointsAllowed>[0] & Parameters<typeof leaseOutlastsTimeout>[0],
  ctx: z.RefinementCtx,
) {
  leaseOutlastsTimeout(options, ctx);
  endpointsAllowed(options, ctx);
}

/** Leases must outlast an attempt: a lease that ran out mid-attempt lets another claim overtake it. */
function leaseOutlastsTimeout(
  options: { timeoutMs?: number; leaseMs?: number },
  ctx: z.RefinementCtx,
) {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (options.leaseMs !== undefined && options.leaseMs <= timeoutMs) {
    ctx.addIssue({
      code: "custom",
      path: ["leaseMs"],
      message: `expected more than timeoutMs (${timeoutMs})`,
    });
  }
}

export const dispatcherOptionsSchema =
  optionsObject(dispatcherOptionsShape).superRefine(crossChecks);

/**
 * The `webhooks` option of `createReturnsService`: the dispatcher's, without `store`,
 * `subscribers` (a service option of its own), and the hooks it takes from the service
 * (`clock`, `logger`, `onError`).
 */
const {
  store: _store,
  subscribers: _subscribers,
  clock: _clock,
  logger: _logger,
  onError: _onError,
  ...forService
} = dispatcherOptionsShape;
export const serviceWebhooksSchema = optionsObject(forService).superRefine(crossChecks);

/** What the service hands its dispatcher itself: they are service options. */
export type ServiceOwnedDispatcherOption = "store" | "subscribers" | "clock" | "logger" | "onError";

/** The `webhooks` option of `createReturnsService`. */
export type ServiceWebhooksOptions = Omit<WebhookDispatcherOptions, ServiceOwnedDispatcherOption>;

/** Compile-time only: the schema and the documented interface stay in step. */
type ServiceWebhooksChecked = Assert<
  SchemaCovers<ServiceWebhooksOptions, typeof serviceWebhooksSchema>
>;

/** Compile-time only: the schema and the documented interface stay in step. */
type DispatcherOptionsChecked = Assert<
  SchemaCovers<WebhookDispatcherOptions, typeof dispatcherOptionsSchema>
>;
