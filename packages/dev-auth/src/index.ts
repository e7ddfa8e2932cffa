/**
 * @module @returnkit/dev-auth — a development-only OAuth 2.1 authorization server for
 * returnkit, and tokens from it on demand. For your machine, tests and demos: any login
 * succeeds and the merchant secret is public. It refuses to start under NODE_ENV=production.
 *
 * ```ts
 * const auth = await startDevAuthorizationServer({ resource: "http://127.0.0.1:3000" });
 * const returns = createReturnsService({
 *   baseUrl: "http://127.0.0.1:3000",
 *   auth: { issuer: auth.issuer, jwksUri: auth.jwksUri },
 * });
 * const aliceToken = await auth.portalToken("alice");
 * ```
 */
export { DEV_CLIENTS, DEV_SCOPES } from "./clients";
export { loginAndConsent } from "./headless-login";
export {
  type DevAuthorizationServer,
  type DevAuthorizationServerOptions,
  startDevAuthorizationServer,
} from "./server";
export {
  type DevTokenTarget,
  discoverDevTokenTarget,
  type MerchantTokenRequest,
  type PortalTokenRequest,
  requestMerchantToken,
  requestPortalToken,
} from "./tokens";
