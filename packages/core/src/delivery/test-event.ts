/**
 * @module delivery/test-event — one signed attempt at an endpoint now, for an operator checking
 * that a receiver is reachable and verifies signatures. Nothing is stored: it is no outbox
 * event, tied to no return, retried never; its type, `webhook.test`, is no return event, so a
 * receiver that acts on return events ignores it.
 */
import { newEventId } from "../domain/ids";
import type { Logger } from "../observability/logging/logger";
import type { WebhookEndpoint } from "../store/types";
import { loggedUrl } from "../util/logged-url";
import { signedRequest } from "./attempt";
import type { WebhookResponse, WebhookSender } from "./sender";

export const TEST_EVENT_TYPE = "webhook.test";

/**
 * What a test event that was sent and not accepted answers, whatever happened: a status other
 * than 2xx, a redirect, no answer, a reply that is not HTTP, a timeout. A caller who may
 * register URLs must not learn from it what listens at an address (an HTTP service, another
 * protocol, nothing); the log line `webhook test event failed` says which.
 */
export const TEST_EVENT_NOT_ACCEPTED =
  "the endpoint did not accept the test event with a 2xx answer (the service's log says why)";

export interface TestAttempt {
  endpoint_id: string;
  /** The `webhook-id` sent. */
  event_id: string;
  delivered: boolean;
  status: number | null;
  error: string | null;
  duration_ms: number;
}

/**
 * Sends one test event. A destination the policy refuses is answered with its rule (the URL
 * decides it, nothing is contacted); any other failure with `TEST_EVENT_NOT_ACCEPTED` and a
 * null status, its detail logged at info.
 */
export async function sendTestEvent(
  sender: WebhookSender,
  endpoint: WebhookEndpoint,
  now: number,
  logger: Logger,
): Promise<TestAttempt> {
  const eventId = newEventId();
  const body = JSON.stringify({
    type: TEST_EVENT_TYPE,
    timestamp: new Date(now).toISOString(),
    data: { endpoint_id: endpoint.id, message: "A test event from returnkit; nothing happened." },
  });
  const result = await sender.send(signedRequest(endpoint, eventId, body, now));
  const attempt = { endpoint_id: endpoint.id, event_id: eventId, duration_ms: result.durationMs };
  if (result.ok) return { ...attempt, delivered: true, status: result.status, error: null };
  logTestFailure(logger, endpoint, eventId, result);
  const error = result.refused ? result.error : TEST_EVENT_NOT_ACCEPTED;
  return { ...attempt, delivered: false, status: null, error };
}

function logTestFailure(
  logger: Logger,
  endpoint: WebhookEndpoint,
  eventId: string,
  result: WebhookResponse,
): void {
  logger.info(
    {
      endpoint_id: endpoint.id,
      event_id: eventId,
      "url.full": loggedUrl(endpoint.url),
      "http.response.status_code": result.status,
      error: result.cause ?? result.error,
      duration_ms: result.durationMs,
    },
    "webhook test event failed",
  );
}
