/**
 * @module errors — jose-style error classes: one base class, and a verification error whose
 * `code` is a closed string union so a receiver can `switch (err.code)` exhaustively.
 */

/** Why a webhook was refused. Stable across releases: receivers branch on it. */
export type WebhookVerificationErrorCode =
  /** A `webhook-id`, `webhook-timestamp` or `webhook-signature` header is absent or empty. */
  | "missing_header"
  /** A header or the body cannot be read: non-numeric timestamp, no parseable signature, a header over its length or signature-count bound, a parsed object instead of the raw body, a body that is not a returnkit event. */
  | "malformed"
  /** `webhook-timestamp` is further in the past than the tolerance (a replay, or a clock far behind). */
  | "timestamp_too_old"
  /** `webhook-timestamp` is further in the future than the tolerance (a clock far ahead). */
  | "timestamp_too_new"
  /** No `v1` signature matches any of the secrets: wrong secret, or the body or headers were altered. */
  | "invalid_signature";

/** The three Standard Webhooks headers. */
export type WebhookHeaderName = "webhook-id" | "webhook-timestamp" | "webhook-signature";

/** Base class of every error this package throws on purpose (configuration mistakes are `TypeError`s). */
export class ReturnkitWebhookError extends Error {
  override name = "ReturnkitWebhookError";
  /** A stable machine-readable code. */
  readonly code: string;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/** The webhook is not authentic or cannot be read; respond 400 and do not act on it. */
export class WebhookVerificationError extends ReturnkitWebhookError {
  override name = "WebhookVerificationError";
  declare readonly code: WebhookVerificationErrorCode;
  /** The header at fault, for `missing_header` and header-related `malformed` errors. */
  readonly header: WebhookHeaderName | undefined;

  constructor(
    code: WebhookVerificationErrorCode,
    message: string,
    options?: { header?: WebhookHeaderName; cause?: unknown },
  ) {
    super(code, message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.header = options?.header;
  }
}
