/**
 * @module http/documents — the public documents served beside the routes: the OpenAPI
 * description and, when returnkit checks tokens itself, the protected resource metadata.
 */
import { protectedResourceMetadata } from "../auth/protected-resource";
import { ALL_SCOPES } from "../principal";
import { problems } from "../problems";
import type { Authentication } from "./authentication";
import { buildOpenApiDocument } from "./openapi";
import { JSON_TYPE, type Responder } from "./responses";
import { OPENAPI_PATH, type RouteDefinition } from "./routes";

export interface DocumentsSetup {
  baseUrl: string;
  /** The path part of `baseUrl`, without a trailing slash. */
  mountPath: string;
  routes: readonly RouteDefinition[];
  authentication: Authentication;
  idempotencyKeyRequired: boolean;
  responder: Responder;
}

/** A function answering a request for a document, or null when the path names none. */
export function createDocuments(setup: DocumentsSetup) {
  const { baseUrl, authentication, responder } = setup;
  const jwt = authentication.jwt;
  let openApiDocument: string | undefined;

  function metadata(): Response {
    return responder.json(
      200,
      protectedResourceMetadata({
        resource: baseUrl,
        authorizationServers: jwt!.authorizationServers ?? [jwt!.issuer],
        scopesSupported: ALL_SCOPES,
        resourceName: jwt!.resourceName ?? "returnkit returns API",
        resourceDocumentation: `${baseUrl}${OPENAPI_PATH}`,
      }),
      { "cache-control": "public, max-age=300" },
    );
  }

  function openApi(): Response {
    // Built on first request: most processes never serve it.
    openApiDocument ??= JSON.stringify(
      buildOpenApiDocument({
        routes: setup.routes,
        baseUrl,
        authorizationServer:
          jwt?.authorizationEndpoint && jwt.tokenEndpoint
            ? {
                issuer: jwt.issuer,
                authorizationUrl: jwt.authorizationEndpoint,
                tokenUrl: jwt.tokenEndpoint,
              }
            : undefined,
        hostAuth: authentication.host ? { scheme: authentication.host.securityScheme } : undefined,
        idempotencyKeyRequired: setup.idempotencyKeyRequired,
      }),
    );
    return new Response(openApiDocument, {
      status: 200,
      headers: { "content-type": JSON_TYPE, "cache-control": "public, max-age=300" },
    });
  }

  return function document(method: string, pathname: string): Response | null {
    const isMetadata = jwt !== null && pathname === authentication.metadataPath;
    if (!isMetadata && pathname !== `${setup.mountPath}${OPENAPI_PATH}`) return null;
    if (method !== "GET" && method !== "HEAD") {
      throw problems.methodNotAllowed(method, ["GET", "HEAD"]);
    }
    return isMetadata ? metadata() : openApi();
  };
}
