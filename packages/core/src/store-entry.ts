/**
 * @module @returnkit/core/store — what a store implementation needs: the `ReturnsStore`
 * contract (its doc comments state the guarantees in RFC words, and `@returnkit/testing`'s
 * `runStoreConformance` checks them), the errors a store throws, and the pieces of the memory
 * store's behaviour a store reuses so both answer alike. `etc/core-store.api.md` records it.
 */

export { endpointIdForUrl } from "./delivery/endpoints";
export { newPrefixedId } from "./domain/ids";
export type { PersistedReturnSnapshot, ReturnState } from "./domain/machine";
export type { FitReasonRule } from "./domain/reasons";
export type { ReturnData } from "./domain/schemas";
export { isStorableText } from "./domain/text";
export { subjectKey, subjectOf } from "./store/event-subject";
export { type MemoryStoreOptions, memoryStore } from "./store/memory/memory-store";
export type {
  ClaimedDelivery,
  CommitResult,
  Delivery,
  DeliveryAttempt,
  DeliveryFilter,
  DeliveryKey,
  DeliveryOutcome,
  DeliveryStatus,
  EndpointFields,
  EndpointSecret,
  EndpointWrite,
  EndpointWriteResult,
  ErasureBatch,
  Erasures,
  ErasureTarget,
  EventSubject,
  FitInsightRow,
  FitInsights,
  FitInsightsQuery,
  FitInsightsWindow,
  FitSizeKey,
  FitSkuKey,
  FitSummaryQuery,
  IdempotencyAnswer,
  IdempotencyAnswerResult,
  IdempotencyFirstUse,
  IdempotencyKeys,
  IdempotencyRecordView,
  IdempotentResponse,
  LineAllowance,
  ListReturnsQuery,
  Outbox,
  OutboxEndpoint,
  OutboxEvent,
  OutboxEventInput,
  Redelivery,
  Retention,
  ReturnCommit,
  ReturnErasure,
  ReturnPage,
  ReturnRecords,
  ReturnsCommit,
  ReturnsCommitResult,
  ReturnsStore,
  RmaClaim,
  StoredReturn,
  StoreHealth,
  StoreHealthProbe,
  SubscriberEndpoint,
  Timer,
  TimerChanges,
  TimerDue,
  Timers,
  VersionedEndpoint,
  WebhookEndpoint,
  WebhookEventType,
  WebhookPayload,
} from "./store/types";
export { isStoreUnavailable, StoreUnavailableError } from "./store/unavailable";
export {
  aBoolean,
  aFunction,
  aNonEmptyString,
  checkOptions,
  InvalidOptionsError,
  type OptionIssue,
  optionsObject,
  type SchemaCovers,
  satisfying,
} from "./util/option-checks";
export {
  type DeliveryPage,
  decodeDeliveryCursor,
  listDeliveryPage,
} from "./webhook-admin/delivery-pages";
export { DISABLED_BY_OPERATOR, MAX_ROTATION_OVERLAP_SECONDS } from "./webhook-admin/endpoint-admin";
export { deadDeliveriesAhead, earliestDeath } from "./webhook-admin/redelivery-order";
