/**
 * @module auth/protected-resource — RFC 9728 OAuth 2.0 Protected Resource Metadata.
 *
 * The document tells a client which authorization server issues tokens for this API and which
 * scopes exist; the 401 challenge links to it. When returnkit is mounted under a prefix the
 * document lives at the host's root (`/.well-known/oauth-protected-resource/<prefix>`), outside
 * returnkit's routes, so a standalone handler is exported for the host to mount there.
 */
import type { z } from "zod";
import { ALL_SCOPES } from "../domain/principal";
import { type ProblemError, problems } from "../domain/problems";
import type { ProtectedResourceMetadataSchema } from "../domain/schemas";

const PROTECTED_RESOURCE_WELL_KNOWN = "/.well-known/oauth-protected-resource";

export interface ProtectedResourceMetadataOptions {
  /** The resource identifier: the absolute base URL returnkit is mounted at (also the token `aud`). */
  resource: string;
  /** Issuer identifiers of the authorization servers that issue tokens for this resource. */
  authorizationServers: readonly string[];
  scopesSupported?: readonly string[];
  /** Default "returnkit returns API". */
  resourceName?: string;
  /** Default: the OpenAPI document, `<resource>/v1/openapi.json`. */
  resourceDocumentation?: string;
}

export type ProtectedResourceMetadata = z.infer<typeof ProtectedResourceMetadataSchema>;

export function protectedResourceMetadata(
  options: ProtectedResourceMetadataOptions,
): ProtectedResourceMetadata {
  const resource = checkResource(options.resource);
  return {
    // RFC 9728 §3.3: must be identical to the identifier the document was looked up with.
    resource,
    authorization_servers: [...options.authorizationServers],
    scopes_supported: [...(options.scopesSupported ?? ALL_SCOPES)],
    // Tokens only in the Authorization header, never in a body or the query.
    bearer_methods_supported: ["header"],
    resource_name: options.resourceName ?? "returnkit returns API",
    resource_documentation:
      options.resourceDocumentation ?? `${resource.replace(/\/+$/, "")}/v1/openapi.json`,
  };
}

/**
 * The metadata path for a resource identifier (RFC 9728 §3.1): the well-known segment goes
 * between the host and the resource's path, a trailing slash of the path is dropped, and the
 * query is kept. `https://shop.example` → `/.well-known/oauth-protected-resource`;
 * `https://shop.example/returns` → `/.well-known/oauth-protected-resource/returns`.
 */
export function protectedResourceMetadataPath(resourceUrl: string): string {
  const url = new URL(checkResource(resourceUrl));
  const path = url.pathname.replace(/\/+$/, "");
  return `${PROTECTED_RESOURCE_WELL_KNOWN}${path}${url.search}`;
}

/** The absolute metadata URL, for the challenge's `resource_metadata` parameter. */
export function protectedResourceMetadataUrl(resourceUrl: string): string {
  return new URL(resourceUrl).origin + protectedResourceMetadataPath(resourceUrl);
}

/**
 * A fetch handler that serves the metadata document at its RFC 9728 path and nothing else
 * (404 elsewhere, 405 for methods other than GET and HEAD).
 */
export function createProtectedResourceMetadataHandler(
  options: ProtectedResourceMetadataOptions,
): (request: Request) => Promise<Response> {
  const document = JSON.stringify(protectedResourceMetadata(options));
  const path = protectedResourceMetadataPath(options.resource);
  return async (request) => {
    const requested = new URL(request.url);
    if (`${requested.pathname}${requested.search}` !== path) {
      return problemResponse(problems.routeNotFound(requested.pathname));
    }
    if (request.method !== "GET" && request.method !== "HEAD") {
      return problemResponse(problems.methodNotAllowed(request.method, ["GET", "HEAD"]));
    }
    return new Response(request.method === "HEAD" ? null : document, {
      status: 200,
      headers: {
        "content-type": "application/json",
        // Public, rarely changing, and fetched by browser-based agents from other origins.
        "cache-control": "public, max-age=300",
        "access-control-allow-origin": "*",
        "x-content-type-options": "nosniff",
      },
    });
  };
}

function problemResponse(problem: ProblemError): Response {
  return new Response(JSON.stringify(problem.toJSON()), {
    status: problem.status,
    headers: {
      ...problem.headers,
      "content-type": "application/problem+json",
      // As every answer of the service's own routes (http/responses.ts).
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}

/** RFC 9728 §2: an absolute https URL without a fragment (http allowed for development). */
function checkResource(resource: string): string {
  let url: URL;
  try {
    url = new URL(resource);
  } catch {
    throw new TypeError(`The resource identifier must be an absolute URL; got ${resource}`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new TypeError(`The resource identifier must be an https URL; got ${resource}`);
  }
  if (url.hash !== "" || resource.includes("#")) {
    throw new TypeError(`The resource identifier must not have a fragment; got ${resource}`);
  }
  return resource;
}
