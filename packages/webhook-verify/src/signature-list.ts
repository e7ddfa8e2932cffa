/**
 * @module signature-list — the `webhook-signature` header: space-separated `<version>,<value>`.
 *
 * Read by one left-to-right pass over the characters, with no regular expression: whatever
 * the header holds, the work is linear in its length, and the length is bounded first.
 */
import { WebhookVerificationError } from "./errors";

/**
 * The longest `webhook-signature` value read, in characters. A `v1` entry is 47 characters
 * and an asymmetric `v1a` one 92, so 32 of either fit with room to spare.
 */
export const MAX_SIGNATURE_HEADER_LENGTH = 4096;
/** The most entries (of any version) read from `webhook-signature`: far more secrets than a rotation holds. */
export const MAX_SIGNATURES = 32;

// HMAC-SHA256 is 32 bytes: exactly 43 base64 characters and one pad. Anything else cannot be
// a v1 signature, so it is not worth an HMAC comparison.
const V1_VALUE_LENGTH = 44;
const V1_ENTRY_LENGTH = "v1,".length + V1_VALUE_LENGTH;

/**
 * The base64 values of the `v1` entries. Entries of other versions (`v1a` asymmetric
 * signatures, future schemes) are well-formed but ignored. A header without a single
 * well-formed entry, longer than `MAX_SIGNATURE_HEADER_LENGTH` or with more than
 * `MAX_SIGNATURES` entries is `malformed`; one whose entries are all of other versions yields
 * an empty list, which the caller reports as `invalid_signature`.
 */
export function parseSignatureList(header: string): string[] {
  // What returnkit sends with one secret: a single v1 entry, no separator to look for.
  if (
    header.length === V1_ENTRY_LENGTH &&
    isV1(header, 0, 3) &&
    isV1Value(header, 3, header.length)
  ) {
    return [header.slice(3)];
  }
  if (header.length > MAX_SIGNATURE_HEADER_LENGTH) {
    throw malformed(
      `The webhook-signature header is longer than ${MAX_SIGNATURE_HEADER_LENGTH} characters.`,
    );
  }
  const v1: string[] = [];
  let entries = 0;
  let wellFormed = 0;
  let i = 0;
  while (i < header.length) {
    while (i < header.length && isSpace(header.charCodeAt(i))) i++;
    if (i === header.length) break;
    // One entry: up to the next whitespace, noting its first comma on the way.
    const start = i;
    let comma = -1;
    for (; i < header.length; i++) {
      const c = header.charCodeAt(i);
      if (isSpace(c)) break;
      if (c === COMMA && comma < 0) comma = i;
    }
    if (++entries > MAX_SIGNATURES) {
      throw malformed(`The webhook-signature header holds more than ${MAX_SIGNATURES} signatures.`);
    }
    // Repeated headers are joined with ", " by Node and Fetch; base64 never holds a comma.
    const end = header.charCodeAt(i - 1) === COMMA ? i - 1 : i;
    if (comma <= start || comma + 1 >= end) continue; // no version, or no value
    if (isV1(header, start, comma + 1)) {
      if (!isV1Value(header, comma + 1, end)) continue;
      v1.push(header.slice(comma + 1, end));
      wellFormed++;
    } else if (isVersion(header, start, comma)) {
      wellFormed++;
    }
  }
  if (wellFormed === 0) {
    throw malformed("The webhook-signature header holds no signature of the form v1,<base64>.");
  }
  return v1;
}

function malformed(message: string): WebhookVerificationError {
  return new WebhookVerificationError("malformed", message, { header: "webhook-signature" });
}

const COMMA = 0x2c;
const LOWER_V = 0x76;

/** Whether `s[start..end)` is exactly `v1,`: the version whose values are HMAC-SHA256. */
function isV1(s: string, start: number, end: number): boolean {
  return (
    end - start === 3 &&
    s.charCodeAt(start) === LOWER_V &&
    s.charCodeAt(start + 1) === 0x31 &&
    s.charCodeAt(start + 2) === COMMA
  );
}

/** `v`, a digit, then digits and lower-case letters: a Standard Webhooks version such as `v1a`. */
function isVersion(s: string, start: number, end: number): boolean {
  if (end - start < 2 || s.charCodeAt(start) !== LOWER_V || !isDigit(s.charCodeAt(start + 1))) {
    return false;
  }
  for (let i = start + 2; i < end; i++) {
    const c = s.charCodeAt(i);
    if (!isDigit(c) && !(c >= 0x61 && c <= 0x7a)) return false;
  }
  return true;
}

/** 43 standard base64 characters and `=`: the base64 of 32 bytes. */
function isV1Value(s: string, start: number, end: number): boolean {
  if (end - start !== V1_VALUE_LENGTH || s.charCodeAt(end - 1) !== 0x3d) return false;
  for (let i = start; i < end - 1; i++) if (!isBase64(s.charCodeAt(i))) return false;
  return true;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isBase64(c: number): boolean {
  return (
    (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || isDigit(c) || c === 0x2b || c === 0x2f
  );
}

/** ASCII whitespace: space, tab, and the line breaks a header value should not hold anyway. */
function isSpace(c: number): boolean {
  return c === 0x20 || (c >= 0x09 && c <= 0x0d);
}
