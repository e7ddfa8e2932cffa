/**
 * @module webhooks/signer — Standard Webhooks v1 signatures.
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

/** The HMAC key bytes of a `whsec_…` secret (a bare base64 secret is accepted too). */
export function webhookSecretKey(secret: string): Buffer {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  const key = Buffer.from(encoded, "base64");
  if (key.length === 0) throw new Error("webhook secret is empty or not base64");
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
