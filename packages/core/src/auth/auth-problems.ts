/**
 * @module auth/auth-problems — the problems only the resource server produces.
 *
 * The shared ones (`unauthenticated`, `invalid-token`, `insufficient-scope`) live in the
 * catalogue of `problems.ts`; these three exist because OAuth gives them a distinct remedy.
 */
import { ProblemError } from "../domain/problems";

export const AUTH_PROBLEM_SLUGS = {
  unauthenticated: "unauthenticated",
  invalidToken: "invalid-token",
  insufficientScope: "insufficient-scope",
  invalidAuthorizationHeader: "invalid-authorization-header",
  mixedScopeFamilies: "mixed-scope-families",
  authorizationServerUnavailable: "authorization-server-unavailable",
} as const;

/** Seconds a client should wait before retrying while the key set cannot be fetched. */
const KEY_SET_RETRY_AFTER_SECONDS = 5;

export const authProblems = {
  /** RFC 6750 `invalid_request`: the Authorization header is not one Bearer token. */
  invalidAuthorizationHeader: (detail: string) =>
    new ProblemError(
      400,
      AUTH_PROBLEM_SLUGS.invalidAuthorizationHeader,
      "The Authorization header is malformed",
      detail,
    ),
  mixedScopeFamilies: (portal: string[], merchant: string[]) =>
    new ProblemError(
      403,
      AUTH_PROBLEM_SLUGS.mixedScopeFamilies,
      "The access token mixes portal and merchant scopes",
      `The token holds portal scopes (${portal.join(" ")}) and merchant scopes (${merchant.join(" ")}); a token acts for one customer or for the back office, never both. Request a token with one family.`,
      { portal_scopes: portal, merchant_scopes: merchant },
    ),
  /**
   * The issuer's JWKS could not be fetched. Not a 401: the token may be perfectly valid, and
   * a 401 would make clients throw it away and send their users through login again.
   */
  authorizationServerUnavailable: () =>
    new ProblemError(
      503,
      AUTH_PROBLEM_SLUGS.authorizationServerUnavailable,
      "The access token cannot be verified right now",
      "The authorization server's signing keys could not be fetched; retry shortly with the same token.",
      {},
      { "retry-after": String(KEY_SET_RETRY_AFTER_SECONDS) },
    ),
} as const;
