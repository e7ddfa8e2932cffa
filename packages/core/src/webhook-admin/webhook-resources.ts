/**
 * @module webhook-admin/webhook-resources — endpoints, events and deliveries as the webhook
 * operations answer them: no secret but the one just made, times as ISO strings, and who owns
 * each endpoint (the API, the service's options, or a subscriber's code).
 */

import type { TestAttempt } from "../delivery/test-event";
import type { Delivery, OutboxEndpoint, OutboxEvent } from "../store/types";
import { publicEndpoint } from "./endpoint-admin";
import type { WebhookTargets } from "./types";
import type {
  WebhookEndpointResource,
  WebhookEndpointSchema,
  WebhookTestResult,
} from "./webhook-schemas";

type ManagedBy = (typeof WebhookEndpointSchema)["shape"]["managed_by"]["options"][number];

/** Who owns the endpoint, as the store records it: a subscriber's code, the options, or the API. */
function managedBy(endpoint: OutboxEndpoint): ManagedBy {
  return endpoint.kind === "subscriber" ? "subscriber" : endpoint.managed_by;
}

export function endpointResource(
  endpoint: OutboxEndpoint,
  now: number,
  { baseUrl, endpoint: endpointPath }: Pick<WebhookTargets, "baseUrl" | "endpoint">,
): WebhookEndpointResource {
  return {
    ...publicEndpoint(endpoint, now),
    managed_by: managedBy(endpoint),
    _links: { self: { href: `${baseUrl}${endpointPath(endpoint.id)}` } },
  };
}

export function eventResource(event: OutboxEvent) {
  return {
    object: "webhook_event" as const,
    id: event.id,
    return_id: event.return_id,
    subject: { ...event.subject },
    seq: event.seq,
    type: event.type,
    created_at: event.created_at,
    payload: event.payload,
  };
}

export function deliveryResource(delivery: Delivery) {
  return {
    object: "webhook_delivery" as const,
    id: delivery.id,
    event_id: delivery.event_id,
    endpoint_id: delivery.endpoint_id,
    return_id: delivery.return_id,
    subject: { ...delivery.subject },
    status: delivery.status,
    // Every attempt listed counts; the store's count starts again at each revival.
    attempt_count: delivery.attempts.length,
    attempts_since_revival: delivery.attempt_count,
    next_attempt_at:
      delivery.status === "pending" ? new Date(delivery.next_attempt_at).toISOString() : null,
    attempts: delivery.attempts.map((attempt) => ({ ...attempt })),
    delivered_at: delivery.delivered_at,
    dead_at: delivery.dead_at,
  };
}

export function testResult(attempt: TestAttempt): WebhookTestResult {
  return { object: "webhook_test", ...attempt };
}
