/**
 * @module auth/bearer-token — reads the access token from the Authorization header, and only
 * from there (OAuth 2.1 §5.2: a resource server must not take tokens from the query string).
 */
import { problems } from "../domain/problems";
import { authProblems } from "./auth-problems";

// RFC 6750 §2.1: credentials = "Bearer" 1*SP b64token
const BEARER_CREDENTIALS = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+)(?: +(.*))?$/s;
const B64TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

/** Tokens longer than this are refused unparsed; real access tokens are a few KiB at most. */
const MAX_TOKEN_LENGTH = 16 * 1024;

/**
 * The bearer token, or null when the request carries no credentials at all.
 *
 * Throws a ProblemError for credentials we cannot use: another scheme gets a plain 401 with no
 * error code (RFC 6750 §3.1: the client may not know Bearer is needed), a malformed header or a
 * token in the query string gets 400 `invalid_request`.
 */
export function readBearerToken(request: Request): string | null {
  const header = request.headers.get("authorization");
  if (header === null || header.trim() === "") {
    if (hasQueryToken(request.url)) {
      throw authProblems.invalidAuthorizationHeader(
        "Access tokens are accepted only in the Authorization header (Authorization: Bearer <token>), never in the query string.",
      );
    }
    return null;
  }
  const match = BEARER_CREDENTIALS.exec(header.trim());
  const scheme = match?.[1];
  if (!match || !scheme) {
    throw authProblems.invalidAuthorizationHeader(
      "The Authorization header must be `Bearer <token>`.",
    );
  }
  if (scheme.toLowerCase() !== "bearer") {
    throw problems.unauthenticated(
      `The Authorization header uses the ${scheme} scheme; this API takes OAuth access tokens as \`Authorization: Bearer <token>\`.`,
    );
  }
  const token = match[2]?.trim() ?? "";
  if (token === "") {
    throw authProblems.invalidAuthorizationHeader(
      "The Bearer credentials are empty; send the access token after `Bearer `.",
    );
  }
  if (!B64TOKEN.test(token)) {
    // Also catches two Authorization headers, which Fetch joins with ", ".
    throw authProblems.invalidAuthorizationHeader(
      "The Authorization header must carry exactly one Bearer token (RFC 6750 b64token characters).",
    );
  }
  if (token.length > MAX_TOKEN_LENGTH) {
    throw problems.invalidToken(`The access token is longer than ${MAX_TOKEN_LENGTH} characters.`);
  }
  return token;
}

function hasQueryToken(url: string): boolean {
  try {
    return new URL(url).searchParams.has("access_token");
  } catch {
    return false;
  }
}
