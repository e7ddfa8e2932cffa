/**
 * @module http/authentication — who sent a request (a bearer token checked here, or the
 * host's own `authenticate`), and the Bearer challenge a 401/403 carries.
 */
import { challengeForProblem } from "../auth/challenge";
import { type GuestTokenKey, guestTokenOf, verifyGuestToken } from "../auth/guest-token";
import { createJwtAuthenticator } from "../auth/jwt";
import {
  type AuthenticateFn,
  type AuthOptions,
  type HostAuthOptions,
  isHostAuth,
  type JwtAuthOptions,
} from "../auth/options";
import { protectedResourceMetadataPath } from "../auth/protected-resource";
import type { Principal } from "../domain/principal";
import { type ProblemError, problems } from "../domain/problems";
import { type RouteDefinition, routeScopes } from "./routes";

export interface Authentication {
  /** The caller of `request` (`context`: what the adapter passed for a host's `authenticate`), or a 401. */
  principalFor(request: Request, context?: unknown): Promise<Principal>;
  /** The `www-authenticate` header for a 401/403 on `route`, naming every scope it takes. */
  challengeFor(error: ProblemError, route: RouteDefinition | null): Record<string, string>;
  /** The JWT settings when returnkit checks tokens itself (it then serves its metadata). */
  jwt: JwtAuthOptions | null;
  /** The host's own authentication, when it authenticates callers itself. */
  host: HostAuthOptions | null;
  /** Where the protected resource metadata is served. */
  metadataPath: string;
}

export function createAuthentication(
  auth: AuthOptions | undefined,
  baseUrl: string,
  guestKey: GuestTokenKey | null = null,
): Authentication {
  const host = auth && isHostAuth(auth) ? auth : null;
  const jwt = auth && !isHostAuth(auth) ? auth : null;
  const authenticate: AuthenticateFn | null = host
    ? (request, context) => host.authenticate(request, context)
    : jwt
      ? createJwtAuthenticator({ ...jwt, audience: jwt.audience ?? baseUrl })
      : null;
  const metadataPath = protectedResourceMetadataPath(baseUrl);
  const metadataUrl = new URL(metadataPath, baseUrl).href;
  return {
    jwt,
    host,
    metadataPath,
    async principalFor(request, context) {
      // A guest session's token (its own typ) is the service's to check, whatever else signs in.
      const guestToken = guestKey ? guestTokenOf(request) : null;
      if (guestKey && guestToken) return verifyGuestToken(guestKey, guestToken);
      if (!authenticate) {
        throw problems.unauthenticated("No authentication is configured for this service.");
      }
      const principal = await authenticate(request, context);
      if (!principal) {
        throw problems.unauthenticated(
          host
            ? "Sign in first: this request carries no credentials the shop accepts."
            : "Send an OAuth 2.1 bearer token in the Authorization header.",
        );
      }
      return principal;
    },
    challengeFor(error, route): Record<string, string> {
      // The host's own sign-in is no OAuth resource server: no Bearer challenge, no metadata.
      if (host) {
        return host.challenge && error.status === 401 ? { "www-authenticate": host.challenge } : {};
      }
      const scope = route?.caller
        ? routeScopes(route)
        : (error.extensions.required_scopes as string[] | undefined);
      const challenge = challengeForProblem(error, { resourceMetadataUrl: metadataUrl, scope });
      return challenge ? { "www-authenticate": challenge } : {};
    },
  };
}
