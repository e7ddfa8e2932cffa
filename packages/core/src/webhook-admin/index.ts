/**
 * @module webhook-admin — the webhook operations API: endpoints, secrets, events, deliveries and
 * redelivery, as operations and schemas.
 */
export type { DeliveryPage } from "./delivery-pages";
export {
  decodeDeliveryCursor,
  encodeDeliveryCursor,
  listDeliveryPage,
} from "./delivery-pages";
export type {
  CreateEndpointInput,
  CreateEndpointOptions,
  EndpointAdminClock,
  EndpointChanges,
  EndpointWithSecret,
  PublicEndpoint,
  RotateSecretOptions,
} from "./endpoint-admin";
export {
  createEndpoint,
  DEFAULT_ROTATION_OVERLAP_SECONDS,
  DISABLED_BY_OPERATOR,
  deleteEndpoint,
  findEndpoint,
  MAX_ROTATION_OVERLAP_SECONDS,
  publicEndpoint,
  refuseIfManagedInCode,
  rotateEndpointSecret,
  updateEndpoint,
} from "./endpoint-admin";
export { deadDeliveriesAhead, earliestDeath } from "./redelivery-order";
export type { WebhookAnswer, WebhookOperations, WebhookTargets } from "./types";
export * from "./webhook-schemas";
