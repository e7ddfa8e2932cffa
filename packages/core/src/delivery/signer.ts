/**
 * @module delivery/signer — Standard Webhooks v1 signatures.
 *
 * `webhook-signature` is `v1,<base64 HMAC-SHA256>` of `${id}.${timestamp}.${body}`, keyed
 * with the base64-decoded part of a `whsec_…` secret. While a secret rotates, each secret
 * contributes one signature, space-separated.
 */
import { createHmac, randomBytes } from "node:crypto";

const SECRET_PREFIX = "whsec_";

/** A new random secret: `whsec_` + base64 of 32 random bytes (24 is the spec's minimum). */
export function generateWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString("base64");
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const keyCache = new Map<string, Buffer>();

/**
 * The HMAC key bytes of a `whsec_…` secret (a bare base64 secret is accepted too).
 * Strict: `Buffer.from(…, "base64")` silently skips bad characters, and a mistyped secret
 * would then sign with another key and every receiver would see `invalid_signature`.
 */
export function webhookSecretKey(secret: string): Buffer {
  let key = keyCache.get(secret);
  if (key) return key;
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  if (encoded.length === 0 || !BASE64.test(encoded)) {
    throw new TypeError("webhook secret must be whsec_ followed by standard base64");
  }
  key = Buffer.from(encoded, "base64");
  if (keyCache.size >= 256) keyCache.clear();
  keyCache.set(secret, key);
  return key;
}

export interface SignedWebhookHeaders {
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
}

/** Signature header value for one message, one signature per secret. */
export function signWebhook(
  secrets: string | readonly string[],
  id: string,
  timestampSeconds: number,
  body: string,
): string {
  const content = `${id}.${timestampSeconds}.${body}`;
  const list = typeof secrets === "string" ? [secrets] : secrets;
  if (list.length === 0) throw new TypeError("signWebhook needs at least one secret");
  return list
    .map(
      (secret) =>
        `v1,${createHmac("sha256", webhookSecretKey(secret)).update(content).digest("base64")}`,
    )
    .join(" ");
}

/** All three Standard Webhooks headers for an attempt made at `timestampSeconds`. */
export function webhookHeaders(
  secrets: string | readonly string[],
  id: string,
  timestampSeconds: number,
  body: string,
): SignedWebhookHeaders {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestampSeconds),
    "webhook-signature": signWebhook(secrets, id, timestampSeconds, body),
  };
}
