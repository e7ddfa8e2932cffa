/**
 * @module webhook-admin/endpoint-admin — webhook endpoints managed at run time (over HTTP, from a
 * CLI): create with a generated secret, rotate it with an overlap, change types or enabled,
 * delete, and the view of an endpoint that never shows a secret.
 *
 * Each function works on the store alone, so an operator's tool against the database and the
 * service's routes change endpoints the same way, under the same rules: each change is one
 * conditional write of the version it was computed from, so a change that lost a race is
 * refused (409 `endpoint-concurrent-update`, safe to send again) rather than overwriting the
 * other; and what the code owns (`refuseIfManagedInCode`) is refused on both paths alike.
 */
import { z } from "zod";
import type { DestinationPolicy } from "../delivery/destinations";
import {
  MAX_ENDPOINT_SECRETS,
  redactedUrl,
  signingSecrets,
  stillSigns,
  toWebhookEndpoint,
} from "../delivery/endpoints";
import { generateWebhookSecret } from "../delivery/signer";
import { problems } from "../domain/problems";
import type {
  EndpointSecret,
  OutboxEndpoint,
  ReturnsStore,
  VersionedEndpoint,
  WebhookEndpoint,
  WebhookEventType,
} from "../store/types";
import { checkOptions } from "../util/option-checks";

/** How long the previous secrets keep signing after a rotation, unless told: 24 h. */
const DEFAULT_ROTATION_OVERLAP_SECONDS = 86_400;
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
  /** When the last of the previous secrets stops signing, while a rotation overlaps; else null. */
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
 * Refuses a change the next start would undo (409 `endpoint-managed-in-code`): rotating,
 * retyping, deleting or testing a subscriber, and rotating, retyping or deleting an endpoint
 * from the service's options. Enabling and disabling are always an operator's.
 */
export function refuseIfManagedInCode(endpoint: OutboxEndpoint): WebhookEndpoint {
  if (endpoint.kind === "subscriber")
    throw problems.endpointManagedInCode(endpoint.id, "subscriber");
  if (endpoint.managed_by === "options")
    throw problems.endpointManagedInCode(endpoint.id, "options");
  return endpoint;
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
  const written = await store.writeEndpoint({ next: endpoint, expectedVersion: null });
  if (!written.ok) throw problems.endpointExists(endpoint.id);
  return { endpoint, secret };
}

/**
 * Puts a new secret first; the secrets signing now keep signing for `overlapSeconds` at
 * most (each keeps its own end when that comes sooner), then only the new one does. Null
 * for an unknown id; refused for what the code owns (`refuseIfManagedInCode`).
 */
export async function rotateEndpointSecret(
  store: ReturnsStore,
  id: string,
  options: RotateSecretOptions,
): Promise<EndpointWithSecret | null> {
  checkOptions(overlapSchema, options, "secret rotation");
  const found = await store.getEndpoint(id);
  if (!found) return null;
  const current = refuseIfManagedInCode(found.endpoint);
  const overlapMs = (options.overlapSeconds ?? DEFAULT_ROTATION_OVERLAP_SECONDS) * 1000;
  const secret = generateWebhookSecret();
  const endpoint: WebhookEndpoint = {
    ...current,
    secrets: [{ secret, until: null }, ...overlapping(current.secrets, options.now, overlapMs)],
  };
  return (await writeOver(store, found, endpoint)) ? { endpoint, secret } : null;
}

/**
 * The secrets that sign at `now`, each until the end of the new overlap or its own end,
 * whichever comes first: a rotation never extends an older secret. With no overlap, none;
 * past the bound, the oldest go first.
 */
function overlapping(secrets: readonly EndpointSecret[], now: number, overlapMs: number) {
  if (overlapMs === 0) return [];
  const end = now + overlapMs;
  return secrets
    .filter((secret) => stillSigns(secret, now))
    .map(({ secret, until }) => ({
      secret,
      until: until !== null && Date.parse(until) < end ? until : new Date(end).toISOString(),
    }))
    .slice(0, MAX_ENDPOINT_SECRETS - 1);
}

/**
 * Changes an endpoint's types or enabled flag; null for an unknown id. Enabling resumes its
 * waiting deliveries in order; disabling pauses them (commits still create them). Types are
 * the code's for what it owns (`refuseIfManagedInCode`).
 */
export async function updateEndpoint(
  store: ReturnsStore,
  id: string,
  changes: EndpointChanges,
): Promise<OutboxEndpoint | null> {
  const found = await store.getEndpoint(id);
  if (!found) return null;
  const current = found.endpoint;
  if (changes.types !== undefined) refuseIfManagedInCode(current);
  const types =
    changes.types === undefined ? current.types : changes.types && [...new Set(changes.types)];
  const enabled = changes.enabled ?? current.enabled;
  const disabledReason = enabled
    ? null
    : current.enabled
      ? DISABLED_BY_OPERATOR
      : current.disabled_reason;
  const endpoint: OutboxEndpoint = { ...current, types, enabled, disabled_reason: disabledReason };
  return (await writeOver(store, found, endpoint)) ? endpoint : null;
}

/**
 * Removes a webhook endpoint with its pending deliveries (its finished ones stay, and are
 * never revived); false for an unknown id; refused for what the code owns.
 */
export async function deleteEndpoint(store: ReturnsStore, id: string): Promise<boolean> {
  const found = await store.getEndpoint(id);
  if (!found) return false;
  refuseIfManagedInCode(found.endpoint);
  if (await store.removeEndpoint(id, found.version)) return true;
  // Changed since it was read: that change was not seen, so nothing is removed.
  if (await store.getEndpoint(id)) throw problems.endpointConcurrentUpdate(id);
  return false;
}

/**
 * Writes `next` over the version `found` was read at: true when written, false when the
 * endpoint was removed meanwhile; a change in between is a 409 the caller may retry.
 */
async function writeOver(
  store: ReturnsStore,
  found: VersionedEndpoint,
  next: OutboxEndpoint,
): Promise<boolean> {
  const written = await store.writeEndpoint({ next, expectedVersion: found.version });
  if (written.ok) return true;
  if (written.reason === "version_conflict" && written.current === null) return false;
  throw problems.endpointConcurrentUpdate(next.id);
}

/** The endpoint with this id, of either kind, or null. */
export async function findEndpoint(
  store: ReturnsStore,
  id: string,
): Promise<OutboxEndpoint | null> {
  return (await store.getEndpoint(id))?.endpoint ?? null;
}

/** The endpoint without its secrets, as lists and reads show it. */
export function publicEndpoint(endpoint: OutboxEndpoint, now: number = Date.now()): PublicEndpoint {
  const webhook = endpoint.kind === "webhook";
  return {
    object: "webhook_endpoint",
    id: endpoint.id,
    kind: endpoint.kind,
    url: webhook ? redactedUrl(endpoint.url) : null,
    types: endpoint.types === null ? null : [...endpoint.types],
    enabled: endpoint.enabled,
    disabled_reason: endpoint.disabled_reason,
    created_at: endpoint.created_at,
    signing_secrets: webhook ? signingSecrets(endpoint, now).length : 0,
    previous_secrets_until: webhook ? overlapEnd(endpoint, now) : null,
  };
}

/** When the last previous secret that signs now stops signing; null when none ends. */
function overlapEnd(endpoint: WebhookEndpoint, now: number): string | null {
  const previous = endpoint.secrets.slice(1).filter((secret) => stillSigns(secret, now));
  if (previous.length === 0 || previous.some(({ until }) => until === null)) return null;
  return previous
    .map(({ until }) => until!)
    .reduce((a, b) => (Date.parse(a) > Date.parse(b) ? a : b));
}
