/** @module returns/idempotency/key — the Idempotency-Key header value (draft-ietf-httpapi-idempotency-key-header). */
import { problems } from "../../domain/problems";

const PRINTABLE_ASCII = /^[\x20-\x7e]{1,255}$/;

/**
 * The key a header names. The draft defines the value as a structured-field string
 * (`"abc"`); clients commonly send the bare form (`abc`). Both name the same key.
 * Throws a 400 problem for an empty, oversized or non-printable key.
 */
export function parseIdempotencyKey(header: string): string {
  let key = header.trim();
  if (key.length >= 2 && key.startsWith('"') && key.endsWith('"')) {
    key = key.slice(1, -1).replace(/\\(["\\])/g, "$1");
  }
  if (!PRINTABLE_ASCII.test(key)) {
    throw problems.idempotencyKeyInvalid(
      "Idempotency-Key must be 1-255 printable ASCII characters (quoted or bare).",
    );
  }
  return key;
}
