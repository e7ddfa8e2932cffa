/**
 * @module returns — the write path: operations on returns, idempotency, order rules and the events
 * a change publishes.
 */
export type { FitSignal, FitSignalStage, WebhookTransition } from "./events";
export {
  deriveFitSignal,
  FIT_SIGNAL_STAGES,
  publishTransitions,
  webhookTypeFor,
} from "./events";
export type { IdempotencySettings } from "./idempotency/engine";
export { DEFAULT_IDEMPOTENCY } from "./idempotency/engine";
export { canonicalJson, requestFingerprint } from "./idempotency/fingerprint";
export { parseIdempotencyKey } from "./idempotency/key";
export type { InsightOperations } from "./insights/insight-operations";
export type {
  FitCounts,
  FitInsightsQueryInput,
  FitInsightsReport,
  FitSummaryQueryInput,
  FitSummaryReport,
} from "./insights/insights-schemas";
export {
  FitInsightsQuerySchema,
  FitInsightsSchema,
  FitSummaryQuerySchema,
  FitSummarySchema,
} from "./insights/insights-schemas";
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
export {
  type PublishedPolicy,
  type PublishedPolicySettings,
  publishedPolicy,
} from "./published-policy";
export {
  type MerchantReturnPolicyJsonLd,
  MerchantReturnPolicySchema,
  type ReturnPolicyDocument,
  ReturnPolicySchema,
} from "./published-policy-schema";
export type { EstimatedLine, RefundedRecord } from "./refund";
export { refundEstimates, refundOf, requestRefunds } from "./refund";
