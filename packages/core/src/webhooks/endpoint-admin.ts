/**
 * @module webhooks/endpoint-admin — webhook endpoints managed at run time (over HTTP, from a
 * CLI): create with a generated secret, rotate it with an overlap, change types or enabled,
 * and the view of an endpoint that never shows a secret.
 *
 * Each function works on the store alone, so an operator's tool against the database and the
 * service's routes change endpoints the same way.
 */
import { z } from "zod";
import { checkOptions } from "../options/check";
import { problems } from "../problems";
import type {
  OutboxEndpoint,
  ReturnsStore,
  WebhookEndpoint,
  WebhookEventType,
} from "../store/types";
import type { DestinationPolicy } from "./destinations";
import { MAX_ENDPOINT_SECRETS, redactedUrl, signingSecrets, toWebhookEndpoint } from "./endpoints";
import { generateWebhookSecret } from "./signer";

/** How long the previous secrets keep signing after a rotation, unless told: 24 h. */
export const DEFAULT_ROTATION_OVERLAP_SECONDS = 86_400;
/** The longest overlap a rotation may ask for: 7 days. */
export const MAX_ROTATION_OVERLAP_SECONDS = 7 * 86_400;

export interface EndpointAdminClock {
  /** Epoch ms the change is made at (`created_at`, the end of a rotation's overlap). */
  now: number;
}

export interface CreateEndpointInput {
  url: string;
  /** Event types to receive; all when omitted or null. */
  types?: readonly WebhookEventType[] | null;
  /** Defaults to the id derived from the URL, as endpoints from options get. */
  id?: string;
}

/** An endpoint with the secret just generated for it: the only time a secret is shown. */
export interface EndpointWithSecret {
  endpoint: WebhookEndpoint;
  secret: string;
}

export interface RotateSecretOptions extends EndpointAdminClock {
  /** Seconds the previous secrets keep signing; default 24 h, at most 7 days; 0 drops them now. */
  overlapSeconds?: number;
}

export interface EndpointChanges {
  types?: readonly WebhookEventType[] | null;
  enabled?: boolean;
}

/** An endpoint as listed: everything but its secrets. */
export interface PublicEndpoint {
  object: "webhook_endpoint";
  id: string;
  kind: OutboxEndpoint["kind"];
  /** A subscriber's is null: it is host code, not a URL. */
  url: string | null;
  types: WebhookEventType[] | null;
  enabled: boolean;
  disabled_reason: string | null;
  created_at: string;
  /** How many secrets sign an attempt made now (two while a rotation overlaps, 0 for a subscriber). */
  signing_secrets: number;
  /** When the previous secrets stop signing, while a rotation overlaps; else null. */
  previous_secrets_until: string | null;
}

/** Why an operator disabled an endpoint, as `disabled_reason` tells it. */
export const DISABLED_BY_OPERATOR = "disabled by an operator";

const overlapSchema = z.object({
  overlapSeconds: z.number().int().min(0).max(MAX_ROTATION_OVERLAP_SECONDS).optional(),
});

export interface CreateEndpointOptions extends EndpointAdminClock {
  /** Where endpoints may point; default: public addresses only (`allowedDestinations`). */
  destinations?: DestinationPolicy;
}

/**
 * Creates a webhook endpoint with a new `whsec_` secret. Refused (409 `endpoint-exists`)
 * when an endpoint with its id exists: creating must never replace another's secret.
 * Throws `InvalidOptionsError` for a URL, types or id that could never be delivered to, and
 * the problem `webhook-destination-refused` (422) for a URL inside the network or with
 * credentials.
 */
export async function createEndpoint(
  store: ReturnsStore,
  input: CreateEndpointInput,
  { now, destinations }: CreateEndpointOptions,
): Promise<EndpointWithSecret> {
  const secret = generateWebhookSecret();
  const endpoint = toWebhookEndpoint({ ...input, secret }, now, destinations);
  if (await findEndpoint(store, endpoint.id)) throw problems.endpointExists(endpoint.id);
  await store.saveEndpoint(endpoint);
  return { endpoint, secret };
}

/**
 * Puts a new secret first; the secrets signing now keep signing for `overlapSeconds`, then
 * only the new one does. Null for an unknown id; a subscriber has no secret (409).
 */
export async function rotateEndpointSecret(
  store: ReturnsStore,
  id: string,
  options: RotateSecretOptions,
): Promise<EndpointWithSecret | null> {
  checkOptions(overlapSchema, options, "secret rotation");
  const found = await findEndpoint(store, id);
  if (!found) return null;
  if (found.kind !== "webhook") throw problems.endpointManagedInCode(id, "subscriber");
  const overlapMs = (options.overlapSeconds ?? DEFAULT_ROTATION_OVERLAP_SECONDS) * 1000;
  const secret = generateWebhookSecret();
  // Only secrets that still sign are kept; the oldest go first when the bound is reached.
  const kept = overlapMs === 0 ? [] : signingSecrets(found, options.now);
  const endpoint: WebhookEndpoint = {
    ...found,
    secrets: [secret, ...kept].slice(0, MAX_ENDPOINT_SECRETS),
    previous_secrets_until:
      kept.length === 0 ? null : new Date(options.now + overlapMs).toISOString(),
  };
  await store.saveEndpoint(endpoint);
  return { endpoint, secret };
}

/**
 * Changes an endpoint's types or enabled flag; null for an unknown id. Enabling resumes its
 * waiting deliveries in order; disabling pauses them (commits still create them).
 */
export async function updateEndpoint(
  store: ReturnsStore,
  id: string,
  changes: EndpointChanges,
): Promise<OutboxEndpoint | null> {
  const found = await findEndpoint(store, id);
  if (!found) return null;
  const types =
    changes.types === undefined ? found.types : changes.types && [...new Set(changes.types)];
  const enabled = changes.enabled ?? found.enabled;
  const disabledReason = enabled
    ? null
    : found.enabled
      ? DISABLED_BY_OPERATOR
      : found.disabled_reason;
  const endpoint: OutboxEndpoint = { ...found, types, enabled, disabled_reason: disabledReason };
  await store.saveEndpoint(endpoint);
  return endpoint;
}

/** The endpoint with this id, of either kind, or null. */
export async function findEndpoint(
  store: ReturnsStore,
  id: string,
): Promise<OutboxEndpoint | null> {
  return (await store.listEndpoints()).find((endpoint) => endpoint.id === id) ?? null;
}

/** The endpoint without its secrets, as lists and reads show it. */
export function publicEndpoint(endpoint: OutboxEndpoint, now: number = Date.now()): PublicEndpoint {
  const webhook = endpoint.kind === "webhook";
  const signing = webhook ? signingSecrets(endpoint, now).length : 0;
  return {
    object: "webhook_endpoint",
    id: endpoint.id,
    kind: endpoint.kind,
    url: webhook ? redactedUrl(endpoint.url) : null,
    types: endpoint.types === null ? null : [...endpoint.types],
    enabled: endpoint.enabled,
    disabled_reason: endpoint.disabled_reason,
    created_at: endpoint.created_at,
    signing_secrets: signing,
    previous_secrets_until:
      webhook && signing > 1 && endpoint.previous_secrets_until !== null
        ? endpoint.previous_secrets_until
        : null,
  };
}
