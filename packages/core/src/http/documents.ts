/**
 * @module http/documents — the public documents served beside the routes: the OpenAPI
 * description and, when returnkit checks tokens itself, the protected resource metadata.
 */
import { protectedResourceMetadata } from "../auth/protected-resource";
import { ALL_SCOPES } from "../domain/principal";
import { problems } from "../domain/problems";
import type { Authentication } from "./authentication";
import { evaluatePreconditions, strongEntityTag } from "./conditional";
import { buildOpenApiDocument } from "./openapi/openapi";
import { answerHeaders, JSON_TYPE } from "./responses";
import { OPENAPI_PATH, type RouteDefinition } from "./routes";

interface DocumentsSetup {
  baseUrl: string;
  /** The path part of `baseUrl`, without a trailing slash. */
  mountPath: string;
  routes: readonly RouteDefinition[];
  authentication: Authentication;
  idempotencyKeyRequired: boolean;
}

/**
 * A function answering a request for a document, or null when the path names none. Each
 * document is built once, on first request (most processes never serve one), and answers
 * conditional requests (`conditional.ts`).
 */
export function createDocuments(setup: DocumentsSetup) {
  const { baseUrl, authentication } = setup;
  const jwt = authentication.jwt;
  const cacheControl = "public, max-age=300";

  const openApi = servedOnce(() =>
    JSON.stringify(
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
        protectedResourceMetadata: jwt !== null,
        idempotencyKeyRequired: setup.idempotencyKeyRequired,
      }),
    ),
  );
  const metadata = servedOnce(() =>
    JSON.stringify(
      protectedResourceMetadata({
        resource: baseUrl,
        authorizationServers: jwt!.authorizationServers ?? [jwt!.issuer],
        scopesSupported: ALL_SCOPES,
        resourceName: jwt!.resourceName ?? "returnkit returns API",
        resourceDocumentation: `${baseUrl}${OPENAPI_PATH}`,
      }),
    ),
  );

  return async function document(request: Request, pathname: string): Promise<Response | null> {
    const isMetadata = jwt !== null && pathname === authentication.metadataPath;
    if (!isMetadata && pathname !== `${setup.mountPath}${OPENAPI_PATH}`) return null;
    const method = request.method.toUpperCase();
    if (method !== "GET" && method !== "HEAD") {
      throw problems.methodNotAllowed(method, ["GET", "HEAD"]);
    }
    const { body, etag } = await (isMetadata ? metadata() : openApi());
    const headers = { "cache-control": cacheControl, etag };
    if (evaluatePreconditions(request.headers, etag) === "not-modified") {
      return new Response(null, { status: 304, headers: answerHeaders(headers) });
    }
    return new Response(body, {
      status: 200,
      headers: answerHeaders({ "content-type": JSON_TYPE, ...headers }),
    });
  };
}

/** A document's body and entity tag, computed on first use. */
function servedOnce(build: () => string): () => Promise<{ body: string; etag: string }> {
  let served: Promise<{ body: string; etag: string }> | undefined;
  return () => {
    served ??= (async () => {
      const body = build();
      return { body, etag: await strongEntityTag(body) };
    })();
    return served;
  };
}
