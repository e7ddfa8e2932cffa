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
  /**
   * Why the attempt failed when the status alone does not say, as the attempt is recorded and
   * shown to API callers: `NO_HTTP_ANSWER` for every attempt that got no HTTP answer, whatever
   * the reason, so the record is no probe of what listens at an address.
   */
  error: string | null;
  /**
   * The full reason an attempt got no HTTP answer (ECONNREFUSED, a reply that is not HTTP, a
   * timeout), for the log only.
   */
  cause?: string;
  /**
   * True when the destination policy refused the attempt before any connection: `error` then
   * names the rule, which the URL and its addresses decide, not what listens there.
   */
  refused?: boolean;
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

/** What an attempt that got no HTTP answer records, whatever the reason (kept in the log). */
export const NO_HTTP_ANSWER =
  "no HTTP answer from the endpoint: it could not be reached, did not answer in time, or does not speak HTTP (the service's log says which)";

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
  const cause = describeFailure(error, timeoutMs);
  const base = { ok: false, status: null, retryAfter: null, durationMs };
  // A refusal (on the URL, or on the address its name resolved to) names its rule.
  if (refusalIn(error)) return { ...base, error: cause, cause, refused: true };
  return { ...base, error: NO_HTTP_ANSWER, cause };
}

function refusalIn(error: unknown): boolean {
  const cause = error instanceof Error ? error.cause : undefined;
  return error instanceof DestinationRefusedError || cause instanceof DestinationRefusedError;
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
