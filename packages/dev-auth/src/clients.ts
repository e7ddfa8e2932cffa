/**
 * @module clients — the two clients the development authorization server knows, and the
 * scopes returnkit grants. Fixed, so a second process (`pnpm token`, a test, a script) can
 * get tokens from a running server without being told anything but where it is.
 */

/** returnkit's two scope families: what `@returnkit/core` checks (`SCOPES` there). */
export const DEV_SCOPES = {
  portal: ["portal:returns.read", "portal:returns.write"],
  merchant: ["merchant:returns.read", "merchant:returns.write", "merchant:webhooks.manage"],
} as const;

export const DEV_CLIENTS = {
  /** Public client: authorization code + PKCE S256, portal scopes only. */
  portalClientId: "returnkit-portal",
  /** Nothing listens there: the code is read from the redirect's Location header. */
  portalRedirectUri: "http://127.0.0.1/callback",
  /**
   * Public client: authorization code + PKCE S256, merchant scopes only; staff signing in to
   * a back office in the browser (`@returnkit/ui`).
   */
  backOfficeClientId: "returnkit-back-office",
  backOfficeRedirectUri: "http://127.0.0.1/back-office/callback",
  /** Confidential client: client credentials, merchant scopes only. */
  merchantClientId: "returnkit-merchant",
  /** Public on purpose: development only. */
  merchantClientSecret: "returnkit-dev-merchant-secret",
} as const;
