/**
 * @module http/conditional — RFC 9110 preconditions for the documents served beside the routes.
 *
 * Each document is one fixed representation with a strong entity tag. An origin server
 * evaluates If-Match and If-None-Match before serving a GET or HEAD: an If-Match naming none
 * of the current tags is refused with 412, and an If-None-Match naming the current tag gets
 * 304, so a client that cached the document revalidates it without downloading it again.
 */
import { problems } from "../domain/problems";

/** A strong entity tag for `body`: the start of its SHA-256, quoted. */
export async function strongEntityTag(body: string): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest("SHA-256", new TextEncoder().encode(body)),
  );
  const hex = [...digest.subarray(0, 16)].map((byte) => byte.toString(16).padStart(2, "0"));
  return `"${hex.join("")}"`;
}

type PreconditionOutcome = "serve" | "not-modified";

/**
 * What a GET or HEAD of the representation tagged `etag` answers under the request's
 * preconditions; throws the 412 problem when If-Match fails. If-Match compares strongly and
 * If-None-Match weakly (`W/"x"` matches `"x"`); `*` matches any current representation.
 */
export function evaluatePreconditions(headers: Headers, etag: string): PreconditionOutcome {
  const ifMatch = headers.get("if-match");
  if (ifMatch !== null && !listMatches(ifMatch, etag, false)) {
    throw problems.documentChanged(etag);
  }
  const ifNoneMatch = headers.get("if-none-match");
  if (ifNoneMatch !== null && listMatches(ifNoneMatch, etag, true)) return "not-modified";
  return "serve";
}

/** Whether a header's list of entity tags (or `*`) names `etag`. */
function listMatches(value: string, etag: string, weak: boolean): boolean {
  if (value.trim() === "*") return true;
  for (const [, weakPrefix, tag] of value.matchAll(/(W\/)?("[^"]*")/g)) {
    if (tag === etag && (weak || !weakPrefix)) return true;
  }
  return false;
}
