/**
 * @module service-options — `createReturnsService`'s options, checked at
 * construction, and the settings the service derives from them (defaults filled in).
 */

import { z } from "zod";
import type { AuthOptions } from "./auth/options";
import { authOptionsSchema } from "./auth/options-schema";
import {
  type CarrierOptions,
  type CarrierSettings,
  carrierOptionsSchema,
  carrierSettings,
} from "./carriers/carrier-options";
import { type ServiceWebhooksOptions, serviceWebhooksSchema } from "./delivery/dispatcher-options";
import { type Subscriber, subscribersSchema } from "./delivery/subscribers";
import { DEFAULT_MAX_HISTORY_ENTRIES, MIN_MAX_HISTORY_ENTRIES } from "./domain/history-limit";
import { allowedReasons, unknownReasonEntries } from "./domain/reason-narrowing";
import {
  createReasonCatalogue,
  REASON_CODE_PATTERN,
  type ReasonCatalogue,
  type ReasonCatalogueOptions,
} from "./domain/reasons";
import {
  parseRefundPolicy,
  type RefundPolicy,
  type RefundPolicyInput,
  RefundPolicySchema,
} from "./domain/refunds";
import { type ReturnMethods, ReturnMethodsSchema } from "./domain/return-methods";
import type { ReturnData } from "./domain/schemas";
import { type GuestOptions, type GuestSettings, guestSettings } from "./guests/guest-options";
import { defaultLogger } from "./observability/logging/console-logger";
import {
  createFailureReporter,
  type OnError,
  type ReportError,
} from "./observability/logging/failures";
import { type Logger, loggerSchema } from "./observability/logging/logger";
import type { FitSignal } from "./returns/events";
import { DEFAULT_IDEMPOTENCY, type IdempotencySettings } from "./returns/idempotency/engine";
import type {
  EligibilityRule,
  ExchangeOptions,
  ExchangeSettings,
  LineReasonRule,
  LineReasonSettings,
  OrderRules,
  OrderSettings,
  OrderSource,
  ReasonRules,
} from "./returns/orders/types";
import { memoryStore } from "./store/memory/memory-store";
import { DEFAULT_RETENTION, type RetentionSettings } from "./store/retention";
import { storeSchema } from "./store/store-schema";
import type { ReturnsStore } from "./store/types";
import {
  type Assert,
  aBoolean,
  aClock,
  aFunction,
  arrayOf,
  checkOptions,
  hostObject,
  isHttpUrl,
  nonNegativeInteger,
  optionsObject,
  positiveInteger,
  type SchemaCovers,
  satisfying,
} from "./util/option-checks";

export interface ReturnsServiceOptions {
  /** Where returns, idempotency records and the outbox live. Default: `memoryStore()`. */
  store?: ReturnsStore;
  /**
   * Absolute URL where the routes are mounted (`https://shop.example` or
   * `https://shop.example/returns`): used for links, `Location` and auth metadata.
   */
  baseUrl?: string;
  /** OAuth 2.1 resource server settings, or a host's own `authenticate`. */
  auth?: AuthOptions;
  /**
   * Customers without an account find an order by its number and email or postcode
   * (`POST /v1/portal/guest-sessions`) and return from it: `{ secret, ttlSeconds?,
   * clientAddress?, limits? }`. Needs `orders`. Without it, the route does not exist.
   */
  guests?: GuestOptions;
  /**
   * The webhook dispatcher's settings: endpoints, retries, timeouts, pool. It logs through
   * `logger`, reports through `onError` and runs on `clock`, as the service does.
   */
  webhooks?: ServiceWebhooksOptions;
  /**
   * Host code run for each event in this process (`handle(event)`), fed by the same outbox as
   * the webhooks: at least once, in `seq` order per return, retried on the webhooks' schedule,
   * then dead-lettered and redeliverable. Its deliveries are created in the commit, so an
   * event committed before a crash is handled after it, here or by another process that runs
   * the same subscriber. Dedupe on `event.id`.
   */
  subscribers?: readonly Subscriber[];
  idempotency?: Partial<IdempotencySettings>;
  reasons?: ReasonCatalogueOptions;
  /**
   * The shop's orders and the rules about them: `{ source, returnWindowDays?, eligible? }`.
   * When given, a return is checked against its order on create, on update and (window and
   * final sale) on submit, and `GET /v1/portal/orders/{order_id}/returnable` says what can be
   * returned. Without it, any customer can name any order. `inMemoryOrders([...])` is a
   * source for tests and demos.
   */
  orders?: OrderRules;
  /** The shop's policy beyond its orders. */
  policy?: {
    /** Return true to approve a return at submit, in the same commit, as actor `policy`. */
    autoApprove?: (record: ReturnData) => boolean | Promise<boolean>;
    /**
     * How refunds are worked out (`refund` on every return): a restocking fee, a return
     * shipping fee per request, a store-credit bonus and deductions by graded condition, each
     * with its waivers. Default: nothing charged, the accepted units refunded in full.
     * Published at `GET /v1/return-policy`.
     */
    refund?: RefundPolicyInput;
    /**
     * ISO 3166-1 alpha-2 codes of the countries the policy applies to (`["DE", "AT"]`), for the
     * published policy's `applicableCountry`; nothing is checked against them.
     */
    applicableCountry?: readonly string[];
    /**
     * How returns travel back, and what the customer is told for each: `by_mail` (to
     * `address`), `drop_off` (at a carrier's points: `instructions`, `carrier?`,
     * `locator_url?`, `address?`), `in_store` (`instructions`, `locations?`). The customer
     * chooses one per request (`return_method`) among those given. Published at
     * `GET /v1/return-policy`. Default: by mail, with no address published.
     */
    returnMethods?: z.input<typeof ReturnMethodsSchema>;
  };
  /**
   * What each returned line can be exchanged for: `offers(line, order)` answers the items
   * (`{ sku, title?, variant_title?, image_url?, unit_price, currency, available }`), priced now
   * in the order's currency; `whenUnavailable` (`refuse`, the default, or `store_credit`) says
   * what an exchange for an unavailable item becomes. Needs `orders`. Without it an exchange
   * is like for like: the same item again, at the price paid. `instant: { holdDays }` releases
   * exchanges at approval against a hold; `paymentDays` (default 7) is how long a difference the
   * customer pays is awaited after approval; `whenUnpaid` (`store_credit`, the default, or
   * `refund`) what the return becomes when it is not paid in time.
   */
  exchanges?: ExchangeOptions;
  /**
   * Return labels and tracking: `{ label?, tracking?, returnsAddress, parcel?, service?,
   * paperless?, stalledAfterDays? }`. With `label`, approving a return (or its request) buys
   * its parcel's label from the customer's address (the order's `shipping_address`) to
   * `returnsAddress`; carriers' tracking webhooks move the returns. Default: none (the
   * `manual` way: staff type the tracking number at `ship`).
   */
  carriers?: CarrierOptions;
  /** Called after a commit that produced fit signals (errors are reported, never rethrown). */
  onFitSignal?: (signal: FitSignal) => void | Promise<void>;
  /**
   * How many recently written returns the service remembers so a write can skip reading
   * them first, with any store. Default 1,000 (a few KB each); 0 turns it off.
   */
  recentRecords?: number;
  /** Largest accepted request body in bytes. Default 16 KiB. */
  maxBodyBytes?: number;
  /**
   * Most entries a return's history may hold (default 200, at least 16). A draft accepts
   * PATCHes while its history holds less than half of it, and `flag` while the flag, its
   * `unflag` and the rest of the lifecycle still fit; other events are never refused for it.
   * A refused event is a 409 `history-limit-reached`.
   */
  maxHistoryEntries?: number;
  /**
   * The service purges its store by itself (`store.purge`): every `intervalMs` (default 60 s;
   * 0 turns it off), expired idempotency records, and delivered deliveries and unneeded
   * events older than `deliveredTtlMs` (default 24 h), `batchSize` rows a call (default 1,000).
   */
  retention?: Partial<RetentionSettings>;
  /**
   * `GET /v1/health`: each check gives up after `timeoutMs` (default 800, under a Kubernetes
   * probe's 1 s), and an outbox lag above `maxOutboxLagMs` (default 60 000) is a `warn`. The
   * store is checked once at a time, and its answer serves every call for `cacheMs`
   * (default 1 000; 0 reuses it only among the calls that waited for it).
   */
  health?: Partial<HealthSettings>;
  /**
   * Where the service, its dispatcher and a mounted MCP endpoint log (pino's argument order:
   * `logger.info(fields, message)`; a pino logger fits as it is): one line per request,
   * delivery outcomes, dead letters, outages and unexpected errors. Default: readable lines on
   * the console, silent when `NODE_ENV` is `test` or under vitest (`consoleLogger()` prints
   * them anyway).
   */
  logger?: Logger;
  /**
   * Also told of each failure the service, its dispatcher or a mounted MCP endpoint logs at
   * warn or error (500s, outages answered 502 or 503, hook failures, store errors of the
   * dispatcher, dead letters, purge failures), with `{ source, operation, requestId?,
   * returnId?, eventId?, endpointId?, deliveryId?, dispatcherId? }`: for an error tracker.
   * The log line is written either way.
   */
  onError?: OnError;
  /**
   * Epoch ms (`() => number`): stamps returns, events and webhooks, decides what is due and
   * what has expired, for the service and its dispatcher. Default `Date.now`.
   */
  clock?: () => number;
}

export interface HealthSettings {
  timeoutMs: number;
  maxOutboxLagMs: number;
  cacheMs: number;
}

const DEFAULT_HEALTH: HealthSettings = { timeoutMs: 800, maxOutboxLagMs: 60_000, cacheMs: 1_000 };
const DEFAULT_BASE_URL = "http://localhost";
const DEFAULT_MAX_BODY_BYTES = 16 * 1024;
const DEFAULT_RECENT_RECORDS = 1_000;
const DEFAULT_RETURN_WINDOW_DAYS = 30;
const DEFAULT_PAYMENT_DAYS = 7;

const countryCode = satisfying<string>(
  (v) => typeof v === "string" && /^[A-Z]{2}$/.test(v),
  "a two-letter upper-case country code (DE)",
);

const reasonCode = satisfying<string>(
  (v) => typeof v === "string" && REASON_CODE_PATTERN.test(v),
  "an upper-case code (WORDS_LIKE_THIS)",
);

export const serviceOptionsSchema = optionsObject({
  store: storeSchema.optional(),
  baseUrl: satisfying<string>(
    (v) => isHttpUrl(v, { plain: true }),
    "an absolute http(s) URL without query or fragment (https://shop.example/returns)",
  ).optional(),
  auth: authOptionsSchema.optional(),
  guests: optionsObject(
    {
      secret: satisfying<string>(
        (v) => typeof v === "string" && v.length >= 32,
        "a secret of at least 32 characters",
      ),
      ttlSeconds: positiveInteger("seconds").optional(),
      clientAddress: aFunction<NonNullable<GuestOptions["clientAddress"]>>().optional(),
      limits: optionsObject({
        perAddress: positiveInteger("attempts").optional(),
        perOrderNumber: positiveInteger("attempts").optional(),
        windowSeconds: positiveInteger("seconds").optional(),
        maxTracked: positiveInteger("counts").optional(),
      }).optional(),
    },
    "{ secret, ttlSeconds?, clientAddress?, limits? }",
  ).optional(),
  webhooks: serviceWebhooksSchema.optional(),
  subscribers: subscribersSchema.optional(),
  idempotency: optionsObject({
    required: aBoolean.optional(),
    ttlMs: positiveInteger("ms").optional(),
  }).optional(),
  reasons: optionsObject({
    bodyParts: arrayOf(reasonCode, "body parts").optional(),
    other: arrayOf(reasonCode, "reason codes").optional(),
  })
    .superRefine((reasons, ctx) => {
      // The catalogue's own rule (no extra reason may spell a fit reason), said as an option's.
      try {
        createReasonCatalogue(reasons);
      } catch (error) {
        ctx.addIssue({
          code: "custom",
          path: ["other"],
          message: `expected reasons that are not fit reasons (${(error as Error).message})`,
        });
      }
    })
    .optional(),
  orders: optionsObject(
    {
      source: hostObject<OrderSource>(
        "an order source ({ load(orderId, { principal }) }), such as inMemoryOrders([...])",
        ["load"],
      ),
      returnWindowDays: nonNegativeInteger("days").optional(),
      eligible: aFunction<EligibilityRule>().optional(),
      reasons: optionsObject(
        {
          byProductType: z
            .record(z.string(), arrayOf(reasonCode, "reason codes or body parts"), {
              error: "expected an object of product types to reason codes or body parts",
            })
            .optional(),
          forLine: aFunction<LineReasonRule>().optional(),
        },
        "{ byProductType?, forLine? }",
      ).optional(),
    },
    "{ source, returnWindowDays?, eligible?, reasons? }",
  ).optional(),
  policy: optionsObject({
    autoApprove: aFunction<
      NonNullable<ReturnsServiceOptions["policy"]>["autoApprove"] & {}
    >().optional(),
    refund: RefundPolicySchema.optional(),
    applicableCountry: arrayOf(countryCode, "ISO 3166-1 alpha-2 country codes").optional(),
    returnMethods: ReturnMethodsSchema.optional(),
  }).optional(),
  exchanges: optionsObject(
    {
      offers: aFunction<ExchangeOptions["offers"]>(),
      whenUnavailable: z.enum(["refuse", "store_credit"]).optional(),
      instant: optionsObject({ holdDays: positiveInteger("days") }).optional(),
      paymentDays: positiveInteger("days").optional(),
      whenUnpaid: z.enum(["refund", "store_credit"]).optional(),
    },
    "{ offers, whenUnavailable?, instant?, paymentDays?, whenUnpaid? }",
  ).optional(),
  carriers: carrierOptionsSchema.optional(),
  onFitSignal: aFunction<NonNullable<ReturnsServiceOptions["onFitSignal"]>>().optional(),
  recentRecords: nonNegativeInteger("returns").optional(),
  maxBodyBytes: positiveInteger("bytes").optional(),
  maxHistoryEntries: satisfying<number>(
    (v) => Number.isSafeInteger(v) && (v as number) >= MIN_MAX_HISTORY_ENTRIES,
    `a whole number of at least ${MIN_MAX_HISTORY_ENTRIES} (history entries)`,
  ).optional(),
  retention: optionsObject({
    intervalMs: nonNegativeInteger("ms; 0 turns the service's own purging off").optional(),
    deliveredTtlMs: nonNegativeInteger("ms").optional(),
    batchSize: positiveInteger("rows").optional(),
    personalDataDays: positiveInteger("days").nullable().optional(),
  }).optional(),
  health: optionsObject({
    timeoutMs: positiveInteger("ms").optional(),
    maxOutboxLagMs: nonNegativeInteger("ms").optional(),
    cacheMs: nonNegativeInteger("ms").optional(),
  }).optional(),
  logger: loggerSchema.optional(),
  onError: aFunction<OnError>().optional(),
  clock: aClock.optional(),
})
  .superRefine(checkWaivedReasons)
  .superRefine(checkNarrowedReasons)
  .superRefine(checkGuestsHaveOrders)
  .superRefine(checkExchangesHaveOrders);

/** Offers are asked per order line: `exchanges` without `orders` has no line to ask for. */
function checkExchangesHaveOrders(
  options: { exchanges?: unknown; orders?: unknown },
  ctx: z.RefinementCtx,
) {
  if (options.exchanges !== undefined && options.orders === undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["exchanges"],
      message: "expected orders too: exchanges.offers is asked for an order's line",
    });
  }
}

/** A guest finds an order in the shop's orders: `guests` without `orders` has none to find. */
function checkGuestsHaveOrders(
  options: { guests?: unknown; orders?: unknown },
  ctx: z.RefinementCtx,
) {
  if (options.guests !== undefined && options.orders === undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["guests"],
      message: "expected orders too: a guest finds an order in orders.source",
    });
  }
}

/** The fees of `policy.refund` that can be waived by reason. */
const WAIVABLE_FEES = ["restocking_fee", "return_shipping_fee"] as const;

/**
 * A fee waived for a reason no return can have (a typo, a reason the host did not add) is a
 * promise nothing keeps, published with the policy: each waiver must name a reason of the
 * catalogue the `reasons` option makes. Runs once the options are well-formed.
 */
function checkWaivedReasons(
  options: { reasons?: ReasonCatalogueOptions; policy?: { refund?: RefundPolicyInput } },
  ctx: z.RefinementCtx,
) {
  const refund = options.policy?.refund;
  if (!refund) return;
  const catalogue = createReasonCatalogue(options.reasons);
  for (const fee of WAIVABLE_FEES) {
    refund[fee]?.waived_for_reasons?.forEach((code, index) => {
      if (catalogue.has(code)) return;
      ctx.addIssue({
        code: "custom",
        path: ["policy", "refund", fee, "waived_for_reasons", index],
        message:
          "expected a reason of the catalogue (the built-in reasons, or one added in reasons.other or reasons.bodyParts)",
      });
    });
  }
}

/**
 * A product type allowed a reason the catalogue does not have would refuse every return of it
 * (or, for a typo among several, quietly drop a reason): each entry must be a reason code or a
 * body part of the catalogue the `reasons` option makes.
 */
function checkNarrowedReasons(
  options: { reasons?: ReasonCatalogueOptions; orders?: { reasons?: ReasonRules } },
  ctx: z.RefinementCtx,
) {
  const byProductType = options.orders?.reasons?.byProductType;
  if (!byProductType) return;
  const catalogue = createReasonCatalogue(options.reasons);
  for (const [type, entries] of Object.entries(byProductType)) {
    const unknown = unknownReasonEntries(catalogue, entries);
    if (!unknown.length) continue;
    ctx.addIssue({
      code: "custom",
      path: ["orders", "reasons", "byProductType", type],
      message: `expected reason codes or body parts of the catalogue, got ${unknown.join(", ")} (body parts: ${catalogue.bodyParts.join(", ")}; other reasons: ${catalogue.other.join(", ")})`,
    });
  }
}

/** `orders.reasons` read against the catalogue; null without it. */
function lineReasonSettings(
  rules: ReasonRules | undefined,
  catalogue: ReasonCatalogue,
): LineReasonSettings | null {
  if (!rules) return null;
  const byProductType = new Map(
    Object.entries(rules.byProductType ?? {}).map(([type, entries]) => [
      type,
      allowedReasons(catalogue, entries),
    ]),
  );
  return { byProductType, forLine: rules.forLine ?? null };
}

/**
 * Options of earlier versions, refused with what replaced them (an unknown key would
 * otherwise read only "unknown option").
 */
const RENAMED_SERVICE_OPTIONS: Readonly<Record<string, string>> = {
  now: "clock (() => epoch ms)",
  catalog: "exchanges ({ offers(line, order) }), which replaced catalog.exchangeSizes",
  exchangeSizes:
    "exchanges ({ offers(line, order) => [{ sku, unit_price, currency, available }] }): the items a line can be exchanged for, priced",
  "policy.returnWindowDays": "orders.returnWindowDays",
  "policy.eligible": "orders.eligible",
  "orders.load": "orders.source: orders is { source, returnWindowDays?, eligible? }",
  "webhooks.clock": "clock, the service's (() => epoch ms), which the dispatcher runs on",
  "webhooks.onError": "onError, the service's, which the dispatcher reports through",
  "webhooks.logger": "logger, the service's, which the dispatcher logs through",
};

/** Compile-time only: the schema and the documented interface stay in step. */
type ServiceOptionsChecked = Assert<
  SchemaCovers<ReturnsServiceOptions, typeof serviceOptionsSchema>
>;

/** What the service runs with: the checked options with their defaults. */
export interface ServiceSettings {
  store: ReturnsStore;
  /** The `clock` option, or `Date.now`. */
  now: () => number;
  /** Without trailing slashes. */
  baseUrl: string;
  idempotency: IdempotencySettings;
  recentRecords: number;
  maxBodyBytes: number;
  maxHistoryEntries: number;
  retention: RetentionSettings;
  health: HealthSettings;
  /** The order rules' settings, when the host gave `orders`. */
  orders: OrderSettings | null;
  /** The `guests` option with its defaults, when the host gave it. */
  guests: GuestSettings | null;
  /** The `exchanges` option with its defaults; null: an exchange is like for like. */
  exchanges: ExchangeSettings | null;
  /** `policy.refund` with its defaults. */
  refundPolicy: RefundPolicy;
  /** The `carriers` option with its defaults; null: no labels, no tracking webhooks. */
  carriers: CarrierSettings | null;
  /** `policy.returnMethods` as checked (trimmed); null when not given: by mail only. */
  returnMethods: ReturnMethods | null;
  logger: Logger;
  /** The host's `onError`, handed to the dispatcher with `logger`. */
  onError: OnError | undefined;
  /** Logs a failure and tells the host's `onError`. */
  reportError: ReportError;
}

/** Checks `options` (throwing `InvalidOptionsError`) and fills in the defaults. */
export function parseServiceOptions(options: ReturnsServiceOptions): ServiceSettings {
  checkOptions(serviceOptionsSchema, options, "options", RENAMED_SERVICE_OPTIONS);
  const logger = options.logger ?? defaultLogger();
  return {
    store: options.store ?? memoryStore(),
    now: options.clock ?? Date.now,
    baseUrl: (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, ""),
    idempotency: { ...DEFAULT_IDEMPOTENCY, ...options.idempotency },
    recentRecords: options.recentRecords ?? DEFAULT_RECENT_RECORDS,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    maxHistoryEntries: options.maxHistoryEntries ?? DEFAULT_MAX_HISTORY_ENTRIES,
    retention: { ...DEFAULT_RETENTION, ...options.retention },
    health: { ...DEFAULT_HEALTH, ...options.health },
    orders: options.orders
      ? {
          source: options.orders.source,
          returnWindowDays: options.orders.returnWindowDays ?? DEFAULT_RETURN_WINDOW_DAYS,
          eligible: options.orders.eligible ?? null,
          reasons: lineReasonSettings(
            options.orders.reasons,
            createReasonCatalogue(options.reasons),
          ),
        }
      : null,
    guests: options.guests ? guestSettings(options.guests) : null,
    exchanges: options.exchanges
      ? {
          offers: options.exchanges.offers,
          whenUnavailable: options.exchanges.whenUnavailable ?? "refuse",
          instant: options.exchanges.instant ? { ...options.exchanges.instant } : null,
          paymentDays: options.exchanges.paymentDays ?? DEFAULT_PAYMENT_DAYS,
          whenUnpaid: options.exchanges.whenUnpaid ?? "store_credit",
        }
      : null,
    refundPolicy: parseRefundPolicy(options.policy?.refund),
    carriers: carrierSettings(options.carriers),
    returnMethods: options.policy?.returnMethods
      ? ReturnMethodsSchema.parse(options.policy.returnMethods)
      : null,
    logger,
    onError: options.onError,
    reportError: createFailureReporter(logger, options.onError),
  };
}
