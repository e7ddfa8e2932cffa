/**
 * @module @returnkit/ui — the customer's returns page and the back office, served beside the
 * returnkit API: `mountReturnsUi(returns, "/returns")`.
 */
export type { ClientConfig, OAuthSignIn, SessionSignIn, SignIn } from "./server/config";
export {
  CSRF_COOKIE,
  CSRF_HEADER,
  passesCsrfCheck,
  withCsrfProtection,
} from "./server/csrf";
export type { ReturnsUi, ReturnsUiOptions } from "./server/handler";
export { createReturnsUi } from "./server/handler";
export type { MountOptions } from "./server/mount";
export { mountReturnsUi } from "./server/mount";
