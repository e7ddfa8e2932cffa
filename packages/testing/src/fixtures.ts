/**
 * @module testing/fixtures — builders for the values a store holds, so tests state only what
 * matters to them. Snapshots come from the real machine, so a store sees what the service
 * would hand it.
 */

import type {
  HistoryEntry,
  ReturnData,
  ReturnLabel,
  WebhookEndpoint,
  WebhookEventType,
} from "@returnkit/core";
import {
  allowedEventsIn,
  applyReturnEvent,
  EVENT_CALLER,
  initialReturnSnapshot,
  newEventId,
  newReturnId,
  persistReturnSnapshot,
  type ReturnEvent,
  type ReturnSnapshot,
  type ReturnState,
  restoreReturnSnapshot,
  stateOf,
  webhookTypeFor,
} from "@returnkit/core";
import type {
  DeliveryAttempt,
  OutboxEventInput,
  StoredReturn,
  SubscriberEndpoint,
} from "@returnkit/core/store";
import { newPrefixedId } from "@returnkit/core/store";

/** The suite's clock starts here; every `now` a test passes is derived from it. */
export const T0 = Date.parse("2026-11-21T10:00:00.000Z");

export const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * The shortest list of events that takes a new draft to `state`, found by a breadth-first
 * walk of the machine itself, so no test keeps its own table of the lifecycle.
 */
export function shortestEventPath(state: ReturnState): ReturnEvent[] {
  const queue: { snapshot: ReturnSnapshot; path: ReturnEvent[] }[] = [
    { snapshot: initialReturnSnapshot(), path: [] },
  ];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const { snapshot, path } = queue.shift()!;
    const here = stateOf(snapshot);
    if (here === state) return path;
    if (seen.has(here)) continue;
    seen.add(here);
    for (const event of allowedEventsIn(here)) {
      const step = applyReturnEvent(snapshot, event);
      if (step.ok && step.to !== here)
        queue.push({ snapshot: step.snapshot, path: [...path, event] });
    }
  }
  throw new Error(`no path from draft to ${state}`);
}

export interface StoredReturnOptions {
  id?: string;
  state?: ReturnState;
  customer_id?: string;
  order_id?: string;
  /** The order line returned; defaults to one unit of `TEE-BLK-M` in size M. */
  line?: ReturnData["line"];
  /** The reason claimed; defaults to `TOO_SMALL_AT_CHEST`. */
  reason?: string;
  /** Defaults to `EXCHANGE` (to size L); any other resolution has no exchange size. */
  resolution?: ReturnData["resolution"];
  /** The return request it belongs to; null (the default) for a return on its own. */
  request_id?: string | null;
  /** Its request's RMA number; null (the default) for a return on its own. */
  rma?: string | null;
  /** Defaults to 1: what a create commit must carry, whatever the state. */
  version?: number;
  /** Epoch ms of creation and of every history entry. */
  at?: number;
}

/** A return as the service would store it, walked through the machine to `state`. */
export function makeStoredReturn(options: StoredReturnOptions = {}): StoredReturn {
  const at = iso(options.at ?? T0);
  const customer = options.customer_id ?? "user-42";
  let stored: StoredReturn = {
    record: {
      id: options.id ?? newReturnId(),
      object: "return",
      order_id: options.order_id ?? "ord_1001",
      line: options.line ?? { sku: "TEE-BLK-M", quantity: 1, size: "M" },
      order_line: null,
      refund: null,
      payouts: [],
      refunded_amount: 0,
      reason: options.reason ?? "TOO_SMALL_AT_CHEST",
      resolution: options.resolution ?? "EXCHANGE",
      exchange:
        (options.resolution ?? "EXCHANGE") === "EXCHANGE"
          ? {
              kind: "like_for_like",
              lines: [
                {
                  sku: "TEE-BLK-L",
                  title: null,
                  variant_title: "L",
                  image_url: null,
                  quantity: 1,
                  unit_price: null,
                },
              ],
              difference: null,
              bonus_credit: null,
              mode: "standard",
              status: "pending",
              payment: null,
              payment_due_at: null,
              released_at: null,
              order_id: null,
              hold: null,
            }
          : null,
      state: "draft",
      flagged_from: null,
      grade: null,
      shipment: null,
      label: null,
      tracking: null,
      customer_id: customer,
      request_id: options.request_id ?? null,
      return_method: "by_mail",
      rma: options.rma ?? null,
      version: 1,
      created_at: at,
      updated_at: at,
      history: [
        {
          seq: 1,
          event: "create",
          from: null,
          to: "draft",
          at,
          actor: { kind: "portal", id: customer },
        },
      ],
    },
    snapshot: persistReturnSnapshot(initialReturnSnapshot()),
  };
  for (const event of shortestEventPath(options.state ?? "draft")) {
    stored = applyToStored(stored, event, options.at ?? T0);
  }
  return { ...stored, record: { ...stored.record, version: options.version ?? 1 } };
}

/**
 * The next version of a stored return after `event` (version + 1, one more history entry):
 * what a commit with `expectedVersion: stored.record.version` carries.
 */
export function advanceStoredReturn(
  stored: StoredReturn,
  event: ReturnEvent,
  at: number = Date.parse(stored.record.updated_at) + 1_000,
): StoredReturn {
  const next = applyToStored(stored, event, at);
  return { ...next, record: { ...next.record, version: stored.record.version + 1 } };
}

function applyToStored(stored: StoredReturn, event: ReturnEvent, atMs: number): StoredReturn {
  const snapshot: ReturnSnapshot = restoreReturnSnapshot(stored.snapshot);
  const result = applyReturnEvent(snapshot, event);
  if (!result.ok) throw new Error(`fixture: ${event} does not apply in ${result.state}`);
  const at = iso(atMs);
  const previous = stored.record;
  const entry: HistoryEntry = {
    seq: previous.history.length + 1,
    event,
    from: result.from,
    to: result.to,
    at,
    actor: {
      kind: EVENT_CALLER[event],
      id: EVENT_CALLER[event] === "portal" ? previous.customer_id : "staff-1",
    },
  };
  const record: ReturnData = {
    ...previous,
    state: result.to,
    flagged_from: result.to === "flagged" ? result.from : null,
    updated_at: at,
    history: [...previous.history, entry],
  };
  return { record, snapshot: persistReturnSnapshot(result.snapshot) };
}

/**
 * The outbox event describing the latest transition of `stored`, created at its `updated_at`
 * unless `created_at` says otherwise.
 */
export function makeOutboxEvent(
  stored: StoredReturn,
  options: { type?: WebhookEventType; created_at?: string } = {},
): OutboxEventInput {
  const transition = stored.record.history[stored.record.history.length - 1]!;
  const type = options.type ?? webhookTypeFor(transition) ?? "return.created";
  const created_at = options.created_at ?? stored.record.updated_at;
  return {
    id: newEventId(),
    return_id: stored.record.id,
    subject: { kind: "return", id: stored.record.id },
    seq: transition.seq,
    type,
    payload: { type, timestamp: created_at, data: { return: stored.record, transition } },
    created_at,
    request_id: null,
    traceparent: null,
  };
}

/**
 * A type for events the conformance suite writes about something no product event covers
 * yet: stores treat types as opaque text, and these stand for the kinds later features add.
 */
export const TEST_RETURN_EVENT_TYPE = "return.noted" as WebhookEventType;
export const TEST_CUSTOMER_EVENT_TYPE = "customer.noted" as WebhookEventType;

/**
 * An event about `stored`'s return that records no transition (`seq` null, no `subject`: the
 * return is its subject), as something recorded on that version publishes it.
 */
export function makeRecordedEvent(
  stored: StoredReturn,
  options: { created_at?: string } = {},
): OutboxEventInput {
  const type = TEST_RETURN_EVENT_TYPE;
  const created_at = options.created_at ?? stored.record.updated_at;
  return {
    id: newEventId(),
    return_id: stored.record.id,
    seq: null,
    type,
    payload: { type, timestamp: created_at, data: { return: stored.record, noted: true } },
    created_at,
    request_id: null,
    traceparent: null,
  };
}

/** The next version of `stored` with something recorded on it: no transition, history unchanged. */
export function recordedVersion(stored: StoredReturn): StoredReturn {
  const { record } = stored;
  const updated_at = iso(Date.parse(record.updated_at) + 1_000);
  return { ...stored, record: { ...record, version: record.version + 1, updated_at } };
}

/** An event about customer `customerId` (no return), created at `at` (epoch ms). */
export function makeCustomerEvent(customerId: string, at: number = T0): OutboxEventInput {
  const type = TEST_CUSTOMER_EVENT_TYPE;
  const created_at = iso(at);
  return {
    id: newEventId(),
    return_id: null,
    subject: { kind: "customer", id: customerId },
    seq: null,
    type,
    payload: { type, timestamp: created_at, data: { customer_id: customerId } },
    created_at,
    request_id: null,
    traceparent: null,
  };
}

export function makeEndpoint(options: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  const id = options.id ?? newPrefixedId("we");
  return {
    kind: "webhook",
    id,
    url: `https://hooks.example/${id}`,
    secrets: [{ secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", until: null }],
    managed_by: "api",
    types: null,
    enabled: true,
    disabled_reason: null,
    created_at: iso(T0),
    ...options,
  };
}

/** A subscriber's endpoint, as the dispatcher saves one for each subscriber it runs. */
export function makeSubscriberEndpoint(
  options: Partial<Omit<SubscriberEndpoint, "kind">> = {},
): SubscriberEndpoint {
  return {
    kind: "subscriber",
    id: options.id ?? newPrefixedId("sub"),
    types: null,
    enabled: true,
    disabled_reason: null,
    created_at: iso(T0),
    ...options,
  };
}

export function makeDeliveryAttempt(atMs: number, status: number | null = 200): DeliveryAttempt {
  return {
    at: iso(atMs),
    status,
    error: status === null ? "connect ECONNREFUSED" : null,
    duration_ms: 42,
  };
}

/**
 * A valid create body: a fit-reason exchange, so its transitions also publish fit signals
 * (the most work a transition does). The HTTP suite and the benchmarks both send it.
 */
export const validCreate = {
  order_id: "ord_1001",
  line: { sku: "TEE-BLK-M", quantity: 1, size: "M" },
  reason: "TOO_SMALL_AT_CHEST",
  resolution: "EXCHANGE",
  exchange_for: { sku: "TEE-BLK-L" },
};

/** A bought return label (EasyPost, cost 5.40 USD, 4.95 of fee charged): what tools and the CLI show. */
export const BOUGHT_LABEL: ReturnLabel = {
  status: "created",
  carrier: "easypost",
  service: "USPS Priority",
  shipment_id: "shp_1",
  rate_id: "rate_1",
  tracking_number: "9400111899560000000001",
  tracking_url: "https://track.easypost.com/djE6dHJr",
  label_url: "https://easypost-files.s3.amazonaws.com/label.png",
  qr_code_url: null,
  cost: { amount: 540, currency: "USD" },
  fee_charged: 495,
  reason: null,
  attempts: 0,
  created_at: "2026-11-20T10:00:00.000Z",
};
