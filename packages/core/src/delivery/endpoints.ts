/**
 * @module delivery/endpoints — turning a host's `{ url, secret, types? }` into a stored
 * webhook endpoint.
 *
 * Endpoints given in options carry no id, yet must keep the same one across restarts (their
 * pending deliveries refer to it), so the id is derived from the URL.
 */
import { createHash } from "node:crypto";
import { z } from "zod";
import { problems } from "../domain/problems";
import type { EndpointSecret, WebhookEndpoint, WebhookEventType } from "../store/types";
import { loggedUrl } from "../util/logged-url";
import {
  arrayOf,
  checkOptions,
  httpUrl,
  oneOf,
  optionsObject,
  satisfying,
} from "../util/option-checks";
import {
  type DestinationPolicy,
  type DestinationRefusal,
  destinationPolicy,
  userinfoRefusal,
} from "./destinations";
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
  "return.refunded": true,
  "return.exchange_released": true,
  "return.exchange_paid": true,
  "return.exchange_fallen_back": true,
  "return.exchange_order_recorded": true,
  "return.exchange_hold_due": true,
  "return.exchange_hold_released": true,
  // The parcel.
  "return.label_created": true,
  "return.tracking_updated": true,
  // A customer's.
  "customer.erased": true,
};

/** Ids of subscribers' endpoints start with it (`sub_refunds`); a webhook's may not. */
export const SUBSCRIBER_ID_PREFIX = "sub_";

/** Every event type a dispatcher can send, for checking `types` at run time. */
export const WEBHOOK_EVENT_TYPES = Object.freeze(Object.keys(EVENT_TYPES) as WebhookEventType[]);

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

function isWebhookSecret(value: unknown): boolean {
  if (typeof value !== "string") return false;
  try {
    webhookSecretKey(value);
    return true;
  } catch {
    return false;
  }
}

const SECRET = "a whsec_ secret (whsec_ followed by standard base64)";
/**
 * Secrets one endpoint may hold. Each adds a signature to every delivery, and receivers
 * (`@returnkit/webhook-verify` reads at most 32) bound how many they read; a rotation needs two.
 */
export const MAX_ENDPOINT_SECRETS = 8;

/** `{ url, secret, types?, id? }`, as `endpoints` and `registerEndpoint` take it. */
export const webhookEndpointInputSchema = optionsObject(
  {
    url: httpUrl,
    secret: z
      .union(
        [
          satisfying<string>(isWebhookSecret, SECRET),
          arrayOf(satisfying<string>(isWebhookSecret, SECRET), "whsec_ secrets", {
            nonEmpty: true,
          }),
        ],
        { error: `expected ${SECRET}, or a non-empty array of them while rotating` },
      )
      .refine((secret) => typeof secret === "string" || secret.length <= MAX_ENDPOINT_SECRETS, {
        error: `expected at most ${MAX_ENDPOINT_SECRETS} secrets (two while rotating)`,
      }),
    types: arrayOf(oneOf<WebhookEventType>(WEBHOOK_EVENT_TYPES), "event types").nullish(),
    id: satisfying<string>(
      (v) => typeof v === "string" && v.trim() !== "" && !v.startsWith(SUBSCRIBER_ID_PREFIX),
      `a non-empty string not starting with ${SUBSCRIBER_ID_PREFIX} (subscribers' ids start so)`,
    ).optional(),
  },
  "a webhook endpoint ({ url, secret, types? })",
);

/**
 * Validates an endpoint input and returns it as the store keeps it, enabled, owned by
 * `managedBy` (`"options"` for the service's `webhooks.endpoints`). Every secret given signs
 * until it is rotated away. A URL that points inside the network (unless `destinations`
 * allows it) or carries credentials is refused with the problem `webhook-destination-refused`
 * (422), naming the rule.
 */
export function toWebhookEndpoint(
  input: WebhookEndpointInput,
  now: number,
  destinations: DestinationPolicy = destinationPolicy(),
  managedBy: WebhookEndpoint["managed_by"] = "api",
): WebhookEndpoint {
  checkOptions(webhookEndpointInputSchema, input, "webhook endpoint");
  const url = parseEndpointUrl(input.url);
  const refused = refusedDestination(url, destinations);
  if (refused) throw problems.webhookDestinationRefused(refused);
  const secrets = typeof input.secret === "string" ? [input.secret] : [...input.secret];
  return {
    kind: "webhook",
    id: input.id ?? endpointIdForUrl(url),
    url,
    secrets: secrets.map((secret): EndpointSecret => ({ secret, until: null })),
    types: input.types == null ? null : [...new Set(input.types)],
    managed_by: managedBy,
    enabled: true,
    disabled_reason: null,
    created_at: new Date(now).toISOString(),
  };
}

/** Whether the secret still signs an attempt made at `now`. */
export function stillSigns(secret: EndpointSecret, now: number): boolean {
  return secret.until === null || now < Date.parse(secret.until);
}

/** The secrets that sign an attempt made at `now`, the newest first: each until its own `until`. */
export function signingSecrets(endpoint: WebhookEndpoint, now: number): readonly string[] {
  return endpoint.secrets.filter((secret) => stillSigns(secret, now)).map(({ secret }) => secret);
}

/**
 * Why an endpoint URL may not be registered: credentials in it, or a host inside the network.
 * The one rule of the API, the CLI, `registerEndpoint` and the endpoints in options.
 */
export function refusedDestination(
  url: string,
  destinations: DestinationPolicy,
): DestinationRefusal | null {
  const { hostname, username, password } = new URL(url);
  if (username !== "" || password !== "") return userinfoRefusal(hostname);
  return destinations.checkHost(hostname);
}

/**
 * The URL as answers and logs show it: credentials an endpoint saved before they were refused
 * are replaced by `REDACTED`.
 */
export function redactedUrl(url: string): string {
  if (!url.includes("@")) return url;
  try {
    const parsed = new URL(url);
    if (parsed.username === "" && parsed.password === "") return url;
    parsed.username = "REDACTED";
    parsed.password = "";
    return parsed.href;
  } catch {
    return url;
  }
}

function parseEndpointUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TypeError(`webhook endpoint url is not a URL: ${loggedUrl(raw)}`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new TypeError(`webhook endpoint url must be http(s): ${loggedUrl(raw)}`);
  }
  return url.href;
}
