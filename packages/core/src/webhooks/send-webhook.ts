/**
 * @module webhooks/send-webhook — one HTTP attempt at a receiver, and what came of it.
 *
 * Uses the platform `fetch` (undici on Node): no HTTP client of our own. Never throws:
 * every way an attempt can go wrong becomes a recorded result.
 */

export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
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

/** Response bodies are read (so the connection can be reused) up to this size, then dropped. */
const MAX_DRAINED_BODY_BYTES = 64 * 1024;

export async function sendWebhook(
  fetchImpl: typeof fetch,
  request: WebhookRequest,
): Promise<WebhookResponse> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  // One signal covers connect, headers and body: "2xx within timeoutMs".
  const signal = AbortSignal.timeout(request.timeoutMs);
  let response: Response;
  try {
    response = await fetchImpl(request.url, {
      method: "POST",
      headers: request.headers,
      body: request.body,
      // A receiver that moved must be re-registered: following a redirect would send signed
      // events to a URL nobody registered.
      redirect: "manual",
      signal,
    });
  } catch (error) {
    return {
      ok: false,
      status: null,
      error: describeFailure(error, request.timeoutMs),
      retryAfter: null,
      durationMs: elapsed(),
    };
  }
  await discardBody(response);
  const status = response.status;
  const retryAfter = response.headers.get("retry-after");
  // Browsers hide a manual redirect behind an opaque response with status 0.
  if (response.type === "opaqueredirect" || (status >= 300 && status < 400)) {
    const location = response.headers.get("location");
    const error = location ? `redirect to ${location} not followed` : "redirect not followed";
    return {
      ok: false,
      status: status === 0 ? null : status,
      error,
      retryAfter,
      durationMs: elapsed(),
    };
  }
  const ok = status >= 200 && status < 300;
  return { ok, status, error: null, retryAfter, durationMs: elapsed() };
}

/**
 * Reads and drops the body. The status already decided the outcome, so a body that fails
 * or stalls (the timeout signal cuts it off) changes nothing.
 */
async function discardBody(response: Response): Promise<void> {
  const body = response.body;
  if (!body) return;
  try {
    const reader = body.getReader();
    let read = 0;
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) return;
      read += chunk.value.byteLength;
      if (read > MAX_DRAINED_BODY_BYTES) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // The body is not ours to judge.
  }
}

/** A short, stable description of a failed request for the attempt record. */
function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
    return `timeout: no response within ${timeoutMs} ms`;
  }
  // undici reports "fetch failed" and keeps the reason (ECONNREFUSED, ECONNRESET, ...) in `cause`.
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (cause instanceof Error) {
    const code = (cause as { code?: unknown }).code;
    return typeof code === "string" && !cause.message.includes(code)
      ? `${code}: ${cause.message}`
      : cause.message;
  }
  return String(cause);
}
