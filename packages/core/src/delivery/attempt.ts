/**
 * @module delivery/attempt — one delivery attempt: sign and send (a webhook) or call
 * `handle` (a subscriber), then classify and record.
 *
 * Failures of the receiver or the handler are recorded on the delivery (and retried by its
 * schedule); failures of the store are reported, and the lease running out makes the
 * delivery due again: at least once, not exactly once.
 */

import {
  type AttemptReport,
  traceDeliveryAttempt,
  withTraceContext,
} from "../observability/telemetry/delivery-span";
import type {
  ClaimedDelivery,
  DeliveryAttempt,
  DeliveryOutcome,
  OutboxEvent,
  ReturnsStore,
  WebhookEndpoint,
} from "../store/types";
import { logAttemptOutcome, logEndpointDisabled } from "./delivery-log";
import type { DispatcherLogger } from "./dispatcher-options";
import { signingSecrets } from "./endpoints";
import type { ReportError } from "./error-report";
import { requestIdHeader } from "./request-id-header";
import { outcomeAfterFailure } from "./retry-schedule";
import type { WebhookRequest, WebhookResponse, WebhookSender } from "./sender";
import { webhookHeaders } from "./signer";

const USER_AGENT = "returnkit";

interface AttemptParts {
  store: ReturnsStore;
  sender: WebhookSender;
  /** A subscriber's attempt: its `handle` called, told as a response without a status. */
  callSubscriber: (claimed: ClaimedDelivery) => Promise<WebhookResponse>;
  dispatcherId: string;
  schedule: readonly number[];
  clock: { now(): number };
  random: () => number;
  logger: DispatcherLogger;
  report: ReportError;
}

/** What one attempt came to, before it is recorded. */
interface Verdict {
  attempt: DeliveryAttempt;
  outcome: DeliveryOutcome;
  result: WebhookResponse;
}

/** Returns the function that makes one attempt at a claimed delivery and records it. */
export function createAttempter(parts: AttemptParts): (claimed: ClaimedDelivery) => Promise<void> {
  const { store, dispatcherId, logger, report } = parts;
  const send = createSignedSend(parts.sender);

  return function attemptDelivery(claimed: ClaimedDelivery): Promise<void> {
    return traceDeliveryAttempt(claimed, () => attemptOnce(claimed));
  };

  async function attemptOnce(claimed: ClaimedDelivery): Promise<AttemptReport> {
    const startedAt = parts.clock.now();
    const { event, endpoint } = claimed;
    const result =
      endpoint.kind === "webhook"
        ? await send(event, endpoint, startedAt)
        : await parts.callSubscriber(claimed);
    const endedAt = parts.clock.now();
    const verdict = classify(claimed, result, startedAt, endedAt, parts);
    if (result.status === 410) await disableGone(claimed, verdict, endedAt);
    const recorded = await record(claimed, verdict);
    // The log, the host's onError and the span are the operator's: they get the full cause.
    const cause = result.cause ?? verdict.attempt.error;
    if (recorded) {
      logAttemptOutcome(logger, claimed, verdict, cause);
      if (verdict.outcome.kind === "dead") reportDeadLetter(claimed, verdict.attempt, cause);
    }
    const { status } = verdict.attempt;
    return { status, error: cause, outcome: verdict.outcome.kind, recorded };
  }

  /**
   * Disabled before the attempt is recorded, so the lease on this return's queue is released
   * only once nothing more will be claimed for the endpoint. Its deliveries stay pending, this
   * one due at once, and resume in order if the endpoint is registered again.
   */
  async function disableGone(claimed: ClaimedDelivery, verdict: Verdict, now: number) {
    const { delivery, endpoint } = claimed;
    try {
      await store.disableEndpoint(endpoint.id, "410 Gone");
      verdict.outcome = { kind: "retry", next_attempt_at: now };
      logEndpointDisabled(logger, claimed);
      report(
        new Error(`webhook endpoint ${endpoint.id} disabled: it answered 410 Gone`),
        { operation: "endpoint_disabled", endpointId: endpoint.id, deliveryId: delivery.id },
        { logged: true },
      );
    } catch (error) {
      report(error, {
        operation: "disable_endpoint",
        endpointId: endpoint.id,
        deliveryId: delivery.id,
      });
    }
  }

  /** A dead letter is logged (delivery-log) and told to `onError`, with what it was. */
  function reportDeadLetter(
    { delivery, event, endpoint }: ClaimedDelivery,
    attempt: DeliveryAttempt,
    cause: string | null,
  ) {
    const what = endpoint.kind === "subscriber" ? "subscriber" : "webhook";
    report(
      new Error(
        `${what} ${endpoint.id} dead-lettered event ${event.id}: ${cause ?? `status ${attempt.status}`}`,
      ),
      {
        source: endpoint.kind === "subscriber" ? "subscriber" : "dispatcher",
        operation: "dead_letter",
        deliveryId: delivery.id,
        endpointId: endpoint.id,
        eventId: event.id,
        returnId: event.return_id ?? undefined,
        requestId: event.request_id ?? undefined,
      },
      { logged: true },
    );
  }

  /** True when recorded; false when the store failed or the lease was lost (both said). */
  async function record(
    { delivery }: ClaimedDelivery,
    { attempt, outcome }: Verdict,
  ): Promise<boolean> {
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
      return false;
    }
    if (!recorded) {
      logger.warn(
        { delivery_id: delivery.id, dispatcher_id: dispatcherId },
        "webhook attempt not recorded: the delivery's lease was lost",
      );
      report(
        new Error(`delivery ${delivery.id}: attempt not recorded, the lease was lost`),
        { operation: "lease_lost", deliveryId: delivery.id },
        { logged: true },
      );
    }
    return recorded;
  }
}

/** Signs and sends; the body is serialised once per event object. */
function createSignedSend(sender: WebhookSender) {
  /**
   * A store that hands out the same (immutable) event for every endpoint and retry, as the
   * memory store does, does not have it stringified again each time.
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

  return (
    event: OutboxEvent,
    endpoint: WebhookEndpoint,
    startedAt: number,
  ): Promise<WebhookResponse> => {
    const request = signedRequest(endpoint, event.id, bodyOf(event), startedAt);
    // The attempt's span context travels to the receiver (W3C traceparent).
    return sender.send({
      ...request,
      headers: withTraceContext({ ...request.headers, ...requestIdHeader(event) }),
    });
  };
}

/**
 * The request of one attempt at `endpoint`, signed with the secrets that sign at `startedAt`.
 * Stamped per attempt: receivers reject stale timestamps; the id stays the event's.
 */
export function signedRequest(
  endpoint: WebhookEndpoint,
  eventId: string,
  body: string,
  startedAt: number,
): WebhookRequest {
  const signed = webhookHeaders(
    signingSecrets(endpoint, startedAt),
    eventId,
    Math.floor(startedAt / 1000),
    body,
  );
  return {
    url: endpoint.url,
    body,
    headers: {
      "webhook-id": signed["webhook-id"],
      "webhook-timestamp": signed["webhook-timestamp"],
      "webhook-signature": signed["webhook-signature"],
      "content-type": "application/json",
      "user-agent": USER_AGENT,
    },
  };
}

/** The attempt as it is recorded and what happens next by the retry schedule. */
function classify(
  { delivery }: ClaimedDelivery,
  result: WebhookResponse,
  startedAt: number,
  endedAt: number,
  { schedule, random }: AttemptParts,
): Verdict {
  const attemptsMade = delivery.attempt_count + 1;
  const gone = result.status === 410;
  const attempt: DeliveryAttempt = {
    at: new Date(startedAt).toISOString(),
    status: result.status,
    error: gone ? "410 Gone: endpoint disabled" : result.error,
    duration_ms: result.durationMs,
  };
  const outcome: DeliveryOutcome = result.ok
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
  return { attempt, outcome, result };
}
