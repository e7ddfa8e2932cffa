/**
 * @module delivery/delivery-log — the log lines of deliveries: each outcome at debug, a dead
 * letter and a disabled endpoint at warn. Fields are named as in the core README ("Logs").
 */
import type { LogFields, Logger } from "../observability/logging/logger";
import type { ClaimedDelivery, DeliveryAttempt, DeliveryOutcome } from "../store/types";
import { loggedUrl } from "../util/logged-url";

/** What every line about an attempt says: which delivery of which event, and the request behind it. */
function attemptFields(
  { delivery, event, endpoint }: ClaimedDelivery,
  attempt: DeliveryAttempt,
): LogFields {
  return {
    event_id: event.id,
    endpoint_id: endpoint.id,
    delivery_id: delivery.id,
    return_id: event.return_id,
    request_id: event.request_id,
    attempt: delivery.attempt_count + 1,
    ...(endpoint.kind === "webhook" ? { "http.response.status_code": attempt.status } : {}),
    duration_ms: attempt.duration_ms,
  };
}

/**
 * One line per recorded attempt: delivered or retried at debug, dead-lettered at warn. `error`
 * is the attempt's full `cause` (ECONNREFUSED, a reply that is not HTTP), which the record
 * and the API say only as "no HTTP answer".
 */
export function logAttemptOutcome(
  logger: Logger,
  claimed: ClaimedDelivery,
  { attempt, outcome }: { attempt: DeliveryAttempt; outcome: DeliveryOutcome },
  cause: string | null,
): void {
  const what = claimed.endpoint.kind;
  if (outcome.kind === "delivered") {
    logger.debug(attemptFields(claimed, attempt), `${what} delivered`);
  } else if (outcome.kind === "dead") {
    logger.warn({ ...attemptFields(claimed, attempt), error: cause }, `${what} dead-lettered`);
  } else {
    const next = new Date(outcome.next_attempt_at).toISOString();
    logger.debug(
      { ...attemptFields(claimed, attempt), error: cause, next_attempt_at: next },
      `${what} attempt failed`,
    );
  }
}

/** A 410 disabled the endpoint: its deliveries wait until it is saved enabled again. */
export function logEndpointDisabled(logger: Logger, { endpoint }: ClaimedDelivery): void {
  logger.warn(
    {
      endpoint_id: endpoint.id,
      "url.full": endpoint.kind === "webhook" ? loggedUrl(endpoint.url) : undefined,
      reason: "410 Gone",
    },
    "webhook endpoint disabled",
  );
}
