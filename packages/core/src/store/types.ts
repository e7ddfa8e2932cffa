/**
 * @module store/types — the contract every returnkit store implements.
 *
 * The words MUST, MUST NOT and SHOULD are used as in RFC 2119. The conformance suite in
 * `@returnkit/testing` checks each guarantee; a store that passes it can back the
 * service. Stores hold JSON-safe values only; they never interpret a return beyond the
 * columns named here.
 */
import type { PersistedReturnSnapshot, ReturnState } from "../domain/machine";
import type { FitReasonRule } from "../domain/reasons";
import type { Resolution, ReturnData } from "../domain/schemas";

/** A return as stored: the public record plus the machine snapshot it was derived from. */
export interface StoredReturn {
  record: ReturnData;
  snapshot: PersistedReturnSnapshot;
}

// ---------------------------------------------------------------- outbox and webhooks

/** Webhook event types. */
export type WebhookEventType =
  | "return.created"
  | "return.submitted"
  | "return.approved"
  | "return.rejected"
  | "return.flagged"
  | "return.unflagged"
  | "return.in_transit"
  | "return.received"
  | "return.graded"
  | "return.closed"
  | "return.cancelled"
  | "return.fit_signal"
  | "return.refunded"
  | "return.exchange_released"
  | "return.exchange_paid"
  | "return.exchange_fallen_back"
  | "return.exchange_order_recorded"
  | "return.exchange_hold_due"
  | "return.exchange_hold_released"
  // The parcel: its label bought, a carrier's scan recorded.
  | "return.label_created"
  | "return.tracking_updated"
  // A customer's: their personal data erased (the subject is the pseudonym).
  | "customer.erased";

/** The JSON body sent to receivers: `{ type, timestamp, data }`. */
export interface WebhookPayload {
  type: WebhookEventType;
  timestamp: string;
  data: Record<string, unknown>;
}

/**
 * What an event is about: the queue its deliveries wait in. A return's events, whether they
 * record a lifecycle transition or not (a payout recorded, a label created), share the
 * return's queue; a customer's events (an erasure) share the customer's. Stores treat `kind`
 * and `id` as an opaque pair: a later kind needs no change to a store.
 */
export interface EventSubject {
  kind: "return" | "customer";
  id: string;
}

/**
 * An event written to the outbox in the same commit as what it records: a return's state
 * change, or something recorded without one.
 */
export interface OutboxEventInput {
  /** `evt_` + ULID; also the `webhook-id` header, stable across retries. */
  id: string;
  /** The return the event is about, or null for an event about no return (see `subject`). */
  return_id: string | null;
  /**
   * What the event is about. When absent, the return `return_id` (which MUST then be given);
   * when given with kind `return`, its `id` MUST equal `return_id`, and with any other kind
   * `return_id` MUST be null. A store MAY throw on an event that breaks this (a programming
   * error).
   */
  subject?: EventSubject;
  /**
   * The history `seq` of the transition that produced it, or null for an event that records
   * no transition (its return's history is unchanged by it).
   */
  seq: number | null;
  type: WebhookEventType;
  payload: WebhookPayload;
  created_at: string;
  /**
   * The id of the request whose commit wrote the event (the response's `Request-Id`), or
   * null for a change made without one. Opaque to the store: kept and returned as given.
   */
  request_id?: string | null;
  /**
   * A W3C `traceparent` of the commit that wrote the event, or null. Opaque to the store:
   * kept and returned as given.
   */
  traceparent?: string | null;
}

/** An event as stored: the optional fields given or null, its subject, and its position. */
export interface OutboxEvent extends OutboxEventInput {
  subject: EventSubject;
  request_id: string | null;
  traceparent: string | null;
  /**
   * Commit order assigned by the store: strictly increasing within one subject (a later
   * commit about the same return, or the same customer, always gets a larger position).
   * Order across subjects is unspecified.
   */
  position: number;
}

/**
 * Where the outbox delivers events: a webhook endpoint (HTTP), or a subscriber, host code
 * in the host's own processes. Both get one delivery per matching event, claimed, retried,
 * dead-lettered and revived alike; only the attempt differs.
 */
export type OutboxEndpoint = WebhookEndpoint | SubscriberEndpoint;

export interface EndpointFields {
  id: string;
  /** Event types to receive; `null` means all. */
  types: WebhookEventType[] | null;
  enabled: boolean;
  /** Why the endpoint was disabled (e.g. `410 Gone`), when it is. */
  disabled_reason: string | null;
  created_at: string;
}

/** One signing secret of a webhook endpoint. */
export interface EndpointSecret {
  /** `whsec_…`. */
  secret: string;
  /**
   * ISO time from which it no longer signs; null while it signs for as long as it is kept
   * (the newest secret, or every secret an endpoint from options was given).
   */
  until: string | null;
}

export interface WebhookEndpoint extends EndpointFields {
  kind: "webhook";
  url: string;
  /** The newest first. Each signs every attempt made before its own `until`. */
  secrets: EndpointSecret[];
  /**
   * Who owns the endpoint: `"api"` (created at run time, over HTTP or the CLI), or
   * `"options"` (the service's `webhooks.endpoints`, saved again at each start, so only
   * enabling or disabling it may be changed at run time).
   */
  managed_by: "api" | "options";
}

/**
 * A subscriber (the service's `subscribers` option): its deliveries are attempted by calling
 * its `handle` in a process that runs it, so only a claim naming it may take them.
 */
export interface SubscriberEndpoint extends EndpointFields {
  kind: "subscriber";
}

/** An endpoint with the version its last write gave it, for a conditional write (`writeEndpoint`). */
export interface VersionedEndpoint {
  endpoint: OutboxEndpoint;
  /** Opaque to callers: only ever passed back as `expectedVersion`. */
  version: number;
}

/**
 * One conditional write of an endpoint. `expectedVersion` is `null` when creating;
 * otherwise the version (from `getEndpoint`) the change was computed from.
 */
export interface EndpointWrite {
  next: OutboxEndpoint;
  expectedVersion: number | null;
}

export type EndpointWriteResult =
  | { ok: true; version: number }
  | { ok: false; reason: "already_exists" }
  /** `current` is the endpoint the store holds now, or null when it was removed. */
  | { ok: false; reason: "version_conflict"; current: VersionedEndpoint | null };

/** What `redeliver` did with the dead deliveries it selected. */
export interface Redelivery {
  /** Made pending again. */
  revived: number;
  /** Left dead because their endpoint was removed (even if another endpoint took its id since). */
  skipped: number;
}

export type DeliveryStatus = "pending" | "delivered" | "dead";

export interface DeliveryAttempt {
  at: string;
  /** HTTP status, or null when no response arrived (timeout, refused, ...) or for a subscriber. */
  status: number | null;
  error: string | null;
  duration_ms: number;
}

/** One event on its way to one endpoint. */
export interface Delivery {
  id: string;
  event_id: string;
  endpoint_id: string;
  /** Its event's `return_id`: null for an event about no return. */
  return_id: string | null;
  /** Its event's subject: deliveries queue per (subject, endpoint). */
  subject: EventSubject;
  position: number;
  status: DeliveryStatus;
  /**
   * Attempts since it was created or last revived (`redeliver` sets it to 0): what the retry
   * schedule counts. `attempts` keeps every attempt ever made.
   */
  attempt_count: number;
  /** Epoch ms before which it MUST NOT be attempted. */
  next_attempt_at: number;
  attempts: DeliveryAttempt[];
  delivered_at: string | null;
  dead_at: string | null;
}

/** Where a delivery sits in `listDeliveries`' order: what a page resumes after. */
export interface DeliveryKey {
  position: number;
  id: string;
}

export interface DeliveryFilter {
  eventId?: string;
  /** The deliveries of this return's events (the subject `{ kind: "return", id }`). */
  returnId?: string;
  /** The deliveries of this subject's events. */
  subject?: EventSubject;
  status?: DeliveryStatus;
  /** Only deliveries after this key (the last of the previous page). */
  after?: DeliveryKey;
  /** At most this many (a positive integer). */
  limit?: number;
}

export interface ClaimedDelivery {
  delivery: Delivery;
  event: OutboxEvent;
  endpoint: OutboxEndpoint;
}

export type DeliveryOutcome =
  | { kind: "delivered" }
  | { kind: "retry"; next_attempt_at: number }
  | { kind: "dead" };

// ---------------------------------------------------------------- timers

/** A timer of a return: due at `due_at`, one per (return, name). */
export interface TimerDue {
  /** A short identifier (`exchange_hold`): what the scheduler's handler is chosen by. */
  name: string;
  /** Epoch ms, on the clock of whoever set it (the service's). */
  due_at: number;
}

/**
 * What a commit does to the timers of its return (`ReturnCommit.timers`), atomically with the
 * rest of it: a refused commit changes no timer. Applied in this order: `fire`, `clear`, `set`.
 */
export interface TimerChanges {
  /**
   * Timers to set: each name MUST appear once. One already set under the name is replaced
   * (its due time, and any lease on it dropped).
   */
  set?: TimerDue[];
  /** Names of timers to remove; a name with no timer is ignored. */
  clear?: string[];
  /**
   * The timer this commit fires. The store MUST refuse the commit (reason `timer_gone`) unless
   * the return has a timer of this name due at exactly this `due_at` (not already fired,
   * cleared or set again since it was claimed), checked atomically with the version check, and
   * then removes it: of concurrent commits firing one timer, at most one succeeds. Reported
   * after every other refusal.
   */
  fire?: TimerDue;
}

/** A timer as stored and claimed: which return it belongs to, its name and its due time. */
export interface Timer extends TimerDue {
  return_id: string;
}

// ---------------------------------------------------------------- erasure

/** One return's erasure, worked out by the service from the return's latest version. */
export interface ReturnErasure {
  /** The erased version of the return: its version plus one, written as a commit would. */
  next: StoredReturn;
  /** Rewrites a stored copy of the return's data (an outbox event's payload). */
  json(value: unknown): unknown;
  /** Rewrites free text that may quote the return's data (a delivery attempt's error). */
  text(value: string): string;
  /**
   * Strings whose presence in an idempotency record's key or stored response (as stored,
   * JSON text) marks the record as holding this return's personal data.
   */
  needles: string[];
}

/** Which returns an erasure batch takes: a customer's, or an order's or one return not erased yet. */
export type ErasureTarget = { customer_id: string } | { order_id: string } | { return_id: string };

/** One batch of an erasure job: see `Erasure.eraseReturns`. */
export interface ErasureBatch {
  target: ErasureTarget;
  /**
   * With an `order_id` or `return_id` target, returns whose `customer_id` begins with this
   * prefix are erased already and MUST NOT be taken again.
   */
  erasedPrefix: string;
  /** At most this many returns (a positive integer). */
  limit: number;
  /** The erasure of one return, given its latest version. */
  erase(stored: StoredReturn): ReturnErasure;
}

// ---------------------------------------------------------------- idempotency

/** A stored final response: what a replay sends again. */
export interface IdempotentResponse {
  status: number;
  /** The response body: a return record (`ReturnData`) or problem details. */
  body: unknown;
  /** The headers that matter for a replay (e.g. `location`, `etag`). */
  headers: Record<string, string>;
}

/**
 * The first use of a key, recorded by the commit that carries its outcome: nothing holds the
 * key before it, so a write costs one store call. The key is stored with `response` in the
 * same atomic step as the change; if another request recorded the key first, nothing is
 * written and the commit reports that record.
 */
export interface IdempotencyFirstUse {
  /** Full scope key (caller identity, method, path and the client's key). */
  key: string;
  fingerprint: string;
  response: IdempotentResponse;
  /** Epoch ms, for telling a live record from an expired one. */
  now: number;
  /** Epoch ms at and after which the record may be forgotten. */
  expiresAt: number;
}

/** A refusal stored as a key's answer: the same record a commit's first use stores. */
export type IdempotencyAnswer = IdempotencyFirstUse;

/** What `recordIdempotencyAnswer` did: recorded, or found the key already answered. */
export type IdempotencyAnswerResult =
  | { recorded: true }
  | { recorded: false; record: IdempotencyRecordView };

/** An idempotency record as a request left it: what a replay compares and sends again. */
export interface IdempotencyRecordView {
  fingerprint: string;
  response: IdempotentResponse;
}

// ---------------------------------------------------------------- commits

/** What a commit may take of an order line: refused if the line's active returns would exceed it. */
export interface LineAllowance {
  /** Units bought on the order line; active returns of this line (this one included) must not exceed it. */
  purchased: number;
}

/**
 * One atomic write. `expectedVersion` is `null` when creating; otherwise the version the
 * change was computed from.
 */
export interface ReturnCommit {
  next: StoredReturn;
  expectedVersion: number | null;
  events: OutboxEventInput[];
  /** Records a key's first use with the response this change answers. */
  idempotency?: IdempotencyFirstUse;
  /**
   * When set, the store MUST refuse the commit (reason `quantity_exceeded`) if the quantity in
   * active returns of the next record's order line, counting the next record and not its
   * previous version, would exceed `purchased` — checked atomically with the commit, so two
   * concurrent commits can never both take the last unit (across processes on a shared database).
   */
  lineAllowance?: LineAllowance;
  /** Timers of the return set, cleared or fired with this commit: see `TimerChanges`. */
  timers?: TimerChanges;
}

export type CommitResult =
  | { ok: true; events: OutboxEvent[] }
  | {
      ok: false;
      reason: "version_conflict";
      currentVersion: number | null;
      /** The version the store saw, when it could hand it over at no extra cost. */
      current?: StoredReturn;
    }
  | { ok: false; reason: "idempotency_conflict"; record: IdempotencyRecordView }
  | { ok: false; reason: "already_exists" }
  | {
      ok: false;
      reason: "quantity_exceeded";
      /** Active units of the line, excluding this return. */
      inReturns: number;
    }
  /** The timer `timers.fire` names is no longer set at that due time (see `TimerChanges.fire`). */
  | { ok: false; reason: "timer_gone" };

/**
 * Several returns written in one atomic commit, all or none: the returns of one return request.
 * Each change is checked as `commit` checks it (version, line allowance); any refusal refuses all.
 */
export interface ReturnsCommit {
  /** MAY be empty: a commit of `events` alone. */
  changes: Omit<ReturnCommit, "idempotency">[];
  /**
   * Events about a subject that is no return (a customer's), committed with the changes, all
   * or none. Every one MUST have a `subject` whose kind is not `return` (a return's events go
   * with its change, whose version check orders them); a store MAY throw on one that does not.
   */
  events?: OutboxEventInput[];
  /** Records a key's first use with the response this commit answers. */
  idempotency?: IdempotencyFirstUse;
  /**
   * Claims an RMA number for a return request, as part of the commit. The store MUST refuse
   * the commit (reason `rma_taken`, no `index`) when any request already holds `rma`, and
   * MUST keep codes unique atomically: of concurrent commits claiming one code, at most one
   * succeeds. Reported after every other refusal. Afterwards `listReturns({ rma })` finds the
   * returns whose `request_id` is `request_id`.
   */
  rma?: RmaClaim;
}

/** A return request's RMA number (`RMA-7KQ3-X9TD`), held by that request alone. */
export interface RmaClaim {
  rma: string;
  request_id: string;
}

export type ReturnsCommitResult =
  | {
      ok: true;
      /** Each change's events, as `commit` answers them. */
      events: OutboxEvent[][];
      /** The commit's own `events`, stored (empty when it had none). */
      appended: OutboxEvent[];
    }
  | (Exclude<CommitResult, { ok: true }> & {
      /** The change refused (its index in `changes`); absent for `idempotency_conflict`. */
      index?: number;
    })
  | { ok: false; reason: "rma_taken" };

export interface ListReturnsQuery {
  customer_id?: string;
  state?: ReturnState;
  order_id?: string;
  request_id?: string;
  /**
   * Only the returns of the request that claimed this RMA number (`ReturnsCommit.rma`),
   * compared exactly (the service makes it canonical first); none when no request holds it.
   */
  rma?: string;
  /** A reason code; only returns with exactly this reason. */
  reason?: string;
  resolution?: Resolution;
  /**
   * Creation window, ISO 8601 instants (any offset): `created_at` at or after `created_from`,
   * strictly before `created_to`. Compared as instants, not as text.
   */
  created_from?: string;
  created_to?: string;
  /**
   * Only the returns whose `shipment.tracking_number` is exactly this: the returns a carrier's
   * scan of one parcel is about. A SQL store SHOULD serve it from an index.
   */
  tracking_number?: string;
  /**
   * Only the returns whose `label.status` is `created` with a `label.created_at` strictly
   * before this ISO 8601 instant (compared as instants): with `state: "approved"`, the
   * parcels no scan moved since their label was bought.
   */
  label_created_before?: string;
  limit: number;
  /** Opaque cursor returned by a previous page. */
  cursor?: string;
}

export interface ReturnPage {
  data: StoredReturn[];
  next_cursor: string | null;
}

// ---------------------------------------------------------------- fit insights

/** Which returns the fit insights count: a sku, a creation window. */
export interface FitInsightsWindow {
  /** Only this sku, else every sku. */
  sku?: string;
  /** Returns created at or after / before these instants (ISO 8601), else unbounded. */
  from?: string;
  to?: string;
}
/** Where a page of `fitInsights` resumes: the sku and size of the previous page's last entry. */
export interface FitSizeKey {
  sku: string;
  size: string | null;
}
export interface FitInsightsQuery extends FitInsightsWindow {
  /** Only the sizes after this one, in the rows' order. */
  after?: FitSizeKey;
  /** The rows of at most this many sizes (a positive integer); without it, every row. */
  limit?: number;
}
/** Where a page of `fitSummary` resumes: the previous page's last sku and its fit returns. */
export interface FitSkuKey {
  fit_returns: number;
  sku: string;
}
export interface FitSummaryQuery extends FitInsightsWindow {
  /** Which reasons are fit reasons: what the skus are ranked by. */
  fitReasons: FitReasonRule;
  /** Only the skus after this one, in the ranking. */
  after?: FitSkuKey;
  /** The rows of at most this many skus (a positive integer). */
  limit: number;
}
/**
 * Returns of one sku and size for one reason, counted once each (cancelled drafts excluded).
 * Counts are exact integers up to 2^53 − 1 (`Number.MAX_SAFE_INTEGER`) and stop there.
 */
export interface FitInsightRow {
  sku: string;
  size: string | null;
  reason: string;
  /** Returns (and units) that claimed the reason at create. */
  returns: number;
  units: number;
  /** Of those, returns (and units) inspected: graded or closed. */
  confirmed_returns: number;
  confirmed_units: number;
}
export interface FitInsights {
  /** A page of rows, a size at a time: see `ReturnsStore`. */
  fitInsights(query: FitInsightsQuery): Promise<FitInsightRow[]>;
  /** A page of rows, a sku at a time, the most fit returns first: see `ReturnsStore`. */
  fitSummary(query: FitSummaryQuery): Promise<FitInsightRow[]>;
}

// ---------------------------------------------------------------- the store

/**
 * The store, in named parts: a store author implements all seven (`ReturnsStore`), and the
 * conformance suite has a group for each (`@returnkit/testing`).
 *
 * The fit insights (the `FitInsights` part) count rows: one per sku, size and reason. Each
 * counts a return once, by its latest version (its line and reason, and whether it is
 * `graded` or `closed`), leaves out `cancelled` returns, and filters on the return's
 * `created_at`: `from` inclusive, `to` exclusive, both compared as instants. Rows with no
 * returns are absent. A count past 2^53 − 1 MUST be answered as 2^53 − 1, never rounded, and
 * MUST NOT fail the query. Texts compare by UTF-16 code unit as JavaScript does (a SQL store
 * needs `COLLATE "C"`); sizes sort nulls last.
 *
 * - `fitInsights` answers the rows of the first `limit` sizes (a sku and a size) after `after`,
 *   sorted by sku, size and reason: every row of a size it answers, none of the next size.
 *   Without `limit`, every row after `after`.
 * - `fitSummary` ranks the skus by their fit returns (the returns whose reason `fitReasons`
 *   calls a fit reason), most first, then by sku, and answers every row of the first `limit`
 *   skus after `after` in that ranking (a sku ranks after `after` when it has fewer fit
 *   returns, or as many and a greater sku), in the ranking's order, then by size and reason.
 *
 * Both are keysets: a walk neither skips nor repeats a size or sku whose counts did not change
 * during it, and costs each page the same however far it goes (`fitSummary` ranks every sku
 * of the window for each page; `fitInsights` SHOULD read only the sizes it answers).
 */
export interface ReturnsStore
  extends ReturnRecords,
    IdempotencyKeys,
    Outbox,
    Retention,
    FitInsights,
    Timers,
    Erasures {
  /** A short name for logs and benchmarks (`memory`, `postgres`, `pglite`). */
  readonly name: string;

  /** Prepares the store (migrations, ...). The service awaits it before first use. MUST be idempotent. */
  init?(): Promise<void>;

  /** Releases connections and timers the store itself opened. */
  close?(): Promise<void>;

  /**
   * For health checks: resolves once the store answered a trivial query, saying whether
   * every migration this code expects is applied. MUST NOT change anything (no migration is
   * run). MAY reject, or take long, when the store cannot be reached: callers bound it in time
   * and count a rejection as unreachable.
   *
   * Given a `probe`, it SHOULD also measure `oldestDueAt` in the same check, and a shared
   * store SHOULD stop its own queries after `probe.timeoutMs` (a statement timeout), so that
   * a check that is no longer awaited does not keep holding a connection. Anyone may call
   * this (`GET /v1/health` is public): its cost MUST NOT grow with the number of deliveries.
   */
  health?(probe?: StoreHealthProbe): Promise<StoreHealth>;
}

export interface StoreHealthProbe {
  /** The caller's clock, epoch ms: what "due" is measured against. */
  now: number;
  /** Endpoint ids of the subscribers the caller runs, as for `claimDeliveries`. */
  subscribers: readonly string[];
  /** How long the caller waits; the store's own queries SHOULD give up after it too. */
  timeoutMs: number;
}

export interface StoreHealth {
  reachable: boolean;
  migrationsCurrent: boolean;
  /**
   * Given a probe: when the longest-waiting delivery a claim at `probe.now` would return
   * became due (the caller's clock), null when none is due, or `"timeout"` when measuring it
   * took longer than `probe.timeoutMs`. A store that leaves it out is asked
   * `nextDeliveryDueAt` instead.
   */
  oldestDueAt?: number | null | "timeout";
}

/** The returns themselves, and the one atomic commit that changes them. */
export interface ReturnRecords {
  /** The latest committed version, or null. */
  getReturn(id: string): Promise<StoredReturn | null>;

  /**
   * Newest first (by id, descending, comparing ids by UTF-16 code unit as JavaScript does;
   * a SQL store needs `COLLATE "C"`). Filters combine with AND and apply to the latest
   * version. A page holds at most `limit` returns; `next_cursor` MUST be null on the last
   * page, even when that page is full. Paging MUST NOT skip or repeat a return that existed
   * for the whole walk, whatever is created or changed meanwhile.
   */
  listReturns(query: ListReturnsQuery): Promise<ReturnPage>;

  /**
   * Commits a change atomically: the new version of the return, its outbox events (and one
   * delivery per endpoint whose `types` match each event, enabled or not: a disabled
   * endpoint's deliveries wait for it, see `disableEndpoint`), and, when given, the first
   * use of an idempotency key with its response. Either all of it becomes visible or none of it.
   *
   * - When `expectedVersion` is null the return MUST NOT exist yet (else `already_exists`).
   * - Otherwise the stored version MUST equal `expectedVersion` (else `version_conflict`);
   *   of two concurrent commits from the same version, exactly one succeeds.
   * - `next.record.version` MUST be `expectedVersion + 1` (1 on create); the store MAY reject others.
   * - With an `idempotency` first use, the key MUST be absent or expired (`expiresAt <= now`
   *   as stored, `now` as given); it is then stored with the response as part of the
   *   commit, replacing an expired record. Otherwise nothing is written and the result is
   *   `idempotency_conflict` with the record found. Of concurrent commits (and
   *   `recordIdempotencyAnswer` calls) recording one key, at most one succeeds.
   * - Events get positions in array order, after every earlier commit's events of that return.
   *   Every event MUST be about `next`'s return (its `return_id`; its subject, when given,
   *   that return), whether it records a transition (`seq` set) or not (`seq` null): the
   *   version check orders them with the return's other events.
   * - Each event's `request_id` and `traceparent` MUST be kept as given (null when absent)
   *   and returned with it by the commit, `listEvents` and `claimDeliveries`.
   * - Each new delivery is `pending`, with no attempts, due at once: `next_attempt_at` is
   *   the event's `created_at` in epoch ms.
   * - With a `lineAllowance`, see `ReturnCommit.lineAllowance`. A return is active unless
   *   its state is `cancelled` or `rejected`; its order line is its `order_id`, `line.sku`
   *   and `line.size` (a null size matches only null). Commits without one are not checked.
   * - With `timers`, see `TimerChanges`: the return's timers change with the commit, or not at
   *   all when it is refused; a fired timer is removed, so none accumulate.
   *
   * Clarifications the conformance suite checks:
   * - When several checks fail, `already_exists` / `version_conflict` is reported before
   *   `idempotency_conflict`, that before `quantity_exceeded`, and that before `timer_gone`. `currentVersion` is the
   *   version the store saw when it refused; `current`, when given, is that whole version.
   * - The store MUST keep its own copy: changing the caller's objects afterwards MUST NOT
   *   change what it returns.
   * - A `next.record.version` other than `expectedVersion + 1` is a programming error: the
   *   store MAY throw instead of returning a result.
   */
  commit(commit: ReturnCommit): Promise<CommitResult>;

  /**
   * `commit` for several returns at once (see `ReturnsCommit`): MUST be atomic, all or none.
   * The commit's own `events` (about subjects that are no return) get positions after the
   * changes' events, in array order, and after every event of the same subject that any
   * earlier commit wrote: of two concurrent commits with events about one subject, the one
   * whose events get the smaller positions MUST become visible first (a SQL store holds a
   * lock per subject from before its positions are drawn until it commits), so that a claim
   * never passes over an earlier event of the subject that is not visible yet.
   */
  commitMany(commit: ReturnsCommit): Promise<ReturnsCommitResult>;

  /** Units in active returns per line of `orderId` (lines with none are absent). */
  returnedQuantities(
    orderId: string,
  ): Promise<Array<{ sku: string; size: string | null; quantity: number }>>;
}

/**
 * Idempotency records beyond a key's first use, which `commit` records itself: a refusal
 * that is the request's final answer, and the look-up a refused retry makes.
 */
export interface IdempotencyKeys {
  /**
   * Records `response` as the key's answer, with `fingerprint` and `expiresAt`, if the key
   * is absent or expired (`expiresAt <= now` as stored), replacing an expired record; returns
   * `{ recorded: true }`. Otherwise it MUST change nothing and returns the record found.
   * It MUST be atomic: of concurrent calls (and commits' first uses) recording one key, at
   * most one records and the others receive the record it stored. The store MUST keep its
   * own copy of `response`.
   */
  recordIdempotencyAnswer(answer: IdempotencyAnswer): Promise<IdempotencyAnswerResult>;

  /**
   * The key's record if it is live at `now` (`expiresAt > now`), else null. It MUST NOT
   * change anything; an expired record MUST NOT be returned, purged or not.
   */
  getIdempotencyRecord(key: string, now: number): Promise<IdempotencyRecordView | null>;
}

/** Endpoints (webhooks and subscribers) and the deliveries of the outbox events `commit` wrote. */
export interface Outbox {
  // -- endpoints

  /**
   * Inserts or replaces the endpoint with this id, of either kind (saving it enabled enables
   * it again), unconditionally: for endpoints the service's configuration saves at each start.
   * `listEndpoints`, `getEndpoint` and claims MUST return it as saved, `kind` included.
   */
  saveEndpoint(endpoint: OutboxEndpoint): Promise<void>;
  /** Every endpoint, enabled or not, of both kinds, in no particular order. */
  listEndpoints(): Promise<OutboxEndpoint[]>;
  /** The endpoint with this id and its version, or null. It MUST NOT change anything. */
  getEndpoint(id: string): Promise<VersionedEndpoint | null>;
  /**
   * Writes one endpoint atomically, on a condition, so that concurrent changes computed from
   * one version can never overwrite each other:
   *
   * - When `expectedVersion` is null the endpoint MUST NOT exist yet (else `already_exists`).
   * - Otherwise the stored version MUST equal `expectedVersion` (else `version_conflict`, with
   *   what the store holds now, or null when the endpoint is gone); of concurrent writes and
   *   removals from the same version, exactly one succeeds. A removed endpoint is never
   *   written back.
   * - On success the endpoint is stored as given and the result names its new version.
   *
   * Every write of an endpoint (this one, `saveEndpoint`, `disableEndpoint`) MUST give it a
   * version it never had before, not even under an earlier endpoint with the same id, so
   * that a change computed before a removal can never apply to an endpoint created after it.
   * The store MUST keep its own copy of the endpoint.
   */
  writeEndpoint(write: EndpointWrite): Promise<EndpointWriteResult>;
  /**
   * Removes the endpoint and its pending deliveries; true when it existed (and, when
   * `expectedVersion` is given, was at that version: otherwise nothing changes and the
   * result is false). Delivered and dead deliveries stay for inspection; none of them is
   * ever claimed or revived again, even when another endpoint takes the id later.
   */
  removeEndpoint(id: string, expectedVersion?: number): Promise<boolean>;
  /**
   * Disables the endpoint (a 410 from it does): none of its deliveries MUST be claimed while
   * it is disabled, yet commits MUST still create them, so no event is lost. Its pending
   * deliveries, older and newer, wait (paused) and are claimed again, in position order per
   * subject, once the endpoint is saved enabled; removing it drops them. An unknown id is
   * ignored.
   */
  disableEndpoint(id: string, reason: string): Promise<void>;

  // -- deliveries

  /**
   * Claims up to `limit` deliveries that are `pending`, due (`next_attempt_at <= now`), not
   * leased by anyone (or whose lease ran out), whose endpoint is enabled, and that are the
   * earliest `pending` delivery of their (subject, endpoint) pair — so a return's events,
   * transitions or not, reach an endpoint in position order, and so do a customer's. Subjects
   * are independent: a customer's events are not ordered against its returns'. A `dead`
   * delivery does not hold back later ones. A claimed
   * delivery is leased to `dispatcherId` for `leaseMs`; while leased, no other caller MUST
   * receive it. A lease that ran out no longer counts.
   *
   * A subscriber endpoint's deliveries MUST be claimed only by a caller that names its id in
   * `subscribers` (the subscribers it runs; none when absent): a caller without it MUST
   * neither receive them nor change them, and they do not count against `limit`.
   *
   * `now` is the caller's clock: it decides what is due, as `next_attempt_at` was set from
   * that clock too. Leases are measured on the store's lease clock: a store used by one
   * process MAY take `now` for it (leased until `now + leaseMs`, ran out once
   * `now >= leased until`); a store shared by several processes SHOULD use one clock of its
   * own (a database's) instead, so that a caller whose clock runs ahead never takes over a
   * delivery whose holder is still within its lease.
   */
  claimDeliveries(request: {
    dispatcherId: string;
    now: number;
    limit: number;
    leaseMs: number;
    subscribers?: readonly string[];
  }): Promise<ClaimedDelivery[]>;

  /**
   * Records one attempt and its outcome, and releases the lease. Ignored (returns false,
   * changing nothing) when `dispatcherId` no longer holds the lease: the holder is the last
   * caller that claimed the delivery and has not recorded since, so a lease that ran out
   * still counts until another caller claims the delivery. `delivered` sets `delivered_at`
   * and `dead` sets `dead_at` to `attempt.at`; `retry` keeps it pending, due at
   * `next_attempt_at`. Every outcome appends the attempt and counts it.
   */
  recordDeliveryAttempt(request: {
    deliveryId: string;
    dispatcherId: string;
    attempt: DeliveryAttempt;
    outcome: DeliveryOutcome;
  }): Promise<boolean>;

  /**
   * Makes dead deliveries pending again, due at `now`, attempt count reset (the recorded
   * attempts stay): those of one event (`eventId`, optionally one endpoint) or every
   * delivery that died at or after `since` (ISO time, compared with `dead_at`). With
   * neither `eventId` nor `since` it MUST revive nothing, never everything. Pending and
   * delivered deliveries are left alone. A selected dead delivery whose endpoint was removed
   * MUST NOT be revived (it would go to whatever endpoint takes the id next): it stays dead
   * and is counted as `skipped`.
   */
  redeliver(request: {
    eventId?: string;
    endpointId?: string;
    since?: string;
    now: number;
  }): Promise<Redelivery>;

  /**
   * Deliveries with their attempts, filtered (filters combine with AND; `returnId` is the
   * subject `{ kind: "return", id: returnId }`), in key order:
   * `position` ascending, then `id` comparing by UTF-16 code unit as JavaScript does (a SQL
   * store needs `COLLATE "C"`). With `after`, only deliveries whose key is greater; with
   * `limit`, at most that many. Paging with `after` set to the last key of the previous page
   * MUST NOT skip or repeat a delivery that matched for the whole walk, whatever is created
   * meanwhile; a SQL store SHOULD serve each filter's order from an index, so a page costs
   * its size, not the outbox's. Without `limit` every match is returned: callers that a
   * client can make large (the HTTP API, the CLI) always pass one.
   */
  listDeliveries(filter: DeliveryFilter): Promise<Delivery[]>;

  /** Outbox events of one return (its transitions and its other events) in position order. */
  listEvents(returnId: string): Promise<OutboxEvent[]>;

  /**
   * The earliest time at which `claimDeliveries` could return something, as far as the
   * store knows now, or null: lets a dispatcher sleep exactly. Only deliveries a claim could
   * return count — the head of each (subject, endpoint) pair whose endpoint is enabled, so a
   * disabled endpoint's paused deliveries never count (they would wake a dispatcher in a
   * loop) — and for a leased head the later of `next_attempt_at` and the end of its lease.
   * Times are on the caller's clock: a store whose lease clock is its own SHOULD give a
   * lease's end as `now` (the caller's clock, when given) plus what is left of the lease.
   * As for claims, a subscriber endpoint's deliveries count only when `subscribers` names it.
   */
  nextDeliveryDueAt?(now?: number, subscribers?: readonly string[]): Promise<number | null>;

  /**
   * Calls `listener` soon after any commit that created deliveries, and after a `redeliver`
   * that revived some, in this process or (for shared stores) any other. A listener MAY be
   * called more often than that; after unsubscribing it MUST NOT be called again. Returns
   * an unsubscribe function.
   */
  onDeliveriesCreated?(listener: () => void): () => void;
}

/**
 * Timers due later, set and cleared by the returns' commits (`ReturnCommit.timers`), claimed
 * like deliveries by whoever runs the scheduler, and fired by a commit of their return
 * (`TimerChanges.fire`), which is what makes a firing happen once across processes and
 * restarts: a lease only keeps two schedulers from doing the same work at once.
 */
export interface Timers {
  /**
   * Claims up to `limit` timers due at `now` (`due_at <= now`, the caller's clock) that are not
   * leased (or whose lease ran out), earliest due first, and leases them to `workerId` for
   * `leaseMs`; while leased, no other caller MUST receive them. Leases are measured on the
   * store's lease clock, as `claimDeliveries`' are: a store shared by several processes SHOULD
   * use one clock of its own. A timer set again (`TimerChanges.set`) loses its lease. A claim
   * changes nothing else: the timer stays set until a commit fires or clears it, or
   * `dropTimer` removes it, so a worker that dies holding it loses nothing (the timer is
   * claimed again once its lease runs out).
   */
  claimDueTimers(request: {
    workerId: string;
    now: number;
    limit: number;
    leaseMs: number;
  }): Promise<Timer[]>;

  /**
   * Removes the timer when the return still has it due at exactly `due_at` and the return's
   * version is still `version`, atomically; true when removed. What a firing that found
   * nothing to do leaves behind: a change of the return since it was read (which may call for
   * the firing after all) or of the timer keeps it.
   */
  dropTimer(request: Timer & { version: number }): Promise<boolean>;

  /** The timers of one return, earliest due first. It MUST NOT change anything. */
  listTimers(returnId: string): Promise<Timer[]>;

  /**
   * The earliest time at which `claimDueTimers` could return something, as far as the store
   * knows now, or null when no timer is set: for a leased timer the later of `due_at` and the
   * end of its lease, given on the caller's clock (`now`, when given, plus what is left of
   * the lease), as for `nextDeliveryDueAt`.
   */
  nextTimerDueAt?(now?: number): Promise<number | null>;
}

/**
 * What an erasure job (GDPR art. 17) needs: its returns rewritten a batch at a time, the
 * idempotency records that copy them forgotten, and the job itself kept as a timer that belongs
 * to no return, claimed by `claimDueTimers` like any other.
 */
export interface Erasures {
  /**
   * Erases up to `limit` returns of `target` (a customer's: `customer_id` equal to it; an
   * order's: `order_id` equal to it and `customer_id` not beginning with `erasedPrefix`; one
   * return: `id` equal to it and `customer_id` not beginning with `erasedPrefix`),
   * in one atomic step, and answers their ids (empty when none is left). For each return
   * taken, with `erasure = erase(latest version)`, the store MUST:
   * - write `erasure.next` as the return's new version, as a commit from the version read
   *   would (the version read is the latest: a commit racing the batch waits for it, or it for
   *   the commit, and one of them sees the other's version), with no event and no timer
   *   change; the columns it indexes (`customer_id`, state, …) follow the new version;
   * - replace the payload of every outbox event of the return (`return_id`), whatever its
   *   deliveries' status, with `erasure.json(payload)`;
   * - replace every non-null `error` of the attempts of those events' deliveries with
   *   `erasure.text(error)`, changing nothing else of a delivery (status, lease, due time);
   * - delete every idempotency record, live or expired, whose key or stored response (as
   *   JSON text) contains one of `erasure.needles`.
   * It MUST NOT change anything else: other returns, their events, deliveries and keys stay
   * byte for byte as they were. Callers repeat until it answers no id.
   */
  eraseReturns(batch: ErasureBatch): Promise<string[]>;

  /**
   * Deletes every idempotency record, live or expired, whose key or stored response (as JSON
   * text) contains one of `needles`; answers how many went. An empty `needles` deletes none.
   */
  forgetIdempotencyRecords(needles: readonly string[]): Promise<number>;

  /**
   * Sets a job's timer: `timer.return_id` names the job, and MUST NOT be a return's id. One
   * already set under the same `return_id` and `name` is left as it is (a job set twice runs
   * once). It is claimed by `claimDueTimers` like a return's timer.
   */
  setJobTimer(timer: Timer): Promise<void>;

  /** Removes the job's timer when it is still due at `due_at`; true when removed. */
  clearJobTimer(timer: Timer): Promise<boolean>;
}

/** What may be forgotten, and when. */
export interface Retention {
  /**
   * Deletes at most `limit` rows in all: idempotency records expired at `now`
   * (`expiresAt <= now`), `delivered` deliveries whose `delivered_at` is before
   * `deliveredBefore` (epoch ms), and outbox events created before `deliveredBefore` that no
   * delivery refers to any more. Pending and dead deliveries, their events, and returns
   * are never deleted. Returns how many rows went; callers repeat until it returns 0.
   */
  purge(request: { now: number; deliveredBefore: number; limit: number }): Promise<number>;
}
