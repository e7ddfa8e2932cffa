/**
 * @module delivery — the webhook dispatcher: claims deliveries from the outbox, signs (Standard
 * Webhooks) and sends them, retries, dead-letters, and runs in-process subscribers.
 */
export type {
  DestinationPolicy,
  DestinationRefusal,
  DestinationRule,
} from "./destinations";
export {
  DESTINATION_RULES,
  destinationPolicy,
  isDestinationEntry,
} from "./destinations";
export type {
  DispatcherOperation,
  Subscriber,
  SubscriberEvent,
  SubscriberEventData,
  TestAttempt,
  WebhookDispatcher,
  WebhookDispatcherOptions,
} from "./dispatcher";
export { createWebhookDispatcher } from "./dispatcher";
export {
  endpointIdForUrl,
  MAX_ENDPOINT_SECRETS,
  signingSecrets,
  WEBHOOK_EVENT_TYPES,
} from "./endpoints";
export { WEBHOOK_REQUEST_ID_HEADER } from "./request-id-header";
export type { SignedWebhookHeaders } from "./signer";
export { generateWebhookSecret, signWebhook, webhookHeaders } from "./signer";
export { subscriberEndpointId } from "./subscribers";
