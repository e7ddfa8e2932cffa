/**
 * @module returns/types — what the returns operations take and give back. Both the service
 * (which builds them) and the HTTP layer (which calls them) import these, never each other.
 */
import type { MerchantEvent, ReturnEvent } from "../domain/machine";
import type { Principal } from "../domain/principal";
import type { ReasonDescription } from "../domain/reasons";
import type {
  EventBodies,
  HealthReport,
  MerchantListQuery,
  PortalListQuery,
  RecordExchangeOrderInput,
  RecordExchangePaymentInput,
  RecordRefundInput,
  ReturnableOrder,
  ReturnData,
  ReturnRequestData,
  ReturnRequestEstimate,
  UpdateReturnInput,
} from "../domain/schemas";
import type { FitSignal } from "./events";

/** The host's rule run at submit: true approves the return in the same commit, as actor `policy`. */
export type AutoApprove = (record: ReturnData) => boolean | Promise<boolean>;

/** Told after a commit that produced fit signals (its errors are reported, never rethrown). */
export type FitSignalHook = (signal: FitSignal) => void | Promise<void>;

export interface OperationContext {
  principal: Principal;
  /** The Idempotency-Key (raw header value: quoted or bare). */
  idempotencyKey?: string;
  /** If-Match: an ETag (`"3"`, `W/"3"`), a version number, or `*`. */
  ifMatch?: string | number;
  /**
   * The id of the request being served (its `Request-Id`), kept on the outbox events the
   * write commits and sent with their webhooks. Over HTTP the service sets it; an in-process
   * caller passes its own or leaves it out (null on the events). One that is not 1-200
   * visible ASCII characters is ignored.
   */
  requestId?: string | null;
  /** A W3C `traceparent` of the write's commit, kept on the outbox events it commits. */
  traceparent?: string | null;
}

export interface ReturnResult {
  record: ReturnData;
  /** HTTP status this outcome maps to (201 on create). */
  status: number;
  /** True when an earlier response to the same Idempotency-Key was replayed. */
  replayed: boolean;
  /** The response headers that belong to this outcome (`etag`, and `location` on create). */
  headers: Record<string, string>;
}

export interface ReturnListResult {
  data: ReturnData[];
  next_cursor: string | null;
}

/** The typed operations a host calls in-process. */
export interface ReturnOperations extends ReturnRequestOperations {
  /** Creates a draft return for the calling customer (201). */
  createReturn(input: unknown, ctx: OperationContext): Promise<ReturnResult>;
  /** PATCHes a draft's reason, resolution or exchange size. */
  updateDraft(id: string, patch: UpdateReturnInput, ctx: OperationContext): Promise<ReturnResult>;
  /** Sends `submit` (body: `{ note? }`, or `{}`). Like every operation, the context comes last. */
  submit(
    id: string,
    body: EventBodies["submit"] | undefined,
    ctx: OperationContext,
  ): Promise<ReturnResult>;
  cancel(
    id: string,
    body: EventBodies["cancel"] | undefined,
    ctx: OperationContext,
  ): Promise<ReturnResult>;
  /** Sends one of the eight merchant events. An unknown event name is a 404. */
  advance<E extends MerchantEvent>(
    id: string,
    event: E | (string & {}),
    body: EventBodies[E] | undefined,
    ctx: OperationContext,
  ): Promise<ReturnResult>;
  get(id: string, ctx: OperationContext): Promise<ReturnData>;
  list(
    query: PortalListQuery | MerchantListQuery | Record<string, unknown>,
    ctx: OperationContext,
  ): Promise<ReturnListResult>;
  /**
   * What the calling customer can return from `orderId` now, line by line (portal read).
   * A 404 for an unknown order, another customer's, or a service without `orders`.
   */
  returnableLines(orderId: string, ctx: OperationContext): Promise<ReturnableOrder>;
  /** Events this principal may send to `record` now (for links and 409 bodies). */
  allowedEventsFor(record: ReturnData, principal: Principal): ReturnEvent[];
  /**
   * Records a payout the host made of return `id`'s final refund (back office), publishing
   * `return.refunded`: `{ amount, reference, issued_at?, currency? }`, the amount in the
   * refund's minor unit, at most what the refund has left to pay (422 naming the limit).
   * Several partial payouts are fine; a reference recorded already with the same amount
   * records nothing more. 409 before the return is graded, for an exchange, or a refund of 0.
   */
  recordRefund(id: string, body: RecordRefundInput, ctx: OperationContext): Promise<ReturnResult>;
  /**
   * Records the customer's payment of return `id`'s exchange difference (back office),
   * publishing `return.exchange_paid`, and `return.exchange_released` when the exchange can go
   * out now: `{ amount, reference, currency?, paid_at? }`, exactly the `customer_pays`
   * difference (422 otherwise). 409 when no payment is awaited; the same reference and amount
   * again records nothing; another once paid is a 409.
   */
  recordExchangePayment(
    id: string,
    body: RecordExchangePaymentInput,
    ctx: OperationContext,
  ): Promise<ReturnResult>;
  /**
   * Records the host's order that sends return `id`'s released exchange (back office),
   * publishing `return.exchange_order_recorded`: `{ order_id }`. 409 before release, or when
   * another order is recorded; the same order again records nothing.
   */
  recordExchangeOrder(
    id: string,
    body: RecordExchangeOrderInput,
    ctx: OperationContext,
  ): Promise<ReturnResult>;
  /**
   * Replaces return `id`'s parcel label (back office): an approved return's `created`, `failed`
   * or `needs_staff` label goes back to `pending` and the label job buys a new one for the
   * parcel; a bought label is voided by a job of its own (`label.replaces`). 409
   * `label-not-reissuable` otherwise. No body.
   */
  reissueLabel(
    id: string,
    body: Record<string, never>,
    ctx: OperationContext,
  ): Promise<ReturnResult>;
}

/** A write's method and path without the mount prefix: the scope of its Idempotency-Key. */
export interface WriteTarget {
  method: string;
  path: string;
}

/**
 * Where the writes live in the route table, handed to the operations so an in-process call
 * scopes its key exactly as the same request over HTTP would.
 */
export interface WriteTargets {
  create: WriteTarget;
  event(event: ReturnEvent, id: string): WriteTarget;
  /** Where a payout of return `id` is recorded. */
  refund(id: string): WriteTarget;
  /** Where the customer's payment of return `id`'s exchange difference is recorded. */
  exchangePayment(id: string): WriteTarget;
  /** Where the host's order sending return `id`'s exchange is recorded. */
  exchangeOrder(id: string): WriteTarget;
  /** Where return `id`'s parcel label is reissued. */
  labelReissue(id: string): WriteTarget;
  /** The path of one return, for a new return's Location. */
  returnPath(id: string): string;
  requests: RequestTargets;
}

/** What the HTTP routes call of the returns: the writes, reads, reason catalogue and health. */
export interface ReturnsRequestOperations extends ReturnRequestOperations {
  createReturn(input: unknown, ctx: OperationContext): Promise<ReturnResult>;
  sendEvent(
    id: string,
    event: ReturnEvent,
    body: unknown,
    ctx: OperationContext,
  ): Promise<ReturnResult>;
  get(id: string, ctx: OperationContext): Promise<ReturnData>;
  list(query: Record<string, unknown>, ctx: OperationContext): Promise<ReturnListResult>;
  returnableLines(orderId: string, ctx: OperationContext): Promise<ReturnableOrder>;
  /** The reason catalogue, for any caller with a read scope of its family. */
  reasons(ctx: OperationContext): Promise<ReasonDescription[]>;
  /** The health check, for anyone (no caller: load balancers and probes). */
  health(): Promise<HealthReport>;
  allowedEventsFor(record: ReturnData, principal: Principal): ReturnEvent[];
  recordRefund(id: string, body: unknown, ctx: OperationContext): Promise<ReturnResult>;
  recordExchangePayment(id: string, body: unknown, ctx: OperationContext): Promise<ReturnResult>;
  recordExchangeOrder(id: string, body: unknown, ctx: OperationContext): Promise<ReturnResult>;
  reissueLabel(id: string, body: unknown, ctx: OperationContext): Promise<ReturnResult>;
}

/** The request-wide events: a customer submits every draft, the back office ships a parcel. */
export type RequestEvent = "submit" | "ship";

/** Where the return request writes live in the route table (see `WriteTargets`). */
export interface RequestTargets {
  create: WriteTarget;
  event(event: RequestEvent, id: string): WriteTarget;
  /** The customer's path of one request, for a new request's Location. */
  requestPath(id: string): string;
}

export interface ReturnRequestResult {
  request: ReturnRequestData;
  /** 201 on create, else 200. */
  status: number;
  /** True when an earlier response to the same Idempotency-Key was replayed. */
  replayed: boolean;
  /** `location` on create. */
  headers: Record<string, string>;
}

/** Return requests: several lines of one order, created, submitted and shipped together. */
export interface ReturnRequestOperations {
  /** Creates one draft return per line, all or none (201). */
  createReturnRequest(input: unknown, ctx: OperationContext): Promise<ReturnRequestResult>;
  /**
   * What the request in `input` (a create's body) would refund if created now: every line
   * checked as create checks it, the shipping fee shared among them; nothing is written.
   */
  estimateReturnRequest(input: unknown, ctx: OperationContext): Promise<ReturnRequestEstimate>;
  /** The request with its returns as they stand (a customer sees only its own: else 404). */
  getReturnRequest(id: string, ctx: OperationContext): Promise<ReturnRequestData>;
  /** Submits every draft of the request (body: `{ note? }`), all or none. */
  submitReturnRequest(
    id: string,
    body: unknown,
    ctx: OperationContext,
  ): Promise<ReturnRequestResult>;
  /** Records one parcel (`{ carrier?, tracking_number?, note? }`) for every approved return. */
  shipReturnRequest(id: string, body: unknown, ctx: OperationContext): Promise<ReturnRequestResult>;
}
