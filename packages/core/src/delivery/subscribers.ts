/**
 * @module delivery/subscribers — host code the outbox delivers to in its own process: the
 * `subscribers` option, the endpoint each one is stored as, and one attempt (a call of
 * `handle`).
 *
 * A subscriber is an outbox endpoint of its own kind, so the commit that changes a return
 * creates its deliveries, and claims (leases, order per return), retries, dead letters,
 * `redeliver` and retention are the webhooks' own; only the attempt differs. A store hands a
 * subscriber's deliveries only to a dispatcher that runs it.
 */

import type { Payout, ReturnData } from "../domain/schemas";
import type { FitSignal, WebhookTransition } from "../returns/events";
import type {
  ClaimedDelivery,
  EventSubject,
  OutboxEvent,
  SubscriberEndpoint,
  WebhookEventType,
  WebhookPayload,
} from "../store/types";
import { aFunction, arrayOf, oneOf, optionsObject, satisfying } from "../util/option-checks";
import { SUBSCRIBER_ID_PREFIX, WEBHOOK_EVENT_TYPES } from "./endpoints";
import type { WebhookResponse } from "./sender";

/**
 * What a return's events carry: the return as committed and, for a transition, the
 * transition; fit signals and payouts add theirs. Types added later (an event about a
 * customer) carry data of their own: switch on `type`, and accept a type you do not know.
 */
export interface SubscriberEventData {
  return: ReturnData;
  /** The transition reported; absent on an event that records none (`return.refunded`). */
  transition?: WebhookTransition;
  /** Only on `return.fit_signal`. */
  signal?: FitSignal;
  /** Only on `return.refunded`: the payout recorded. */
  payout?: Payout;
  /** Only on `return.refunded`: every payout of the return so far, added up. */
  refunded_amount?: number;
}

/** What `handle` receives: the event a webhook carries, id included. */
export interface SubscriberEvent {
  /** `evt_…`, a webhook's `webhook-id`: the same on every retry, so dedupe on it. */
  id: string;
  type: WebhookEventType;
  /** The return the event is about; null for an event about no return (a customer's). */
  return_id: string | null;
  /** What the event is about: a subject's events arrive in the order they were committed. */
  subject: EventSubject;
  /**
   * The history `seq` of the transition it reports; null for an event that records no
   * transition. A return's events arrive in commit order, so its transitions in `seq` order.
   */
  seq: number | null;
  /** The webhook's body. */
  payload: WebhookPayload & { data: SubscriberEventData };
  /**
   * The id of the request whose commit wrote the event (its `Request-Id`; a webhook's
   * `returnkit-request-id`), or null for a change made in-process without one.
   */
  request_id: string | null;
}

export interface Subscriber {
  /** Lower-case letters, digits, `-` and `_`, starting with a letter; its endpoint is `sub_<name>`. */
  name: string;
  /** Event types to receive; all when omitted. */
  types?: readonly WebhookEventType[] | null;
  /**
   * Called at least once per event, in commit order per return (and per customer). A throw, a rejection or not
   * settling within the dispatcher's `timeoutMs` fails the attempt, which is retried on the
   * retry schedule and dead-lettered after it.
   */
  handle(event: SubscriberEvent): void | Promise<void>;
}

/** The endpoint id a subscriber's deliveries are stored under. */
export function subscriberEndpointId(name: string): string {
  return SUBSCRIBER_ID_PREFIX + name;
}

/** Safe in ids, logs and SQL alike, and short enough for any of them. */
const SUBSCRIBER_NAME = /^[a-z][a-z0-9_-]{0,62}$/;

const subscriberSchema = optionsObject(
  {
    name: satisfying<string>(
      (v) => typeof v === "string" && SUBSCRIBER_NAME.test(v),
      "a name of lower-case letters, digits, - and _, starting with a letter (at most 63)",
    ),
    types: arrayOf(oneOf<WebhookEventType>(WEBHOOK_EVENT_TYPES), "event types").nullish(),
    handle: aFunction<Subscriber["handle"]>(),
  },
  "a subscriber ({ name, types?, handle })",
);

/** `subscribers`: each checked, each name once (one name is one endpoint). */
export const subscribersSchema = arrayOf(subscriberSchema, "subscribers").superRefine(
  (subscribers, ctx) => {
    const seen = new Map<string, number>();
    subscribers.forEach(({ name }, i) => {
      const first = seen.get(name);
      if (first === undefined) seen.set(name, i);
      else
        ctx.addIssue({
          code: "custom",
          path: [i],
          message: `expected each subscriber name once, but ${name} is also subscribers[${first}]`,
        });
    });
  },
);

/** The endpoint a checked subscriber is saved as, enabled. */
export function toSubscriberEndpoint(subscriber: Subscriber, now: number): SubscriberEndpoint {
  return {
    kind: "subscriber",
    id: subscriberEndpointId(subscriber.name),
    types: subscriber.types == null ? null : [...new Set(subscriber.types)],
    enabled: true,
    disabled_reason: null,
    created_at: new Date(now).toISOString(),
  };
}

/** The event as `handle` receives it. */
function subscriberEvent(event: OutboxEvent): SubscriberEvent {
  const { id, type, return_id, subject, seq, payload, request_id } = event;
  return {
    id,
    type,
    return_id,
    subject,
    seq,
    payload: payload as SubscriberEvent["payload"],
    request_id: request_id ?? null,
  };
}

/** An attempt's error text is stored with the delivery: a host's message is kept short. */
const MAX_ERROR_LENGTH = 500;

function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
}

/**
 * Returns the attempt for subscriber deliveries: calls the subscriber's `handle` and says how
 * it went, as a webhook response without a status. Never rejects for what `handle` does.
 */
export function createSubscriberCall(
  subscribers: readonly Subscriber[],
  timeoutMs: number,
): (claimed: ClaimedDelivery) => Promise<WebhookResponse> {
  const byEndpoint = new Map(subscribers.map((s) => [subscriberEndpointId(s.name), s]));
  return async ({ event, endpoint }) => {
    const subscriber = byEndpoint.get(endpoint.id);
    // A store that honours `subscribers` in claims never hands over another's delivery.
    if (!subscriber) throw new Error(`claimed a delivery of ${endpoint.id}, not run here`);
    const started = performance.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`timeout: handle did not settle within ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    let error: string | null = null;
    try {
      // Called in a microtask, so a synchronous throw is a rejection like any other.
      await Promise.race([
        Promise.resolve().then(() => subscriber.handle(subscriberEvent(event))),
        timeout,
      ]);
    } catch (thrown) {
      error = describeError(thrown);
    } finally {
      clearTimeout(timer);
    }
    const durationMs = Math.round(performance.now() - started);
    return { ok: error === null, status: null, error, retryAfter: null, durationMs };
  };
}
