/**
 * @module @returnkit/webhook-verify — verifies returnkit webhooks (Standard Webhooks v1) and
 * types their events. No runtime dependencies: Web Crypto everywhere, node:crypto on Node.
 */
export {
  ReturnkitWebhookError,
  type WebhookHeaderName,
  WebhookVerificationError,
  type WebhookVerificationErrorCode,
} from "./errors";
export type {
  Actor,
  Exchange,
  ExchangeDifference,
  ExchangeLine,
  FitSignal,
  FitSignalStage,
  GradeCondition,
  GradeDisposition,
  HistoryEntry,
  KnownActorKind,
  Label,
  Payout,
  Product,
  Refund,
  RejectReasonCode,
  Resolution,
  ReturnData,
  ReturnFitSignalEvent,
  ReturnkitWebhookEvent,
  ReturnLabelCreatedEvent,
  ReturnOrderLine,
  ReturnRefundedEvent,
  ReturnState,
  ReturnStateEvent,
  ReturnStateEventType,
  ReturnTrackingUpdatedEvent,
  ReturnTransitionEvent,
  ShippingAddress,
  Tracking,
  TrackingScan,
  TrackingStatus,
  WebhookEventOf,
  WebhookEventType,
  WebhookTestEvent,
  WebhookTransition,
} from "./events";
export type { HeadersLike, HeaderValue, WebhookHeaders } from "./headers";
export type { RawWebhookBody } from "./payload";
export {
  DEFAULT_TOLERANCE_SECONDS,
  type VerifiedWebhook,
  type VerifyWebhookInput,
  type VerifyWebhookOptions,
  verifyWebhook,
  verifyWebhookSignature,
  type WebhookSecretInput,
} from "./verify";
