/**
 * @module signature-list — the `webhook-signature` header: space-separated `<version>,<value>`.
 */
import { WebhookVerificationError } from "./errors";

// HMAC-SHA256 is 32 bytes: exactly 43 base64 characters and one pad. Anything else cannot be
// a v1 signature, so it is not worth an HMAC comparison.
const V1_VALUE = /^[A-Za-z0-9+/]{43}=$/;
const VERSION = /^v[0-9]+[a-z0-9]*$/;

/**
 * The base64 values of the `v1` entries. Entries of other versions (`v1a` asymmetric
 * signatures, future schemes) are well-formed but ignored. A header without a single
 * well-formed entry is `malformed`; one whose entries are all of other versions yields an
 * empty list, which the caller reports as `invalid_signature`.
 */
export function parseSignatureList(header: string): string[] {
  // What returnkit sends with one secret: a single v1 entry, no separator to split on.
  if (header.length === 47 && header.startsWith("v1,") && V1_VALUE.test(header.slice(3))) {
    return [header.slice(3)];
  }
  const v1: string[] = [];
  let wellFormed = 0;
  for (const raw of header.split(/\s+/)) {
    // Repeated headers are joined with ", " by Node and Fetch; base64 never holds a comma.
    const entry = raw.endsWith(",") ? raw.slice(0, -1) : raw;
    const comma = entry.indexOf(",");
    if (comma <= 0) continue;
    const version = entry.slice(0, comma);
    const value = entry.slice(comma + 1);
    if (version === "v1") {
      if (!V1_VALUE.test(value)) continue;
      v1.push(value);
      wellFormed++;
    } else if (VERSION.test(version) && value.length > 0) {
      wellFormed++;
    }
  }
  if (wellFormed === 0) {
    throw new WebhookVerificationError(
      "malformed",
      "The webhook-signature header holds no signature of the form v1,<base64>.",
      { header: "webhook-signature" },
    );
  }
  return v1;
}
