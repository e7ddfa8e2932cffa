/**
 * @module index — a complete returns-and-exchanges service: lifecycle machine,
 * schemas, idempotent writes, transactional outbox webhooks, OAuth 2.1 resource server and
 * a fetch handler serving every route.
 */

export { bearerChallenge, challengeForProblem } from "./auth/challenge";
export { createJwtAuthenticator } from "./auth/jwt";
export type { AuthenticateFn, AuthOptions, HostAuthOptions, JwtAuthOptions } from "./auth/options";
export {
  createProtectedResourceMetadataHandler,
  protectedResourceMetadata,
  protectedResourceMetadataPath,
  protectedResourceMetadataUrl,
} from "./auth/protected-resource";
export type {
  DestinationPolicy,
  DestinationRefusal,
  DestinationRule,
} from "./delivery/destinations";
export {
  DESTINATION_RULES,
  destinationPolicy,
  isDestinationEntry,
} from "./delivery/destinations";
export type {
  Subscriber,
  SubscriberEvent,
  SubscriberEventData,
  TestAttempt,
  WebhookDispatcher,
  WebhookDispatcherOptions,
} from "./delivery/dispatcher";
export { createWebhookDispatcher } from "./delivery/dispatcher";
export { MAX_ENDPOINT_SECRETS, signingSecrets, WEBHOOK_EVENT_TYPES } from "./delivery/endpoints";
export { WEBHOOK_REQUEST_ID_HEADER } from "./delivery/request-id-header";
export type { SignedWebhookHeaders } from "./delivery/signer";
export { generateWebhookSecret, signWebhook, webhookHeaders } from "./delivery/signer";
export { subscriberEndpointId } from "./delivery/subscribers";
export { isEventId, isReturnId, newEventId, newReturnId } from "./domain/ids";
export type {
  MerchantEvent,
  PersistedReturnSnapshot,
  PortalEvent,
  ReturnEvent,
  ReturnSnapshot,
  ReturnState,
} from "./domain/machine";
export {
  allowedEvents,
  allowedEventsIn,
  applyReturnEvent,
  EVENT_CALLER,
  initialReturnSnapshot,
  isTerminalState,
  MERCHANT_EVENTS,
  PORTAL_EVENTS,
  persistReturnSnapshot,
  RETURN_STATES,
  restoreReturnSnapshot,
  returnMachine,
  stateOf,
  TERMINAL_STATES,
} from "./domain/machine";
export type { Actor, CallerKind, Principal, Scope } from "./domain/principal";
export { ALL_SCOPES, hasScope, SCOPES } from "./domain/principal";
export type {
  OrderLineRef,
  ProblemDetails,
  QuantityRefusal,
  ValidationIssue,
} from "./domain/problems";
export { isProblemError, PROBLEM_TYPE_PREFIX, ProblemError, problems } from "./domain/problems";
export type {
  FitDirection,
  ParsedReason,
  ReasonCatalogue,
  ReasonCatalogueOptions,
  ReasonDescription,
} from "./domain/reasons";
export {
  createReasonCatalogue,
  DEFAULT_BODY_PARTS,
  DEFAULT_OTHER_REASONS,
  describeReasons,
  FIT_DIRECTIONS,
  isFitReason,
  parseReason,
} from "./domain/reasons";
export * from "./domain/refunds";
export type { HeaderReader } from "./domain/request-ids";
export { isSaneRequestId, traceIdOf } from "./domain/request-ids";
export * from "./domain/schemas";
export { returnStateDiagram } from "./domain/state-diagram";
export { isStorableText } from "./domain/text";
export { readBodyBytes } from "./http/body";
export type { FetchHandler, HttpContext } from "./http/fetch-handler";
export { createFetchHandler } from "./http/fetch-handler";
export { buildOpenApiDocument } from "./http/openapi/openapi";
export { requestIdOf } from "./http/request-id";
export { ambiguousPathResponse } from "./http/request-target";
export { responseText } from "./http/response-text";
export type { RouteDefinition, RouteHandler, RouteInput, RouteOutcome } from "./http/routes";
export { buildRoutes } from "./http/routes";
export type { RequestOperations } from "./http/routes/route-definition";
export type { ConsoleLoggerOptions } from "./observability/logging/console-logger";
export { consoleLogger } from "./observability/logging/console-logger";
export type { LogFields, Logger, LogLevel, LogMethod } from "./observability/logging/logger";
export { silentLogger } from "./observability/logging/logger";
export type { FitSignal, FitSignalStage, WebhookTransition } from "./returns/events";
export {
  deriveFitSignal,
  FIT_SIGNAL_STAGES,
  publishTransitions,
  webhookTypeFor,
} from "./returns/events";
export type { IdempotencySettings } from "./returns/idempotency/engine";
export { DEFAULT_IDEMPOTENCY } from "./returns/idempotency/engine";
export { canonicalJson, requestFingerprint } from "./returns/idempotency/fingerprint";
export { parseIdempotencyKey } from "./returns/idempotency/key";
export type { InMemoryOrders } from "./returns/orders/in-memory-orders";
export { inMemoryOrders } from "./returns/orders/in-memory-orders";
export type { Order, OrderInput, OrderLine } from "./returns/orders/order-schema";
export { OrderSchema } from "./returns/orders/order-schema";
export type {
  Eligibility,
  EligibilityRule,
  OrderSource,
  ProductCatalog,
  ReturnRequest,
} from "./returns/orders/types";
export type { EstimatedLine, RefundedRecord } from "./returns/refund";
export { refundEstimates, refundOf, requestRefunds } from "./returns/refund";
export type {
  OperationContext,
  ReturnListResult,
  ReturnOperations,
  ReturnResult,
  ReturnsService,
  ReturnsServiceOptions,
} from "./service";
export { createReturnsService, etagMatches, etagOf } from "./service";
export type { MemoryStoreOptions } from "./store/memory/memory-store";
export { memoryStore } from "./store/memory/memory-store";
export type * from "./store/types";
export { isStoreUnavailable, StoreUnavailableError } from "./store/unavailable";
export type { OptionIssue, SchemaCovers } from "./util/option-checks";
export {
  aBoolean,
  aFunction,
  aNonEmptyString,
  checkOptions,
  InvalidOptionsError,
  optionsObject,
  satisfying,
} from "./util/option-checks";
export type { DeliveryPage } from "./webhook-admin/delivery-pages";
export {
  decodeDeliveryCursor,
  encodeDeliveryCursor,
  listDeliveryPage,
} from "./webhook-admin/delivery-pages";
export type {
  CreateEndpointInput,
  CreateEndpointOptions,
  EndpointAdminClock,
  EndpointChanges,
  EndpointWithSecret,
  PublicEndpoint,
  RotateSecretOptions,
} from "./webhook-admin/endpoint-admin";
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
} from "./webhook-admin/endpoint-admin";
export { deadDeliveriesAhead, earliestDeath } from "./webhook-admin/redelivery-order";
export type { WebhookAnswer, WebhookOperations, WebhookTargets } from "./webhook-admin/types";
export * from "./webhook-admin/webhook-schemas";
