/**
 * @module webhooks/endpoints — turning a host's `{ url, secret, types? }` into a stored
 * webhook endpoint.
 *
 * Endpoints given in options carry no id, yet must keep the same one across restarts (their
 * pending deliveries refer to it), so the id is derived from the URL.
 */
import { createHash } from "node:crypto";
import type { WebhookEndpoint, WebhookEventType } from "../store/types";
import { webhookSecretKey } from "./signer";

// A record rather than an array so that the compiler insists on every type of the union.
const EVENT_TYPES: Record<WebhookEventType, true> = {
  "return.created": true,
  "return.submitted": true,
  "return.approved": true,
  "return.rejected": true,
  "return.flagged": true,
  "return.unflagged": true,
  "return.in_transit": true,
  "return.received": true,
  "return.graded": true,
  "return.closed": true,
  "return.cancelled": true,
  "return.fit_signal": true,
};

/** Every event type a dispatcher can send, for checking `types` at run time. */
export const WEBHOOK_EVENT_TYPES = Object.freeze(Object.keys(EVENT_TYPES) as WebhookEventType[]);

export function isWebhookEventType(value: string): value is WebhookEventType {
  return Object.hasOwn(EVENT_TYPES, value);
}

export interface WebhookEndpointInput {
  url: string;
  /** One `whsec_…` secret, or several while rotating (each one signs every attempt). */
  secret: string | readonly string[];
  /** Event types to receive; all when omitted. */
  types?: readonly WebhookEventType[] | null;
  /** Defaults to an id derived from the URL, so the same URL keeps the same id. */
  id?: string;
}

/** `ep_` + the first 26 hex digits of SHA-256 over the normalised URL. */
export function endpointIdForUrl(url: string): string {
  return `ep_${createHash("sha256").update(parseEndpointUrl(url)).digest("hex").slice(0, 26)}`;
}

/** Validates an endpoint input and returns it as the store keeps it, enabled. */
export function toWebhookEndpoint(input: WebhookEndpointInput, now: number): WebhookEndpoint {
  const url = parseEndpointUrl(input.url);
  const secrets = typeof input.secret === "string" ? [input.secret] : [...input.secret];
  if (secrets.length === 0)
    throw new TypeError(`webhook endpoint ${url} needs at least one secret`);
  // Throws on an empty or non-base64 secret now rather than on the first attempt.
  for (const secret of secrets) webhookSecretKey(secret);
  let types: WebhookEventType[] | null = null;
  if (input.types != null) {
    const unknown = input.types.filter((type) => !isWebhookEventType(type));
    if (unknown.length > 0)
      throw new TypeError(`unknown webhook event types: ${unknown.join(", ")}`);
    types = [...new Set(input.types)];
  }
  if (input.id !== undefined && input.id.trim() === "")
    throw new TypeError("webhook endpoint id must not be empty");
  return {
    id: input.id ?? endpointIdForUrl(url),
    url,
    secrets,
    types,
    enabled: true,
    disabled_reason: null,
    created_at: new Date(now).toISOString(),
  };
}

function parseEndpointUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TypeError(`webhook endpoint url is not a URL: ${raw}`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new TypeError(`webhook endpoint url must be http(s): ${raw}`);
  }
  return url.href;
}
