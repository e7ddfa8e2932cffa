/**
 * @module @returnkit/core — a complete returns-and-exchanges service: lifecycle machine,
 * schemas, idempotent writes, transactional outbox webhooks, OAuth 2.1 resource server and
 * a fetch handler serving every route.
 *
 * The public surface, named one by one: what a shop and the other returnkit packages use. What
 * a store implementation needs beyond it is `@returnkit/core/store`; the conformance suites are
 * `@returnkit/testing`. `etc/core.api.md` records this list; a change to it shows in review.
 * Ordered by the module each name comes from; the README's "Other exports" groups them by use.
 */

export {
  type BearerChallengeOptions,
  type BearerError,
  bearerChallenge,
  type ChallengeContext,
  challengeForProblem,
} from "./auth/challenge";
export {
  type AccessTokenAlgorithm,
  type Authenticator,
  createJwtAuthenticator,
  type JwtAuthenticatorOptions,
} from "./auth/jwt";
export type {
  AuthenticateFn,
  AuthOptions,
  ContextArgument,
  HostAuthOptions,
  JwtAuthOptions,
  OpenApiSecurityScheme,
} from "./auth/options";
export {
  createProtectedResourceMetadataHandler,
  type ProtectedResourceMetadata,
  type ProtectedResourceMetadataOptions,
  protectedResourceMetadata,
  protectedResourceMetadataPath,
  protectedResourceMetadataUrl,
} from "./auth/protected-resource";
export {
  type BuyOutcome,
  type Carrier,
  type CarrierAddress,
  type CarrierCapabilities,
  type CarrierItem,
  type CarrierMoney,
  type CarrierParcel,
  type Label,
  type LabelRequest,
  type PreparedLabel,
  TRACKING_STATUSES,
  type TrackingDelivery,
  type TrackingEvent,
  type TrackingParse,
  type TrackingStatus,
  type VoidOutcome,
} from "./carriers/carrier";
export { CarrierError, type CarrierErrorCode, isCarrierError } from "./carriers/carrier-error";
export type { CarrierOptions } from "./carriers/carrier-options";
export { assertLabelRequest, labelRequestIssues } from "./carriers/label-request";
export { type ManualCarrier, manualCarrier, type StaffTrackingInput } from "./carriers/manual";
export {
  type DestinationPolicy,
  type DestinationRefusal,
  destinationPolicy,
  isDestinationEntry,
} from "./delivery/destinations";
export {
  createWebhookDispatcher,
  type DrainOptions,
  type WebhookDispatcher,
} from "./delivery/dispatcher";
export type {
  DispatcherLogger,
  ServiceOwnedDispatcherOption,
  ServiceWebhooksOptions,
  WebhookDispatcherOptions,
} from "./delivery/dispatcher-options";
export type { WebhookEndpointInput } from "./delivery/endpoints";
export { MAX_ENDPOINT_SECRETS, signingSecrets } from "./delivery/endpoints";
export { WEBHOOK_REQUEST_ID_HEADER } from "./delivery/request-id-header";
export {
  generateWebhookSecret,
  type SignedWebhookHeaders,
  signWebhook,
  webhookHeaders,
} from "./delivery/signer";
export {
  type Subscriber,
  type SubscriberEvent,
  type SubscriberEventData,
  subscriberEndpointId,
} from "./delivery/subscribers";
export type { TestAttempt } from "./delivery/test-event";
export { DESTINATION_RULES, type DestinationRule } from "./domain/destination-rules";
export {
  EXCHANGE_MODES,
  EXCHANGE_STATUSES,
  type ExchangeStatus,
} from "./domain/exchange-status";
export {
  isEventId,
  isReturnId,
  isReturnRequestId,
  newEventId,
  newReturnId,
  newReturnRequestId,
} from "./domain/ids";
export {
  allowedEventsIn,
  applyReturnEvent,
  EVENT_CALLER,
  initialReturnSnapshot,
  MERCHANT_EVENTS,
  type MerchantEvent,
  type PersistedReturnSnapshot,
  PORTAL_EVENTS,
  type PortalEvent,
  persistReturnSnapshot,
  RETURN_STATES,
  type ReturnEvent,
  type ReturnSnapshot,
  type ReturnState,
  restoreReturnSnapshot,
  returnMachine,
  stateOf,
  type TransitionResult,
} from "./domain/machine";
export {
  type LabelStatus,
  type ReturnLabel,
  TRACKING_EVENTS_MAX,
  type Tracking,
  type TrackingScan,
} from "./domain/parcel-schemas";
export {
  ACTOR_KINDS,
  type Access,
  type Actor,
  type ActorKind,
  ALL_SCOPES,
  type CallerKind,
  hasScope,
  type KnownActorKind,
  type Principal,
  SCOPES,
  type Scope,
} from "./domain/principal";
export {
  type ExchangePaymentRefusal,
  isProblemError,
  type OrderLineRef,
  type PayoutOverLimit,
  type ProblemDetails,
  ProblemError,
  problems,
  type QuantityRefusal,
  type RefusedLine,
  type UnpayableRefund,
  type ValidationIssue,
} from "./domain/problems";
export {
  type FitChoice,
  type LineReasons,
  lineReasons,
} from "./domain/reason-narrowing";
export {
  createReasonCatalogue,
  describeReasons,
  FIT_CATEGORY,
  type FitDirection,
  type FitReasonRule,
  fitReasonRule,
  type ParsedReason,
  parseReason,
  type ReasonCatalogue,
  type ReasonCatalogueOptions,
  type ReasonDescription,
} from "./domain/reasons";
export {
  computeRefund,
  MAX_LINE_AMOUNT,
  type Refund,
  type RefundInput,
  type RefundLine,
  type RefundMethod,
  RefundSchema,
} from "./domain/refunds/compute";
export {
  CurrencyExponentSchema,
  currencyCodes,
  currencyExponent,
  currencyExponentOrNull,
  type Rounding,
  toDecimalAmount,
} from "./domain/refunds/money";
export {
  parseRefundPolicy,
  type RefundCondition,
  type RefundPolicy,
  type RefundPolicyInput,
  RefundPolicySchema,
} from "./domain/refunds/policy";
export {
  type RefundRequestInput,
  type RequestRefund,
  refundForRequest,
} from "./domain/refunds/request";
export { type FeeBearer, shareRequestFee } from "./domain/refunds/share";
export type { HeaderReader } from "./domain/request-ids";
export {
  RETURN_METHODS,
  type ReturnAddress,
  ReturnAddressSchema,
  type ReturnMethod,
  type ReturnMethods,
  ReturnMethodsSchema,
} from "./domain/return-methods";
export { newRma, normaliseRma, RMA_PATTERN } from "./domain/rma";
export {
  ApproveReturnSchema,
  CancelReturnSchema,
  CloseReturnSchema,
  type CreateReturnInput,
  type CreateReturnRequestInput,
  createReturnSchemas,
  type Erasure,
  type ErasureRequest,
  ErasureRequestSchema,
  ErasureSchema,
  EVENT_BODY_SCHEMAS,
  type EventBodies,
  FlagReturnSchema,
  type Grade,
  GradeReturnSchema,
  type HealthReport,
  type HistoryEntry,
  LIST_LIMIT_DEFAULT,
  LIST_LIMIT_MAX,
  type MerchantListQuery,
  MerchantListQuerySchema,
  type OrderCustomer,
  PAYOUTS_MAX,
  type Payout,
  type PortalListQuery,
  PortalListQuerySchema,
  ProblemSchema,
  type Product,
  ReceiveReturnSchema,
  type RecordExchangeOrderInput,
  RecordExchangeOrderSchema,
  type RecordExchangePaymentInput,
  RecordExchangePaymentSchema,
  type RecordRefundInput,
  RecordRefundSchema,
  type RefundEstimates,
  RejectReturnSchema,
  type Resolution,
  type ReturnableLine,
  type ReturnableOrder,
  ReturnableOrderDataSchema,
  type ReturnData,
  ReturnDataSchema,
  ReturnEventNameSchema,
  type ReturnOrderLine,
  type ReturnRequestData,
  ReturnRequestDataSchema,
  type ReturnRequestEstimate,
  ReturnRequestEstimateDataSchema,
  ReturnSchema,
  type ReturnSchemas,
  type Shipment,
  ShipReturnRequestSchema,
  ShipReturnSchema,
  SubmitReturnRequestSchema,
  SubmitReturnSchema,
  UnflagReturnSchema,
  type UpdateReturnInput,
} from "./domain/schemas";
export { returnStateDiagram } from "./domain/state-diagram";
export type { GuestOptions } from "./guests/guest-options";
export {
  type GuestSession,
  type GuestSessionInput,
  GuestSessionInputSchema,
  GuestSessionSchema,
} from "./guests/guest-schemas";
export { readBodyBytes } from "./http/body";
export type { FetchHandler } from "./http/fetch-handler";
export { UNMATCHED_REQUEST_STATUSES } from "./http/openapi/openapi-problems";
export { requestIdOf } from "./http/request-id";
export { ambiguousPathResponse } from "./http/request-target";
export { responseText } from "./http/response-text";
export { OPENAPI_PATH } from "./http/routes/route-definition";
export type { InsightOperations } from "./insights/insight-operations";
export type {
  FitCounts,
  FitInsightsQueryInput,
  FitInsightsReport,
  FitSummaryQueryInput,
  FitSummaryReport,
} from "./insights/insights-schemas";
export { type ConsoleLoggerOptions, consoleLogger } from "./observability/logging/console-logger";
export type {
  ErrorContext,
  ErrorSource,
  OnError,
  ReportError,
} from "./observability/logging/failures";
export {
  type LogFields,
  type Logger,
  type LogLevel,
  type LogMethod,
  silentLogger,
} from "./observability/logging/logger";
export {
  type PublishedPolicy,
  type PublishedPolicySettings,
  publishedPolicy,
} from "./policy/published-policy";
export type {
  MerchantReturnPolicyJsonLd,
  ReturnPolicyDocument,
} from "./policy/published-policy-schema";
export { joinCustomerExportPages, readCustomerExport } from "./privacy/customer-export";
export type { CustomerExportOperations } from "./privacy/customer-export-operations";
export {
  CUSTOMER_EXPORT_SCHEMA,
  type CustomerExport,
  type CustomerExportPage,
  type CustomerExportQueryInput,
  type CustomerExportRequest,
  CustomerExportSchema,
} from "./privacy/customer-export-schemas";
export type { ErasureOperations } from "./privacy/erasure-operations";
export { ERASED, eraseRecord, PSEUDONYM_PREFIX } from "./privacy/personal-fields";
export {
  deriveFitSignal,
  type EventOriginFields,
  type FitSignal,
  type FitSignalStage,
  type PublishedTransition,
  publishTransitions,
  type WebhookTransition,
  webhookTypeFor,
} from "./returns/events";
export type { IdempotencySettings } from "./returns/idempotency/engine";
export { type InMemoryOrders, inMemoryOrders } from "./returns/orders/in-memory-orders";
export {
  type Order,
  type OrderInput,
  type OrderLine,
  OrderSchema,
} from "./returns/orders/order-schema";
export type {
  Eligibility,
  EligibilityQuery,
  EligibilityRule,
  ExchangeOffer,
  ExchangeOptions,
  ExchangeReleaseSettings,
  LineReasonRule,
  OrderRules,
  OrderSource,
  ReasonRules,
} from "./returns/orders/types";
export {
  type EstimatedLine,
  type RefundedRecord,
  refundEstimates,
  refundOf,
  requestRefunds,
} from "./returns/refund";
export type {
  OperationContext,
  ReturnListResult,
  ReturnOperations,
  ReturnRequestOperations,
  ReturnRequestResult,
  ReturnResult,
} from "./returns/types";
export type { TimerScheduler } from "./scheduler/timer-scheduler";
export { createReturnsService, type ReturnsService, type ServiceHooks } from "./service";
export type { HealthSettings, ReturnsServiceOptions } from "./service-options";
export { type MemoryStoreOptions, memoryStore } from "./store/memory/memory-store";
export type { RetentionSettings } from "./store/retention";
export type {
  EndpointFields,
  EndpointSecret,
  ErasureBatch,
  Erasures,
  ErasureTarget,
  EventSubject,
  FitInsights,
  IdempotencyKeys,
  Outbox,
  OutboxEndpoint,
  Redelivery,
  Retention,
  ReturnErasure,
  ReturnRecords,
  ReturnsStore,
  StoreHealth,
  StoreHealthProbe,
  Timer,
  TimerDue,
  Timers,
  WebhookEndpoint,
  WebhookEventType,
  WebhookPayload,
} from "./store/types";
export { isStoreUnavailable, StoreUnavailableError } from "./store/unavailable";
export { InvalidOptionsError, type OptionIssue } from "./util/option-checks";
export {
  type CreateEndpointInput,
  type CreateEndpointOptions,
  createEndpoint,
  deleteEndpoint,
  type EndpointAdminClock,
  type EndpointChanges,
  type EndpointWithSecret,
  findEndpoint,
  type PublicEndpoint,
  publicEndpoint,
  type RotateSecretOptions,
  refuseIfManagedInCode,
  rotateEndpointSecret,
  updateEndpoint,
} from "./webhook-admin/endpoint-admin";
