/**
 * @module domain/text — which text a caller may hand returnkit to keep: text every store keeps
 * exactly as sent. PostgreSQL's `text` cannot hold NUL (U+0000) at all, and it keeps every
 * lone surrogate as U+FFFD, so `"\ud800"` and `"\udfff"` would come back as one string there
 * (two customers' ids would name one customer). The memory store would keep them apart, so
 * both are refused up front, for every store alike.
 */

/** A UTF-16 code unit of a surrogate pair that is not part of one, in either order. */
const LONE_SURROGATE = /\p{Surrogate}/u;

/** True when `value` is well-formed Unicode without NUL. Linear in its length. */
export function isStorableText(value: string): boolean {
  return !value.includes("\u0000") && !LONE_SURROGATE.test(value);
}

/** What a caller is told about text that is not storable. */
export const STORABLE_TEXT_RULE =
  "must be well-formed Unicode (no lone surrogates) and must not contain NUL (U+0000)";
