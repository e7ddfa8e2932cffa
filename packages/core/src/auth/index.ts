/**
 * @module auth — returnkit as an OAuth 2.1 resource server: JWT access tokens, Bearer challenges and
 * RFC 9728 protected-resource metadata.
 */
export { bearerChallenge, challengeForProblem } from "./challenge";
export { createJwtAuthenticator } from "./jwt";
export type { AuthenticateFn, AuthOptions, HostAuthOptions, JwtAuthOptions } from "./options";
export {
  createProtectedResourceMetadataHandler,
  protectedResourceMetadata,
  protectedResourceMetadataPath,
  protectedResourceMetadataUrl,
} from "./protected-resource";
