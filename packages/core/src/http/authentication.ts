/**
 * @module http/authentication — who sent a request (a bearer token checked here, or the
 * host's own `authenticate`), and the Bearer challenge a 401/403 carries.
 */
import { challengeForProblem } from "../auth/challenge";
import { createJwtAuthenticator } from "../auth/jwt";
import {
  type AuthenticateFn,
  type AuthOptions,
  isHostAuth,
  type JwtAuthOptions,
} from "../auth/options";
import { protectedResourceMetadataPath } from "../auth/protected-resource";
import type { Principal } from "../principal";
import { type ProblemError, problems } from "../problems";
import { type RouteDefinition, routeScopes } from "./routes";

export interface Authentication {
  /** The caller of `request`, or a 401. */
  principalFor(request: Request): Promise<Principal>;
  /** The `www-authenticate` header for a 401/403 on `route`, naming every scope it takes. */
  challengeFor(error: ProblemError, route: RouteDefinition | null): Record<string, string>;
  /** The JWT settings when returnkit checks tokens itself (it then serves its metadata). */
  jwt: JwtAuthOptions | null;
  /** Where the protected resource metadata is served. */
  metadataPath: string;
}

export function createAuthentication(
  auth: AuthOptions | undefined,
  baseUrl: string,
): Authentication {
  const authenticate: AuthenticateFn | null = !auth
    ? null
    : isHostAuth(auth)
      ? auth.authenticate
      : createJwtAuthenticator({ ...auth, audience: auth.audience ?? baseUrl });
  const metadataPath = protectedResourceMetadataPath(baseUrl);
  const metadataUrl = new URL(metadataPath, baseUrl).href;
  return {
    jwt: auth && !isHostAuth(auth) ? auth : null,
    metadataPath,
    async principalFor(request) {
      if (!authenticate) {
        throw problems.unauthenticated("No authentication is configured for this service.");
      }
      const principal = await authenticate(request);
      if (!principal) {
        throw problems.unauthenticated(
          "Send an OAuth 2.1 bearer token in the Authorization header.",
        );
      }
      return principal;
    },
    challengeFor(error, route): Record<string, string> {
      const scope = route?.caller
        ? routeScopes(route)
        : (error.extensions.required_scopes as string[] | undefined);
      const challenge = challengeForProblem(error, { resourceMetadataUrl: metadataUrl, scope });
      return challenge ? { "www-authenticate": challenge } : {};
    },
  };
}
