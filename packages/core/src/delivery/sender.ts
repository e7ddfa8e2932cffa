/**
 * @module delivery/sender — what a dispatcher asks of an HTTP client, and the judgement every
 * client shares: which answers count as delivered, and how a failure is written down.
 */

import { DestinationRefusedError } from "./checked-lookup";
import type { DestinationPolicy, DestinationRefusal } from "./destinations";

export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface WebhookResponse {
  /** True for a 2xx answered within the timeout. */
  ok: boolean;
  /** HTTP status, or null when no response arrived. */
  status: number | null;
  /** Why the attempt failed when the status alone does not say. */
  error: string | null;
  /** The `Retry-After` header, if the receiver sent one. */
  retryAfter: string | null;
  durationMs: number;
}

export interface WebhookSender {
  /**
   * POSTs one signed event. Never throws. One deadline, the sender's timeout, cuts the attempt
   * off wherever it is (connecting, waiting for headers, reading the body); the status decides
   * the outcome, and a redirect is never followed. A destination its policy refuses fails the
   * attempt before any connection is made.
   */
  send(request: WebhookRequest): Promise<WebhookResponse>;
  /**
   * Loads what the first send would otherwise load, so that the first event after a start is
   * not the one that waits for it. Never rejects.
   */
  prepare(): Promise<void>;
  /** Releases pooled connections once nothing is in flight; a later send opens new ones. */
  close(): Promise<void>;
}

/** Response bodies are read (so the connection can be reused) up to this size, then dropped. */
export const MAX_DRAINED_BODY_BYTES = 64 * 1024;

/** The result of a response that arrived: a 3xx is a failure, since it is never followed. */
export function judgeResponse(
  status: number,
  header: (name: string) => string | null,
  durationMs: number,
): WebhookResponse {
  const retryAfter = header("retry-after");
  if (status >= 300 && status < 400) {
    // A receiver that moved must be re-registered: following a redirect would send signed
    // events to a URL nobody registered. Its Location is not repeated: it may carry a token,
    // and the attempt's record and logs are read by more people than the receiver's owner.
    return {
      ok: false,
      status,
      error: `redirect (${status}) not followed`,
      retryAfter,
      durationMs,
    };
  }
  return { ok: status >= 200 && status < 300, status, error: null, retryAfter, durationMs };
}

/**
 * The host of a URL judged once per sender: endpoints are few and their URLs fixed, so a
 * refusal is not worked out again per attempt.
 */
export function createHostCheck(destinations: DestinationPolicy) {
  const judged = new Map<string, DestinationRefusal | null>();
  return (url: string): DestinationRefusal | null => {
    let refusal = judged.get(url);
    if (refusal === undefined) {
      refusal = destinations.checkHost(new URL(url).hostname);
      if (judged.size >= 256) judged.clear();
      judged.set(url, refusal);
    }
    return refusal;
  };
}

/** An attempt refused before it was made, because of where it would have gone. */
export function refusedAttempt(refusal: DestinationRefusal, timeoutMs: number): WebhookResponse {
  return failedAttempt(new DestinationRefusedError(refusal), timeoutMs, 0);
}

/** The result of an attempt that got no response. */
export function failedAttempt(
  error: unknown,
  timeoutMs: number,
  durationMs: number,
): WebhookResponse {
  return {
    ok: false,
    status: null,
    error: describeFailure(error, timeoutMs),
    retryAfter: null,
    durationMs,
  };
}

/** A short, stable description of a failed request for the attempt record. */
function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
    return `timeout: no response within ${timeoutMs} ms`;
  }
  // fetch reports "fetch failed" and keeps the reason (ECONNREFUSED, ECONNRESET, ...) in `cause`.
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (cause instanceof Error) {
    const code = (cause as { code?: unknown }).code;
    return typeof code === "string" && !cause.message.includes(code)
      ? `${code}: ${cause.message}`
      : cause.message;
  }
  return String(cause);
}
