/**
 * @module returns — the write path: operations on returns, idempotency, order rules, return requests
 * and the events a change publishes.
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
export type { InMemoryOrders } from "./orders/in-memory-orders";
export { inMemoryOrders } from "./orders/in-memory-orders";
export type { Order, OrderInput, OrderLine } from "./orders/order-schema";
export { OrderSchema } from "./orders/order-schema";
export type {
  Eligibility,
  EligibilityQuery,
  EligibilityRule,
  ExchangeSizes,
  OrderRules,
  OrderSource,
} from "./orders/types";
export type { EstimatedLine, RefundedRecord } from "./refund";
export { refundEstimates, refundOf, requestRefunds } from "./refund";
