/**
 * @module delivery/test-event — one signed attempt at an endpoint now, for an operator checking
 * that a receiver is reachable and verifies signatures. Nothing is stored: it is no outbox
 * event, tied to no return, retried never; its type, `webhook.test`, is no return event, so a
 * receiver that acts on return events ignores it.
 */
import { newEventId } from "../domain/ids";
import type { WebhookEndpoint } from "../store/types";
import { signedRequest } from "./attempt";
import type { WebhookSender } from "./sender";

export const TEST_EVENT_TYPE = "webhook.test";

export interface TestAttempt {
  endpoint_id: string;
  /** The `webhook-id` sent. */
  event_id: string;
  delivered: boolean;
  status: number | null;
  error: string | null;
  duration_ms: number;
}

export async function sendTestEvent(
  sender: WebhookSender,
  endpoint: WebhookEndpoint,
  now: number,
): Promise<TestAttempt> {
  const eventId = newEventId();
  const body = JSON.stringify({
    type: TEST_EVENT_TYPE,
    timestamp: new Date(now).toISOString(),
    data: { endpoint_id: endpoint.id, message: "A test event from returnkit; nothing happened." },
  });
  const result = await sender.send(signedRequest(endpoint, eventId, body, now));
  return {
    endpoint_id: endpoint.id,
    event_id: eventId,
    delivered: result.ok,
    status: result.status,
    error: result.error,
    duration_ms: result.durationMs,
  };
}
