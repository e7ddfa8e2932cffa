/**
 * @module authentication — who calls the MCP endpoint. With JWT settings, `{baseUrl}/mcp` is a
 * protected resource of its own: tokens must name it in `aud`, and a 401 or 403 carries a
 * Bearer challenge pointing at its metadata. With the host's `authenticate`, the host decides.
 */
import {
  ALL_SCOPES,
  type AuthOptions,
  bearerChallenge,
  createJwtAuthenticator,
  hasScope,
  type Principal,
  type ProblemError,
  problems,
  protectedResourceMetadataUrl,
} from "@returnkit/core";

export interface McpAuthentication {
  /** The caller, or a 401/403 ProblemError. */
  principalFor(request: Request, context?: unknown): Promise<Principal>;
  /** The headers a 401/403 answer carries. */
  challengeFor(error: ProblemError): Record<string, string>;
}

/** What a customer's assistant asks for on first contact: the whole customer journey. */
const FIRST_CONTACT_SCOPES = ["portal:returns.read", "portal:returns.write"];

export function createMcpAuthentication(
  auth: AuthOptions | undefined,
  resource: string,
): McpAuthentication {
  const host = auth && "authenticate" in auth ? auth : null;
  const jwt = auth && !("authenticate" in auth) ? auth : null;
  const authenticate = host
    ? (request: Request, context?: unknown) => host.authenticate(request, context)
    : jwt
      ? createJwtAuthenticator({ ...jwt, audience: jwt.audience ?? resource })
      : null;
  const resourceMetadataUrl = protectedResourceMetadataUrl(resource);
  return {
    async principalFor(request, context) {
      const principal = authenticate ? await authenticate(request, context) : null;
      if (!principal) {
        throw problems.unauthenticated(
          host
            ? "Sign in first: this request carries no credentials the shop accepts."
            : "Send an OAuth 2.1 bearer token for this MCP server in the Authorization header.",
        );
      }
      if (!hasScope(principal, principal.kind, "read"))
        throw problems.insufficientScope([...ALL_SCOPES]);
      return principal;
    },
    challengeFor(error): Record<string, string> {
      if (host) {
        return host.challenge && error.status === 401 ? { "www-authenticate": host.challenge } : {};
      }
      if (error.status === 403) {
        const scope = error.extensions.required_scopes as string[] | undefined;
        return {
          "www-authenticate": bearerChallenge({
            resourceMetadataUrl,
            scope,
            error: "insufficient_scope",
          }),
        };
      }
      if (error.status !== 401) return {};
      const unauthenticated = error.slug === "unauthenticated";
      return {
        "www-authenticate": bearerChallenge(
          unauthenticated
            ? { resourceMetadataUrl, scope: FIRST_CONTACT_SCOPES }
            : { resourceMetadataUrl, error: "invalid_token", errorDescription: error.message },
        ),
      };
    },
  };
}
