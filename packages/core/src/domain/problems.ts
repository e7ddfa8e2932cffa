/**
 * @module domain/problems — RFC 9457 problem details as typed errors.
 *
 * The service throws `ProblemError`; the HTTP layer only serialises it. A host calling the
 * service in-process gets the same status, slug and extensions as an HTTP client.
 */

import type { ExchangeStatus } from "./exchange-status";
import type { LabelStatus } from "./parcel-schemas";
import type { LineReasons } from "./reason-narrowing";
import { FIT_CATEGORY } from "./reasons";
import { isCurrencyCode, toDecimalAmount } from "./refunds";

export const PROBLEM_TYPE_PREFIX = "urn:returnkit:problem:";

/** Marks the few refusals a key stores (`ProblemError.finalAnswer`). */
const FINAL_ANSWER = true;

export interface ValidationIssue {
  path: string;
  message: string;
}

/** An order line as problems name it. */
export interface OrderLineRef {
  sku: string;
  size: string | null;
  /** How many units can be returned now, where a problem lists lines. */
  returnable_quantity?: number;
}

/** Why a quantity was refused: the fields a client needs to ask for fewer. */
export interface QuantityRefusal {
  order_id: string;
  sku: string;
  size: string | null;
  /** Units asked for. */
  quantity: number;
  purchased: number;
  /** Units of the line in the order's other active returns. */
  in_returns: number;
  returnable_quantity: number;
}

/** The line's name only: a detail that counts units says which count it means in its own words. */
function describeOffers(offers: readonly string[]): string {
  return offers.length ? `on offer: ${offers.join(", ")}` : "nothing is on offer for it now";
}

function describeLine(line: { sku: string; size: string | null }) {
  return `${line.sku}${line.size === null ? "" : ` (size ${line.size})`}`;
}

function describeReturnableLine(line: OrderLineRef) {
  return line.returnable_quantity === undefined
    ? describeLine(line)
    : `${line.returnable_quantity} of ${describeLine(line)}`;
}

/** The sentence that lists an order's returnable lines (a line-not-on-order refusal's). */
function describeReturnable(returnable: readonly OrderLineRef[]) {
  return returnable.length
    ? `Lines that can be returned: ${returnable.map(describeReturnableLine).join(", ")}.`
    : "Nothing on it can be returned now.";
}

/** Why a return's refund cannot take a payout now (see `refundNotPayable`). */
export type UnpayableRefund = "not-final" | "no-refund" | "exchange" | "nothing-to-pay";

const UNPAYABLE_DETAIL: Record<UnpayableRefund, string> = {
  "not-final": "its refund is an estimate until the return is graded; record the payout once it is",
  "no-refund": "it has no refund: its order line has no price in an ISO 4217 currency",
  exchange:
    "the exchange leaves the shop nothing to refund (settled in goods, or the customer pays the difference)",
  "nothing-to-pay": "its final refund is 0",
};

/** Why no payment of an exchange's difference can be recorded (see `exchangePaymentNotExpected`). */
export type ExchangePaymentRefusal = ExchangeStatus | "no-exchange" | "nothing-owed" | "draft";

const EXCHANGE_PAYMENT_DETAIL: Partial<Record<ExchangePaymentRefusal, string>> = {
  "no-exchange": "it is no exchange",
  "nothing-owed": "the customer owes no difference (or the order line has no price)",
  draft: "it is a draft, whose exchange may still change; record the payment once it is submitted",
};

/** A payout refused because it is more than the final refund has left to pay. */
export interface PayoutOverLimit {
  return_id: string;
  amount: number;
  currency: string;
  refund_total: number;
  refunded_amount: number;
}

/** What a line allows, said briefly: the fit reasons by direction and body part, then the rest. */
function describeAllowedReasons({ codes, fit, categories }: LineReasons) {
  if (!codes.length) return "It allows no reason.";
  const other = categories.filter((category) => category !== FIT_CATEGORY);
  const said = [
    ...(fit
      ? [
          `fit reasons ${fit.directions.join(", ")}${fit.body_parts.length ? ` at ${fit.body_parts.join(", ")}` : ""}`,
        ]
      : []),
    ...(other.length ? [other.join(", ")] : []),
  ];
  return `It allows ${said.join("; and ")} (allowed_reasons lists the codes).`;
}

/** One refused line of a return request: its index and the problem a return of it alone gets. */
export interface RefusedLine extends ProblemDetails {
  index: number;
  return_id?: string;
}

export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail: string;
  [extension: string]: unknown;
}

/** "9.99 EUR", or "1000 XYZ (minor units)" for a code that is no ISO 4217 currency. */
function amountWords(amount: number, code: string): string {
  return isCurrencyCode(code)
    ? `${toDecimalAmount(amount, code)} ${code}`
    : `${amount} ${code} (minor units)`;
}

export class ProblemError extends Error {
  readonly status: number;
  readonly slug: string;
  readonly title: string;
  readonly extensions: Record<string, unknown>;
  /** Response headers that belong to this problem (WWW-Authenticate, Retry-After, ...). */
  readonly headers: Record<string, string>;
  /**
   * True when this refusal answers the request for good, so its Idempotency-Key stores it and
   * replays it to every retry. False (the default) when it asks for another request (a
   * corrected body, a current If-Match, the same request later): a retry must run again, not
   * get this refusal back for the key's lifetime.
   */
  readonly finalAnswer: boolean;

  constructor(
    status: number,
    slug: string,
    title: string,
    detail: string,
    extensions: Record<string, unknown> = {},
    headers: Record<string, string> = {},
    finalAnswer = false,
  ) {
    super(detail);
    this.name = "ProblemError";
    this.status = status;
    this.slug = slug;
    this.title = title;
    this.extensions = extensions;
    this.headers = headers;
    this.finalAnswer = finalAnswer;
  }

  get type(): string {
    return PROBLEM_TYPE_PREFIX + this.slug;
  }

  toJSON(): ProblemDetails {
    return {
      ...this.extensions,
      type: this.type,
      title: this.title,
      status: this.status,
      detail: this.message,
    };
  }

  /** Rebuilds an error from a stored problem body (idempotent replay): a key's final answer. */
  static fromDetails(details: ProblemDetails, headers: Record<string, string> = {}): ProblemError {
    const { type, title, status, detail, ...extensions } = details;
    const slug = type.startsWith(PROBLEM_TYPE_PREFIX)
      ? type.slice(PROBLEM_TYPE_PREFIX.length)
      : type;
    return new ProblemError(status, slug, title, detail, extensions, headers, FINAL_ANSWER);
  }
}

export function isProblemError(error: unknown): error is ProblemError {
  return error instanceof ProblemError;
}

/**
 * The catalogue of problems returnkit produces; each has one slug and one title. Only
 * `not-found` and `invalid-transition` are final answers: they answer the request itself
 * (no such return for this caller, the event did not apply in the state the return was in)
 * rather than ask for another one.
 */
export const problems = {
  invalidBody: (detail: string, errors: ValidationIssue[]) =>
    new ProblemError(400, "invalid-body", "The request body is invalid", detail, { errors }),
  invalidQuery: (detail: string, errors: ValidationIssue[]) =>
    new ProblemError(400, "invalid-query", "The query string is invalid", detail, { errors }),
  idempotencyKeyMissing: () =>
    new ProblemError(
      400,
      "idempotency-key-missing",
      "Idempotency-Key is required",
      "This operation changes data; send an Idempotency-Key header (1-255 printable ASCII characters) so it can be retried safely.",
    ),
  idempotencyKeyInvalid: (detail: string) =>
    new ProblemError(400, "idempotency-key-invalid", "Idempotency-Key is malformed", detail),
  unauthenticated: (detail: string, headers: Record<string, string> = {}) =>
    new ProblemError(401, "unauthenticated", "Authentication required", detail, {}, headers),
  invalidToken: (detail: string, headers: Record<string, string> = {}) =>
    new ProblemError(401, "invalid-token", "The access token is invalid", detail, {}, headers),
  insufficientScope: (required: string[], headers: Record<string, string> = {}) =>
    new ProblemError(
      403,
      "insufficient-scope",
      "The access token lacks a required scope",
      `This operation needs one of: ${required.join(", ")}.`,
      { required_scopes: required },
      headers,
    ),
  forbidden: (detail: string, headers: Record<string, string> = {}) =>
    new ProblemError(403, "forbidden", "Forbidden", detail, {}, headers),
  /** `POST /v1/carriers/{name}/events` for a carrier the service takes no webhooks from. */
  carrierNotFound: (name: string) =>
    new ProblemError(
      404,
      "not-found",
      "Carrier not found",
      `No carrier named "${name}" sends tracking events to this service.`,
      { carrier: name },
    ),
  /** A tracking webhook whose signature is missing or wrong: forged, or tampered with. */
  trackingSignatureInvalid: (name: string) =>
    new ProblemError(
      401,
      "tracking-signature-invalid",
      "The tracking event's signature is invalid",
      `The event is not signed with the ${name} webhook secret the service holds.`,
      { carrier: name },
    ),
  /** A signed tracking webhook in no shape the carrier's adapter knows. */
  trackingEventMalformed: (name: string) =>
    new ProblemError(
      400,
      "tracking-event-malformed",
      "The tracking event is malformed",
      `The event is signed, but not in a shape the ${name} adapter reads.`,
      { carrier: name },
    ),
  returnRequestNotFound: (id: string) =>
    new ProblemError(
      404,
      "not-found",
      "Return request not found",
      `No return request with id "${id}" exists for this caller.`,
      { return_request_id: id },
      {},
      FINAL_ANSWER,
    ),
  /**
   * Lines of a return request refused, all named: 422 when any is refused by the order's rules,
   * 400 when every one is a body the order cannot take (a line it does not have, a size not
   * offered). Nothing was written. `returnable`, when a line is not on the order: the order's
   * returnable lines, listed once for every such line (each line's own refusal leaves them out).
   */
  returnRequestRefused: (lines: RefusedLine[], returnable?: OrderLineRef[]) => {
    const status = lines.some((line) => line.status === 422) ? 422 : 400;
    const named = lines.map((line) => `line ${line.index}: ${line.detail}`).join(" ");
    const listed = returnable ? ` ${describeReturnable(returnable)}` : "";
    return new ProblemError(
      status,
      "return-request-refused",
      "Lines of the return request were refused",
      `Nothing was written: ${lines.length === 1 ? "one line was" : `${lines.length} lines were`} refused. ${named}${listed}`,
      { lines, ...(returnable ? { returnable_lines: returnable } : {}) },
    );
  },
  /** A request-wide event found no return it applies to (no draft to submit, none approved to ship). */
  returnRequestNothingToDo: (id: string, event: string, state: string) =>
    new ProblemError(
      409,
      "return-request-nothing-to-do",
      "No return of the request can take the event",
      `Cannot ${event} return request ${id}: none of its returns is ${state}.`,
      { return_request_id: id, event, state },
    ),
  returnNotFound: (id: string) =>
    new ProblemError(
      404,
      "not-found",
      "Return not found",
      `No return with id "${id}" exists for this caller.`,
      { return_id: id },
      {},
      FINAL_ANSWER,
    ),
  routeNotFound: (path: string) =>
    new ProblemError(404, "route-not-found", "No such route", `Nothing is served at ${path}.`),
  /** The request reached the service outside the path of its baseUrl: mounted elsewhere. */
  outsideMountPath: (path: string, baseUrl: string) =>
    new ProblemError(
      404,
      "route-not-found",
      "No such route",
      `Nothing is served at ${path}: this service's baseUrl is ${baseUrl}, so it serves only paths under ${new URL(baseUrl).pathname}. Mount it there, or set baseUrl to where it is mounted.`,
      { base_url: baseUrl },
    ),
  unknownEvent: (event: string, known: readonly string[]) =>
    new ProblemError(
      404,
      "unknown-event",
      "Unknown event",
      `"${event}" is not an event; known events: ${known.join(", ")}.`,
      { event, known_events: [...known] },
    ),
  methodNotAllowed: (method: string, allowed: string[]) =>
    new ProblemError(
      405,
      "method-not-allowed",
      "Method not allowed",
      `${method} is not allowed here; use ${allowed.join(", ")}.`,
      { allowed_methods: allowed },
      { allow: allowed.join(", ") },
    ),
  invalidTransition: (event: string, state: string, allowed: string[]) =>
    new ProblemError(
      409,
      "invalid-transition",
      "The event does not apply in this state",
      `Cannot ${event} a return that is ${state}.` +
        (allowed.length ? ` Allowed now: ${allowed.join(", ")}.` : " No event applies any more."),
      { event, state, allowed_events: allowed },
      {},
      FINAL_ANSWER,
    ),
  concurrentUpdate: (id: string) =>
    new ProblemError(
      409,
      "concurrent-update",
      "The return changed while this request ran",
      `Return ${id} was changed by another request; retry.`,
      { return_id: id },
    ),
  historyLimitReached: (event: string, entries: number, max: number) =>
    new ProblemError(
      409,
      "history-limit-reached",
      "The return's history is full",
      event === "update"
        ? `This draft has been changed as often as a return allows (its history holds ${entries} entries). Submit it as it is, or cancel it and create a new return.`
        : `This return has been flagged as often as its history allows (${entries} entries, at most ${max}). Decide on it now: it can still be rejected, or go on through its lifecycle.`,
      { event, history_entries: entries, max_history_entries: max },
    ),
  /** A payout recorded on a return whose refund cannot be paid now (or ever). */
  refundNotPayable: (id: string, state: string, why: UnpayableRefund) =>
    new ProblemError(
      409,
      "refund-not-payable",
      "The return's refund cannot take a payout",
      `No payout can be recorded on return ${id} (${state}): ${UNPAYABLE_DETAIL[why]}.`,
      { return_id: id, state, refund_refusal: why },
    ),
  /** A payout above what the final refund has left to pay; names the limit. */
  refundExceedsTotal: (refused: PayoutOverLimit) => {
    const { amount, currency, refund_total, refunded_amount } = refused;
    const refundable_amount = refund_total - refunded_amount;
    const money = (minor: number) => `${toDecimalAmount(minor, currency)} ${currency}`;
    return new ProblemError(
      422,
      "refund-exceeds-total",
      "The payout is more than the refund has left to pay",
      `A payout of ${money(amount)} was refused: return ${refused.return_id}'s final refund is ${money(refund_total)}, ${money(refunded_amount)} of it recorded already, so at most ${money(refundable_amount)} can be recorded.`,
      { ...refused, refundable_amount },
    );
  },
  refundCurrencyMismatch: (id: string, sent: string, currency: string) =>
    new ProblemError(
      422,
      "refund-currency-mismatch",
      "The payout is not in the refund's currency",
      `Return ${id} refunds in ${currency}; a payout in ${sent} cannot be recorded on it.`,
      { return_id: id, currency },
    ),
  /** A reference recorded already, sent again with another amount. */
  payoutReferenceConflict: (
    id: string,
    payout: { id: string; reference: string; amount: number },
  ) =>
    new ProblemError(
      409,
      "payout-reference-conflict",
      "The reference names another payout",
      `Return ${id} recorded payout ${payout.id} under reference "${payout.reference}" with amount ${payout.amount}; one reference is one payout: send a new reference for another payout.`,
      { return_id: id, reference: payout.reference, payout_id: payout.id, amount: payout.amount },
    ),
  /** No payment of an exchange's difference is awaited: none owed, paid, or not open. */
  exchangePaymentNotExpected: (id: string, why: ExchangePaymentRefusal) =>
    new ProblemError(
      409,
      "exchange-payment-not-expected",
      "The return awaits no payment of an exchange difference",
      `No exchange payment can be recorded on return ${id}: ${EXCHANGE_PAYMENT_DETAIL[why] ?? `its exchange is ${why}`}.`,
      { return_id: id, exchange_refusal: why },
    ),
  /** A payment recorded already under another reference (or amount). */
  exchangePaymentConflict: (id: string, payment: { reference: string; amount: number }) =>
    new ProblemError(
      409,
      "exchange-payment-conflict",
      "The exchange's payment is recorded already",
      `Return ${id} recorded the customer's payment under reference "${payment.reference}" with amount ${payment.amount}; an exchange takes one payment.`,
      { return_id: id, reference: payment.reference, amount: payment.amount },
    ),
  /** A payment of another amount or currency than the difference owed. */
  exchangePaymentMismatch: (
    id: string,
    sent: { amount: number; currency?: string | undefined },
    amount: number,
    currency: string,
  ) =>
    new ProblemError(
      422,
      "exchange-payment-mismatch",
      "The payment is not the difference owed",
      `Return ${id}'s customer owes ${toDecimalAmount(amount, currency)} ${currency}; a payment of ${amountWords(sent.amount, sent.currency ?? currency)} cannot be recorded on it.`,
      { return_id: id, amount, currency },
    ),
  exchangeNotReleased: (id: string, status: ExchangeStatus | null) =>
    new ProblemError(
      409,
      "exchange-not-released",
      "The exchange is not released",
      `Return ${id}'s exchange is ${status ?? "absent"}: an exchange order can be recorded once the exchange is released.`,
      { return_id: id, exchange_status: status },
    ),
  labelNotReissuable: (id: string, status: LabelStatus | null, why: string) =>
    new ProblemError(
      409,
      "label-not-reissuable",
      "The return label cannot be reissued",
      `Return ${id}'s label cannot be reissued: ${why}`,
      { return_id: id, label_status: status },
    ),
  exchangeOrderConflict: (id: string, recorded: string, sent: string) =>
    new ProblemError(
      409,
      "exchange-order-conflict",
      "The exchange order is recorded already",
      `Return ${id} recorded exchange order "${recorded}"; "${sent}" cannot replace it.`,
      { return_id: id, exchange_order_id: recorded },
    ),
  payoutLimitReached: (id: string, max: number) =>
    new ProblemError(
      409,
      "payout-limit-reached",
      "The return holds as many payouts as it can",
      `Return ${id} has ${max} payouts recorded, the most a return keeps; record the rest as one payout.`,
      { return_id: id, max_payouts: max },
    ),
  preconditionFailed: (expected: string, actual: number) =>
    new ProblemError(
      412,
      "precondition-failed",
      "The return is not at the expected version",
      `If-Match named ${expected}, but the return is at version ${actual}.`,
      { current_version: actual },
    ),
  /** A document's If-Match named none of its current entity tags (`http/conditional.ts`). */
  documentChanged: (etag: string) =>
    new ProblemError(
      412,
      "document-changed",
      "The document is not at the expected version",
      `If-Match does not name this document's current entity tag, ${etag}.`,
      { current_etag: etag },
    ),
  bodyAborted: (cause: unknown) => {
    const problem = new ProblemError(
      400,
      "body-aborted",
      "The request body ended early",
      "The connection closed before the whole body arrived.",
    );
    problem.cause = cause;
    return problem;
  },
  payloadTooLarge: (limit: number) =>
    new ProblemError(
      413,
      "payload-too-large",
      "Request body too large",
      `The body exceeds ${limit} bytes.`,
      { limit_bytes: limit },
      // The rest of the upload is not read: close rather than keep the connection alive.
      { connection: "close" },
    ),
  unsupportedMediaType: (got: string | null) =>
    new ProblemError(
      415,
      "unsupported-media-type",
      "Unsupported media type",
      `Send the body as application/json${got ? `, not ${got}` : ""}.`,
    ),
  idempotencyKeyReused: () =>
    new ProblemError(
      422,
      "idempotency-key-reused",
      "Idempotency-Key reused with another request",
      "This Idempotency-Key was already used with a different request body; use a new key for a new request.",
    ),
  // ---- webhook endpoints managed over HTTP (none is a final answer: endpoints come and go)

  endpointNotFound: (id: string) =>
    new ProblemError(
      404,
      "endpoint-not-found",
      "Webhook endpoint not found",
      `No webhook endpoint with id "${id}" exists.`,
      { endpoint_id: id },
    ),
  endpointExists: (id: string) =>
    new ProblemError(
      409,
      "endpoint-exists",
      "The webhook endpoint exists",
      `A webhook endpoint with id "${id}" exists already (one per URL unless an id is given); change it, rotate its secret, or delete it first.`,
      { endpoint_id: id },
    ),
  /** A subscriber, or an endpoint from the service's options: the code owns what was asked. */
  endpointManagedInCode: (id: string, by: "subscriber" | "options") =>
    new ProblemError(
      409,
      "endpoint-managed-in-code",
      "The endpoint is managed in code",
      by === "subscriber"
        ? `"${id}" is a subscriber: host code, with no URL or secret. Only enabling or disabling it is possible here.`
        : `"${id}" is configured in the service's options, which would restore it on the next start. Change it there; only enabling or disabling it is possible here.`,
      { endpoint_id: id, managed_by: by },
    ),
  redeliveryOutOfOrder: (
    eventId: string,
    ahead: ReadonlyArray<{ event_id: string; endpoint_id: string; dead_at: string | null }>,
    recoverSince: string | null,
  ) =>
    new ProblemError(
      409,
      "redelivery-out-of-order",
      "An earlier event of the return is dead too",
      `Reviving "${eventId}" alone would send it before ${ahead
        .map((d) => `"${d.event_id}" (to ${d.endpoint_id})`)
        .join(
          ", ",
        )}, earlier events of its return that are dead too. Redeliver those first, oldest first, or POST /v1/webhooks/recover${recoverSince === null ? "" : ` with since ${recoverSince}`}, which keeps order; send out_of_order: true to send it anyway.`,
      {
        event_id: eventId,
        dead_ahead: ahead.map(({ event_id, endpoint_id, dead_at }) => ({
          event_id,
          endpoint_id,
          dead_at,
        })),
      },
    ),
  /** A webhook URL that points inside the network, or carries credentials (`rule` says which). */
  webhookDestinationRefused: (refusal: { rule: string; message: string }) =>
    new ProblemError(
      422,
      "webhook-destination-refused",
      "The webhook destination is not allowed",
      `${refusal.message.charAt(0).toUpperCase()}${refusal.message.slice(1)}.`,
      { rule: refusal.rule },
    ),
  /** One test event at a time per endpoint: a receiver is not a load target. */
  testEventInFlight: (id: string, retryAfterSeconds: number) =>
    new ProblemError(
      409,
      "test-event-in-flight",
      "A test event is in flight",
      `A test event to "${id}" is waiting for its answer; send the next one once it has.`,
      { endpoint_id: id },
      { "retry-after": String(retryAfterSeconds) },
    ),
  /** A change computed from a version of the endpoint another change replaced first. */
  endpointConcurrentUpdate: (id: string) =>
    new ProblemError(
      409,
      "endpoint-concurrent-update",
      "The webhook endpoint changed while this request ran",
      `Webhook endpoint "${id}" was changed by another request, and this change was not applied; send it again.`,
      { endpoint_id: id },
    ),
  eventNotFound: (id: string) =>
    new ProblemError(
      404,
      "event-not-found",
      "Webhook event not found",
      `No webhook event with id "${id}" exists.`,
      { event_id: id },
    ),
  // ---- a return checked against the shop's order (none is a final answer: each depends on
  // time, on the order as the shop keeps it, or on the order's other returns)

  /** The same body for an order that does not exist and another customer's order. */
  /**
   * A guest's lookup that found nothing: the same answer, byte for byte, for an unknown order
   * number and for a wrong email or postcode, so it never tells that a number exists.
   */
  guestOrderNotFound: () =>
    new ProblemError(
      404,
      "order-not-found",
      "Order not found",
      "No order matches this order number and email or postcode.",
    ),
  /** Too many guest lookups from this address or for this order number in the window. */
  tooManyGuestLookups: (retryAfterSeconds: number) =>
    new ProblemError(
      429,
      "too-many-lookups",
      "Too many attempts",
      `Too many attempts to find an order; try again in ${retryAfterSeconds} seconds.`,
      {},
      { "retry-after": String(retryAfterSeconds) },
    ),
  orderNotFound: (orderId: string) =>
    new ProblemError(
      404,
      "order-not-found",
      "Order not found",
      `No order "${orderId}" exists for this caller.`,
      { order_id: orderId },
    ),
  ordersNotConfigured: () =>
    new ProblemError(
      404,
      "orders-not-configured",
      "Orders are not configured",
      "This service is not connected to the shop's orders, so it cannot tell what an order holds or what can be returned from it.",
    ),
  /**
   * `returnable`: the order's lines a new return could name now; null for a line of a return
   * request, whose refusal lists them once for all its lines (`returnRequestRefused`).
   */
  lineNotOnOrder: (
    orderId: string,
    line: { sku: string; size: string | null },
    returnable: OrderLineRef[] | null,
  ) => {
    const named = `${line.sku}${line.size === null ? " without a size" : ` in size ${line.size}`}`;
    const listed = returnable ? ` ${describeReturnable(returnable)}` : "";
    return new ProblemError(
      400,
      "line-not-on-order",
      "The line is not on the order",
      `Order "${orderId}" has no line ${named}.${listed}`,
      {
        order_id: orderId,
        sku: line.sku,
        size: line.size,
        ...(returnable ? { returnable_lines: returnable } : {}),
        errors: [{ path: "line", message: `no line ${named} on order "${orderId}"` }],
      },
    );
  },
  quantityExceedsReturnable: (refused: QuantityRefusal) =>
    new ProblemError(
      422,
      "quantity-exceeds-returnable",
      "More units than can be returned",
      `${refused.quantity} of ${describeLine(refused)} asked for, but ${
        refused.returnable_quantity === 0 ? "none" : `only ${refused.returnable_quantity}`
      } can be returned: ${refused.purchased} bought, ${refused.in_returns} in other returns.`,
      { ...refused },
    ),
  returnWindowClosed: (orderId: string, line: OrderLineRef, returnableUntil: string) =>
    new ProblemError(
      422,
      "return-window-closed",
      "The return window has closed",
      `${describeLine(line)} of order "${orderId}" could be returned until ${returnableUntil}.`,
      { order_id: orderId, sku: line.sku, size: line.size, returnable_until: returnableUntil },
    ),
  notReturnable: (orderId: string, line: OrderLineRef) =>
    new ProblemError(
      422,
      "not-returnable",
      "The item cannot be returned",
      `${describeLine(line)} of order "${orderId}" was sold as final sale.`,
      { order_id: orderId, sku: line.sku, size: line.size, final_sale: true },
    ),
  refusedByPolicy: (orderId: string, line: OrderLineRef, code: string, detail: string) =>
    new ProblemError(
      422,
      "refused-by-policy",
      "The shop's return policy refuses this return",
      detail,
      {
        order_id: orderId,
        sku: line.sku,
        size: line.size,
        code,
      },
    ),
  /** The reason is of the catalogue, but not one the shop allows for this line's product. */
  reasonNotAllowed: (
    orderId: string,
    line: { sku: string; size: string | null },
    reason: string,
    allowed: LineReasons,
  ) => {
    return new ProblemError(
      422,
      "reason-not-allowed",
      "The reason does not fit this product",
      `${reason} is not a reason for ${describeLine(line)}. ${describeAllowedReasons(allowed)}`,
      {
        order_id: orderId,
        sku: line.sku,
        size: line.size,
        reason,
        allowed_reasons: allowed.codes,
        errors: [{ path: "reason", message: `not allowed for ${describeLine(line)}` }],
      },
    );
  },
  /** The line asks to be exchanged for an item the shop does not offer for it. */
  exchangeNotOffered: (orderId: string, line: OrderLineRef, wanted: string, offers: string[]) =>
    new ProblemError(
      422,
      "exchange-not-offered",
      "The item asked for in exchange is not offered",
      `${describeLine(line)} cannot be exchanged for ${wanted}; ${describeOffers(offers)}.`,
      {
        order_id: orderId,
        sku: line.sku,
        size: line.size,
        exchange_for: wanted,
        offers,
        errors: [{ path: "exchange_for.sku", message: `not offered; ${describeOffers(offers)}` }],
      },
    ),
  /** The item asked for in exchange is offered but not available now (out of stock). */
  exchangeUnavailable: (orderId: string, line: OrderLineRef, wanted: string, offers: string[]) =>
    new ProblemError(
      422,
      "exchange-unavailable",
      "The item asked for in exchange is not available",
      `${wanted}, asked for in exchange for ${describeLine(line)}, is not available now; ${describeOffers(offers)}.`,
      {
        order_id: orderId,
        sku: line.sku,
        size: line.size,
        exchange_for: wanted,
        offers,
        errors: [{ path: "exchange_for.sku", message: "not available now" }],
      },
    ),
  /** At approval, the item a return is exchanged for is no longer offered or available. */
  exchangeNoLongerAvailable: (returnId: string, line: OrderLineRef, wanted: string) =>
    new ProblemError(
      409,
      "exchange-no-longer-available",
      "The item to exchange for is no longer available",
      `Return ${returnId} cannot be approved: ${wanted}, asked for in exchange for ${describeLine(line)}, is no longer offered or available. Change the return's resolution, or approve it once the item is back.`,
      { return_id: returnId, sku: line.sku, size: line.size, exchange_for: wanted },
    ),
  /** The host's order hooks threw: the order cannot be checked now. `cause` holds the error. */
  ordersUnavailable: (cause: unknown) => {
    const problem = new ProblemError(
      502,
      "orders-unavailable",
      "The shop's orders cannot be read",
      "The shop's order system could not be reached to check this request; retry shortly. A write retried with the same Idempotency-Key is applied at most once.",
      {},
      { "retry-after": "1" },
    );
    problem.cause = cause;
    return problem;
  },
  /** The host's order hooks answered something no rule can read. `cause` says what. */
  orderSourceInvalid: (cause: unknown) => {
    const problem = new ProblemError(
      502,
      "order-source-invalid",
      "The shop's order data cannot be used",
      "The shop's order system answered in a form this service cannot check a return against; the shop has been told.",
    );
    problem.cause = cause;
    return problem;
  },

  /**
   * The store's database cannot serve the request right now (store/unavailable.ts).
   * Retry-After 1: a restart or a failover is usually over in seconds, and a client backs
   * off on its own after that.
   */
  storeUnavailable: () =>
    new ProblemError(
      503,
      "store-unavailable",
      "Service temporarily unavailable",
      "The service's database cannot serve this request right now; retry shortly. A write retried with the same Idempotency-Key is applied at most once.",
      {},
      { "retry-after": "1" },
    ),
  internal: () =>
    new ProblemError(
      500,
      "internal",
      "Internal error",
      "Something went wrong on our side; it is safe to retry.",
    ),
} as const;
