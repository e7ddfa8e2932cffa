/**
 * @module delivery/fetch-sender — attempts through a `fetch`: a host's own, or the platform's
 * on runtimes other than Node (Bun, Deno, Workers).
 *
 * A `fetch` resolves names out of our sight, so only the URL's host is checked here (names
 * and address literals); a host that sends through its own `fetch` checks the addresses it
 * connects to there (a proxy that refuses inside addresses, say).
 */
import { type DestinationPolicy, destinationPolicy } from "./destinations";
import {
  createHostCheck,
  failedAttempt,
  judgeResponse,
  MAX_DRAINED_BODY_BYTES,
  refusedAttempt,
  type WebhookResponse,
  type WebhookSender,
} from "./sender";

export function createFetchSender(
  fetchImpl: typeof fetch,
  timeoutMs: number,
  destinations: DestinationPolicy = destinationPolicy(),
): WebhookSender {
  const refusalOf = createHostCheck(destinations);
  return {
    async send(request): Promise<WebhookResponse> {
      const refusal = refusalOf(request.url);
      if (refusal) return refusedAttempt(refusal, timeoutMs);
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      // One signal covers connect, headers and body.
      const signal = AbortSignal.timeout(timeoutMs);
      let response: Response;
      try {
        response = await fetchImpl(request.url, {
          method: "POST",
          headers: request.headers,
          body: request.body,
          redirect: "manual",
          signal,
        });
      } catch (error) {
        return failedAttempt(error, timeoutMs, elapsed());
      }
      await discardBody(response);
      // Browsers hide a manual redirect behind an opaque response with status 0.
      if (response.type === "opaqueredirect") {
        return {
          ok: false,
          status: null,
          error: "redirect not followed",
          retryAfter: null,
          durationMs: elapsed(),
        };
      }
      return judgeResponse(response.status, (name) => response.headers.get(name), elapsed());
    },
    // Nothing to load, and fetch pools connections on its own.
    async prepare() {},
    async close() {},
  };
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
