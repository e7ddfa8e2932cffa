/**
 * @module secret — the HMAC key bytes of a `whsec_…` secret.
 */

const SECRET_PREFIX = "whsec_";
// Standard base64, padding optional: what core's generator and the standardwebhooks
// package produce and accept.
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}(?:==)?|[A-Za-z0-9+/]{3}=?)?$/;

/**
 * Decodes `whsec_<base64>` (or bare base64, as the standardwebhooks package accepts) into the
 * key bytes. A bad secret is a configuration mistake, not a bad request, so it throws a
 * `TypeError` rather than a `WebhookVerificationError`: it should surface as a 500 and an
 * alert, never as a 400 the sender retries forever.
 */
export function decodeWebhookSecret(secret: string): Uint8Array<ArrayBuffer> {
  if (typeof secret !== "string") {
    throw new TypeError("webhook secret must be a string such as whsec_…");
  }
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  if (encoded.length === 0 || !BASE64.test(encoded)) {
    throw new TypeError("webhook secret must be whsec_ followed by standard base64");
  }
  return decodeBase64(encoded);
}

/** Standard base64 to bytes with `atob`, which every target runtime has. */
function decodeBase64(encoded: string): Uint8Array<ArrayBuffer> {
  const binary = atob(encoded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
