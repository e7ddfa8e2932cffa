/**
 * @module caller-origin — DNS rebinding protection, which the MCP specification requires of a
 * Streamable HTTP server: a request sent by a browser page of another origin (its `Origin`
 * header) is refused, and a server whose `baseUrl` is on the loopback interface answers only
 * requests addressed to a loopback host, so a public name rebound to 127.0.0.1 reaches nothing.
 */
import { ProblemError } from "@returnkit/core";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Returns the check for `baseUrl`: a 403 problem for a request from elsewhere, else null. */
export function callerOriginCheck(
  baseUrl: string,
  allowedOrigins: readonly string[] = [],
): (request: Request) => ProblemError | null {
  const base = new URL(baseUrl);
  const origins = new Set([base.origin, ...allowedOrigins.map((origin) => new URL(origin).origin)]);
  const loopbackOnly = LOOPBACK.has(base.hostname);
  return (request) => {
    const origin = request.headers.get("origin");
    if (origin !== null && !origins.has(origin)) {
      return refused(`Requests from pages of ${origin} are not accepted.`);
    }
    // The adapters build the URL from the Host header the client sent.
    if (loopbackOnly && !LOOPBACK.has(new URL(request.url).hostname)) {
      return refused("This server answers only requests addressed to localhost.");
    }
    return null;
  };
}

function refused(detail: string): ProblemError {
  return new ProblemError(403, "untrusted-origin", "Request from an untrusted origin", detail);
}
