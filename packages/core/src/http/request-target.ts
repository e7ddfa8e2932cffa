/**
 * @module http/request-target — refuses request paths that a host's router and the URL
 * parser would read as two different paths.
 *
 * A host routes on the request target as sent (Express matches `%2e%2e` literally), while
 * `new URL()` resolves dot segments in every encoding and turns `\` into `/`. Behind
 * `app.use("/returns/v1/merchant", deny)`, `/returns/v1/portal/returns/%2e%2e/%2e%2e/merchant/returns`
 * passes the guard and reaches the core as `/returns/v1/merchant/returns`. An adapter that
 * still has the raw target refuses such paths before building the Fetch Request.
 */
import { problems } from "../domain/problems";
import { type HeaderReader, requestIdFor } from "../domain/request-ids";
import { REQUEST_ID_HEADER } from "./request-id";
import { textResponse } from "./response-text";
import { answerHeaders } from "./responses";

/** `.` and `..`, each dot written plainly or as `%2e`/`%2E`. */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;
/** A backslash (some parsers read it as `/`), an encoded slash or backslash, tab, CR, LF. */
const SEPARATOR_LOOKALIKE = /[\\\t\r\n]|%2f|%5c/i;

/** The path of a request target (origin or absolute form), without query or fragment. */
function pathOf(target: string): string {
  let path = target;
  const scheme = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i.exec(path);
  if (scheme) path = path.slice(scheme[0].length);
  const end = path.search(/[?#]/);
  return end < 0 ? path : path.slice(0, end);
}

/** Whether routing `target` after URL parsing could reach another path than routing it as sent. */
export function isAmbiguousPath(target: string): boolean {
  const path = pathOf(target);
  return SEPARATOR_LOOKALIKE.test(path) || path.split("/").some((s) => DOT_SEGMENT.test(s));
}

/**
 * A 404 problem+json for a request target whose path holds dot segments (`.`, `..`, `%2e`,
 * any mix), backslashes or encoded slashes; null for any other target. For adapters, which
 * see the target before the Fetch API normalises it. Given the request's `headers`, its
 * `Request-Id` is chosen from them as `service.fetch` would; else it is a fresh one.
 */
export function ambiguousPathResponse(target: string, headers?: HeaderReader): Response | null {
  if (!isAmbiguousPath(target)) return null;
  const problem = problems.routeNotFound(pathOf(target));
  const requestId = requestIdFor(headers ?? { get: () => null });
  return textResponse(JSON.stringify({ ...problem.toJSON(), request_id: requestId }), {
    status: problem.status,
    headers: answerHeaders({
      "content-type": "application/problem+json",
      [REQUEST_ID_HEADER]: requestId,
    }),
  });
}
