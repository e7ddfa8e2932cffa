/**
 * @module delivery/send-webhook — which client a dispatcher sends its attempts with.
 *
 * No HTTP client of our own: on Node the attempts go through undici's `request()` over a
 * keep-alive pool (./undici-sender), elsewhere, or when a host passes one, through a `fetch`
 * (./fetch-sender).
 */
import type { DestinationPolicy } from "./destinations";
import { createFetchSender } from "./fetch-sender";
import type { WebhookSender } from "./sender";
import { createUndiciSender } from "./undici-sender";

interface WebhookSenderOptions {
  timeoutMs: number;
  /** Where attempts may go; default: public addresses only. */
  destinations?: DestinationPolicy;
  /** Send through this instead of the default client. */
  fetch?: typeof fetch;
  /** Told when undici could not be loaded on Node and the platform `fetch` took over. */
  onUndiciUnavailable?: (error: unknown) => void;
}

/** A host's `fetch` when given; otherwise undici on Node and the platform `fetch` elsewhere. */
export function createWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const { timeoutMs, destinations } = options;
  if (options.fetch) return createFetchSender(options.fetch, timeoutMs, destinations);
  const platformFetch = () => createFetchSender(globalThis.fetch, timeoutMs, destinations);
  if (!isNode()) return platformFetch();
  return createUndiciSender({
    timeoutMs,
    destinations,
    fallback: platformFetch,
    onUnavailable: options.onUndiciUnavailable,
  });
}

/**
 * Bun, Deno and Workers (with nodejs_compat) report a Node version too, but have their own
 * fetch and only partial undici support; their `navigator.userAgent` tells them apart.
 * Node 20 has no `navigator`; Node 21+ says `Node.js/…`.
 */
function isNode(): boolean {
  const versions = (globalThis as { process?: { versions?: { node?: string } } }).process?.versions;
  if (typeof versions?.node !== "string") return false;
  const agent = (globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent;
  return agent === undefined || agent.startsWith("Node.js");
}
