/**
 * @module @returnkit/core — a complete returns-and-exchanges service: lifecycle machine,
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
export { readBodyBytes } from "./http/body";
export type { FetchHandler, HttpContext } from "./http/fetch-handler";
export { createFetchHandler } from "./http/fetch-handler";
export { buildOpenApiDocument } from "./http/openapi";
export { requestIdOf } from "./http/request-id";
export { ambiguousPathResponse } from "./http/request-target";
export { responseText } from "./http/response-text";
export type { RouteDefinition, RouteHandler, RouteInput, RouteOutcome } from "./http/routes";
export { buildRoutes } from "./http/routes";
export type { IdempotencySettings } from "./idempotency/engine";
export { DEFAULT_IDEMPOTENCY } from "./idempotency/engine";
export { canonicalJson, requestFingerprint } from "./idempotency/fingerprint";
export { parseIdempotencyKey } from "./idempotency/key";
export { isEventId, isReturnId, newEventId, newReturnId } from "./ids";
export type { ConsoleLoggerOptions } from "./logging/console-logger";
export { consoleLogger } from "./logging/console-logger";
export type { ErrorContext, ErrorSource, OnError, ReportError } from "./logging/failures";
export type { LogFields, Logger, LogLevel, LogMethod } from "./logging/logger";
export { silentLogger } from "./logging/logger";
export type {
  MerchantEvent,
  PersistedReturnSnapshot,
  PortalEvent,
  ReturnEvent,
  ReturnSnapshot,
  ReturnState,
} from "./machine";
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
} from "./machine";
export type {
  RequestOperations,
  WebhookAnswer,
  WebhookOperations,
  WebhookTargets,
} from "./operations/types";
export type { OptionIssue, SchemaCovers } from "./options/check";
export {
  aBoolean,
  aFunction,
  aNonEmptyString,
  checkOptions,
  InvalidOptionsError,
  optionsObject,
  satisfying,
} from "./options/check";
export type { InMemoryOrders } from "./orders/in-memory-orders";
export { inMemoryOrders } from "./orders/in-memory-orders";
export type { Order, OrderInput, OrderLine } from "./orders/order-schema";
export { OrderSchema } from "./orders/order-schema";
export type {
  Eligibility,
  EligibilityRule,
  ExchangeSizes,
  OrderRules,
  OrderSource,
  ReturnRequest,
} from "./orders/types";
export type { Actor, CallerKind, Principal, Scope } from "./principal";
export { ALL_SCOPES, hasScope, SCOPES } from "./principal";
export type {
  OrderLineRef,
  ProblemDetails,
  QuantityRefusal,
  ValidationIssue,
} from "./problems";
export { isProblemError, PROBLEM_TYPE_PREFIX, ProblemError, problems } from "./problems";
export type {
  FitDirection,
  ParsedReason,
  ReasonCatalogue,
  ReasonCatalogueOptions,
  ReasonDescription,
} from "./reasons";
export {
  createReasonCatalogue,
  DEFAULT_BODY_PARTS,
  DEFAULT_OTHER_REASONS,
  describeReasons,
  FIT_DIRECTIONS,
  isFitReason,
  parseReason,
} from "./reasons";
export type { HeaderReader } from "./request-ids";
export { isSaneRequestId, traceIdOf } from "./request-ids";
export * from "./schemas";
export type {
  OperationContext,
  ReturnListResult,
  ReturnOperations,
  ReturnResult,
  ReturnsService,
  ReturnsServiceOptions,
  ServiceHooks,
} from "./service";
export { createReturnsService, etagMatches, etagOf } from "./service";
export { returnStateDiagram } from "./state-diagram";
export type { MemoryStoreOptions } from "./store/memory-store";
export { memoryStore } from "./store/memory-store";
export type * from "./store/types";
export { isStoreUnavailable, StoreUnavailableError } from "./store/unavailable";
export { isStorableText } from "./text";
export * from "./webhook-schemas";
export type { DeliveryPage } from "./webhooks/delivery-pages";
export {
  decodeDeliveryCursor,
  encodeDeliveryCursor,
  listDeliveryPage,
} from "./webhooks/delivery-pages";
export type {
  DestinationPolicy,
  DestinationRefusal,
  DestinationRule,
} from "./webhooks/destinations";
export {
  DESTINATION_RULES,
  destinationPolicy,
  isDestinationEntry,
} from "./webhooks/destinations";
export type {
  DispatcherOperation,
  Subscriber,
  SubscriberEvent,
  SubscriberEventData,
  TestAttempt,
  WebhookDispatcher,
  WebhookDispatcherOptions,
} from "./webhooks/dispatcher";
export { createWebhookDispatcher } from "./webhooks/dispatcher";
export type {
  CreateEndpointInput,
  CreateEndpointOptions,
  EndpointAdminClock,
  EndpointChanges,
  EndpointWithSecret,
  PublicEndpoint,
  RotateSecretOptions,
} from "./webhooks/endpoint-admin";
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
} from "./webhooks/endpoint-admin";
export { MAX_ENDPOINT_SECRETS, signingSecrets, WEBHOOK_EVENT_TYPES } from "./webhooks/endpoints";
export type { FitSignal, FitSignalStage, WebhookTransition } from "./webhooks/events";
export {
  deriveFitSignal,
  FIT_SIGNAL_STAGES,
  publishTransitions,
  webhookTypeFor,
} from "./webhooks/events";
export { deadDeliveriesAhead, earliestDeath } from "./webhooks/redelivery-order";
export { WEBHOOK_REQUEST_ID_HEADER } from "./webhooks/request-id-header";
export type { SignedWebhookHeaders } from "./webhooks/signer";
export { generateWebhookSecret, signWebhook, webhookHeaders } from "./webhooks/signer";
export { subscriberEndpointId } from "./webhooks/subscribers";
