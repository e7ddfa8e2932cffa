/**
 * @module authentication — who calls the MCP endpoint. With JWT settings, `{baseUrl}/mcp` is a
 * protected resource of its own: tokens must name it in `aud` (a token for the REST API is
 * refused here), it has its own RFC 9728 metadata, and a 401 or 403 carries a Bearer
 * challenge pointing there. With the host's `authenticate`, the host decides.
 */
import {
  ALL_SCOPES,
  type AuthOptions,
  challengeForProblem,
  createJwtAuthenticator,
  createProtectedResourceMetadataHandler,
  type HostAuthOptions,
  hasScope,
  type JwtAuthOptions,
  type Principal,
  type ProblemError,
  problems,
  protectedResourceMetadataPath,
  protectedResourceMetadataUrl,
} from "@returnkit/core";

/** JWT settings for the MCP resource; the audience is always the resource itself. */
export type McpJwtAuthOptions = Omit<JwtAuthOptions, "audience">;
export type McpAuthOptions = HostAuthOptions | McpJwtAuthOptions;

/**
 * The MCP endpoint's settings from the service's `auth`: the same `authenticate`, or the same
 * issuer and keys for a resource of its own (its audience and its metadata's name are the
 * MCP resource's, not the REST API's).
 */
export function mcpAuthOf(auth: AuthOptions | undefined): McpAuthOptions | undefined {
  if (!auth || "authenticate" in auth) return auth;
  const { audience: _audience, resourceName: _resourceName, ...jwt } = auth;
  return jwt;
}

interface McpAuthentication {
  /** The caller, or a 401/403 ProblemError. */
  principalFor(request: Request, context?: unknown): Promise<Principal>;
  /** The headers a 401/403 answer carries. */
  challengeFor(error: ProblemError): Record<string, string>;
  /** The metadata document's answer when `request` asks for it (JWT settings only), else null. */
  metadata(request: Request): Promise<Response> | null;
}

/** What a customer's assistant asks for on first contact: the whole customer journey. */
const FIRST_CONTACT_SCOPES = ["portal:returns.read", "portal:returns.write"];

export function createMcpAuthentication(
  auth: McpAuthOptions | AuthOptions | undefined,
  resource: string,
): McpAuthentication {
  const host = auth && "authenticate" in auth ? auth : null;
  const jwt = auth && !("authenticate" in auth) ? auth : null;
  const authenticate = host
    ? (request: Request, context?: unknown) => host.authenticate(request, context)
    : jwt
      ? createJwtAuthenticator({ ...jwt, audience: resource })
      : null;
  const resourceMetadataUrl = protectedResourceMetadataUrl(resource);
  const metadataPath = protectedResourceMetadataPath(resource);
  const metadataHandler =
    jwt &&
    createProtectedResourceMetadataHandler({
      resource,
      authorizationServers: jwt.authorizationServers ?? [jwt.issuer],
      resourceName: jwt.resourceName ?? "returnkit returns (MCP)",
      resourceDocumentation: resource.replace(/\/mcp$/, "/v1/openapi.json"),
    });
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
      if (!hasScope(principal, principal.kind, "read")) {
        throw problems.insufficientScope([...ALL_SCOPES]);
      }
      return principal;
    },
    challengeFor(error): Record<string, string> {
      if (host) {
        return host.challenge && error.status === 401 ? { "www-authenticate": host.challenge } : {};
      }
      return bearerHeaders(error, resourceMetadataUrl);
    },
    metadata(request) {
      if (!metadataHandler) return null;
      const url = new URL(request.url);
      return `${url.pathname}${url.search}` === metadataPath ? metadataHandler(request) : null;
    },
  };
}

/** The REST API's challenges, with the MCP resource's metadata and first-contact scopes. */
function bearerHeaders(error: ProblemError, resourceMetadataUrl: string): Record<string, string> {
  const scope =
    error.slug === "unauthenticated"
      ? FIRST_CONTACT_SCOPES
      : (error.extensions.required_scopes as string[] | undefined);
  const challenge = challengeForProblem(error, { resourceMetadataUrl, scope });
  return challenge ? { "www-authenticate": challenge } : {};
}
