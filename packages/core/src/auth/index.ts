/**
 * @module auth/index — returnkit as an OAuth 2.1 resource server: JWT access-token
 * verification, Bearer challenges, and RFC 9728 protected-resource metadata.
 *
 * The development authorization server is its own package, `@returnkit/dev-auth`, so that
 * oidc-provider never becomes a dependency of the core.
 */
export { AUTH_PROBLEM_SLUGS, authProblems, KEY_SET_RETRY_AFTER_SECONDS } from "./auth-problems";
export { MAX_TOKEN_LENGTH, readBearerToken } from "./bearer-token";
export {
  type BearerChallengeOptions,
  type BearerError,
  bearerChallenge,
  type ChallengeContext,
  challengeForProblem,
} from "./challenge";
export {
  ACCESS_TOKEN_ALGORITHMS,
  type AccessTokenAlgorithm,
  type Authenticator,
  createJwtAuthenticator,
  DEFAULT_ACCESS_TOKEN_ALGORITHMS,
  type JwtAuthenticatorOptions,
} from "./jwt";
export { principalFromClaims } from "./principal-from-claims";
export {
  createProtectedResourceMetadataHandler,
  PROTECTED_RESOURCE_WELL_KNOWN,
  type ProtectedResourceMetadata,
  type ProtectedResourceMetadataOptions,
  protectedResourceMetadata,
  protectedResourceMetadataPath,
  protectedResourceMetadataUrl,
} from "./protected-resource";
