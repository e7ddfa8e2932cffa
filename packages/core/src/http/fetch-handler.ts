/**
 * @module http/fetch-handler — `createFetchHandler(service)`: every route of SPEC 5 as a
 * `(Request) => Promise<Response>`.
 *
 * Translation only: authenticate, read the body, call the typed operation, render. Every
 * failure becomes RFC 9457 problem+json; nothing a client sends can produce a 500.
 */
import { challengeForProblem } from "../auth/challenge";
import { createJwtAuthenticator } from "../auth/jwt";
import { type AuthenticateFn, isHostAuth } from "../auth/options";
import {
  protectedResourceMetadata,
  protectedResourceMetadataPath,
} from "../auth/protected-resource";
import { REPLAYED_HEADER } from "../idempotency/engine";
import { eventsOf } from "../machine";
import { ALL_SCOPES, acceptableScopes, assertScope, type Principal } from "../principal";
import { isProblemError, type ProblemError, problems } from "../problems";
import type { ReturnData } from "../schemas";
import type { OperationContext, ReturnResult, ReturnsServiceCore } from "../service";
import { etagOf } from "../service";
import { isStoreUnavailable } from "../store/unavailable";
import { readJsonBody } from "./body";
import { type LinkContext, OPENAPI_PATH, renderReturn } from "./links";
import { buildOpenApiDocument } from "./openapi";
import { createRouter } from "./router";
import { buildRoutes, type RouteDefinition } from "./routes";

const JSON_TYPE = "application/json";
const PROBLEM_TYPE = "application/problem+json";

export type FetchHandler = (request: Request) => Promise<Response>;

export function createFetchHandler(service: ReturnsServiceCore): FetchHandler {
  const routes = buildRoutes(service.schemas);
  const match = createRouter(routes);
  const baseUrl = service.baseUrl;
  const mountPath = new URL(baseUrl).pathname.replace(/\/+$/, "");
  const metadataPath = protectedResourceMetadataPath(baseUrl);
  const metadataUrl = new URL(metadataPath, baseUrl).href;
  const describedBy = `<${baseUrl}${OPENAPI_PATH}>; rel="describedby"`;
  const authOptions = service.options.auth;
  const authenticate: AuthenticateFn | null = !authOptions
    ? null
    : isHostAuth(authOptions)
      ? authOptions.authenticate
      : createJwtAuthenticator({ ...authOptions, audience: authOptions.audience ?? baseUrl });
  const jwtAuth = authOptions && !isHostAuth(authOptions) ? authOptions : null;
  const links: LinkContext = { baseUrl, routes, allowedEvents: service.allowedEventsFor };
  let openApiDocument: string | undefined;

  function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
    return new Response(JSON.stringify(body), {
      status,
      headers: { "content-type": JSON_TYPE, link: describedBy, ...headers },
    });
  }

  function problemResponse(
    error: ProblemError,
    extraHeaders: Record<string, string> = {},
  ): Response {
    return new Response(JSON.stringify(error.toJSON()), {
      status: error.status,
      headers: {
        "content-type": PROBLEM_TYPE,
        link: describedBy,
        ...error.headers,
        ...extraHeaders,
      },
    });
  }

  /** 401/403 carry the Bearer challenge of SPEC 10, naming every scope the operation needs. */
  function challengeFor(
    error: ProblemError,
    route: RouteDefinition | null,
  ): Record<string, string> {
    const scope = route?.caller
      ? acceptableScopes(route.caller, route.access)
      : (error.extensions.required_scopes as string[] | undefined);
    const challenge = challengeForProblem(error, { resourceMetadataUrl: metadataUrl, scope });
    return challenge ? { "www-authenticate": challenge } : {};
  }

  function returnResponse(result: ReturnResult, principal: Principal): Response {
    // The service built etag and location with the response it stored for replays.
    const headers = { ...result.headers };
    if (result.replayed) headers[REPLAYED_HEADER] = "true";
    return json(result.status, renderReturn(result.record, principal, links), headers);
  }

  async function principalFor(request: Request): Promise<Principal> {
    if (!authenticate)
      throw problems.unauthenticated("No authentication is configured for this service.");
    const principal = await authenticate(request);
    if (!principal)
      throw problems.unauthenticated("Send an OAuth 2.1 bearer token in the Authorization header.");
    return principal;
  }

  function documents(method: string, pathname: string): Response | null {
    const isDocument =
      (pathname === metadataPath && jwtAuth) || pathname === `${mountPath}${OPENAPI_PATH}`;
    if (!isDocument) return null;
    if (method !== "GET" && method !== "HEAD")
      throw problems.methodNotAllowed(method, ["GET", "HEAD"]);
    if (pathname === metadataPath && jwtAuth) {
      return json(
        200,
        protectedResourceMetadata({
          resource: baseUrl,
          authorizationServers: jwtAuth.authorizationServers ?? [jwtAuth.issuer],
          scopesSupported: ALL_SCOPES,
          resourceName: jwtAuth.resourceName ?? "returnkit returns API",
          resourceDocumentation: `${baseUrl}${OPENAPI_PATH}`,
        }),
        { "cache-control": "public, max-age=300" },
      );
    }
    openApiDocument ??= JSON.stringify(
      buildOpenApiDocument({
        routes,
        baseUrl,
        authorizationServer:
          jwtAuth?.authorizationEndpoint && jwtAuth.tokenEndpoint
            ? {
                issuer: jwtAuth.issuer,
                authorizationUrl: jwtAuth.authorizationEndpoint,
                tokenUrl: jwtAuth.tokenEndpoint,
              }
            : undefined,
        idempotencyKeyRequired: service.idempotency.required,
      }),
    );
    return new Response(openApiDocument, {
      status: 200,
      headers: { "content-type": JSON_TYPE, "cache-control": "public, max-age=300" },
    });
  }

  async function handle(
    request: Request,
    seen: { route: RouteDefinition | null },
  ): Promise<Response> {
    const url = new URL(request.url);
    const method = request.method.toUpperCase();
    const document = documents(method, url.pathname);
    if (document) return document;
    if (mountPath && url.pathname !== mountPath && !url.pathname.startsWith(`${mountPath}/`)) {
      throw problems.routeNotFound(url.pathname);
    }
    const path = url.pathname.slice(mountPath.length) || "/";
    const matched = match(method, path);
    if (matched.kind === "none") throw problems.routeNotFound(url.pathname);
    if (matched.kind === "method-not-allowed")
      throw problems.methodNotAllowed(method, matched.allowed);

    if (matched.kind === "unknown-event") {
      const principal = await principalFor(request);
      assertScope(principal, matched.caller, "write");
      throw problems.unknownEvent(
        matched.event,
        eventsOf(matched.caller).filter((e) => e !== "update"),
      );
    }

    const { route, params } = matched;
    seen.route = route;
    const principal = await principalFor(request);
    assertScope(principal, route.caller!, route.access);

    const ctx: OperationContext = {
      principal,
      idempotencyKey: request.headers.get("idempotency-key") ?? undefined,
      ifMatch: request.headers.get("if-match") ?? undefined,
    };
    const id = params.id ?? "";

    if (route.access === "read") {
      if (route.operationId.startsWith("list")) {
        const page = await service.list(Object.fromEntries(url.searchParams), ctx);
        return listResponse(page.data, page.next_cursor, principal, url);
      }
      const record = await service.get(id, ctx);
      return json(200, renderReturn(record, principal, links), { etag: etagOf(record.version) });
    }

    const body = await readJsonBody(request, {
      maxBytes: service.maxBodyBytes,
      required: route.bodyRequired ?? false,
    });
    let result: ReturnResult;
    switch (route.operationId) {
      case "createReturn":
        result = await service.createReturn(body, ctx);
        break;
      case "updateReturn":
        result = await service.updateDraft(id, body as never, ctx);
        break;
      case "submitReturn":
        result = await service.submit(id, ctx, body as never);
        break;
      case "cancelReturn":
        result = await service.cancel(id, ctx, body as never);
        break;
      default:
        result = await service.advance(id, route.event!, ctx, body as never);
    }
    return returnResponse(result, principal);
  }

  function listResponse(
    data: ReturnData[],
    nextCursor: string | null,
    principal: Principal,
    url: URL,
  ): Response {
    const self = `${baseUrl}${url.pathname.slice(mountPath.length)}${url.search}`;
    const pageLinks: Record<string, { href: string }> = { self: { href: self } };
    if (nextCursor) {
      const next = new URL(self);
      next.searchParams.set("cursor", nextCursor);
      pageLinks.next = { href: next.href };
    }
    return json(200, {
      object: "list",
      data: data.map((record) => renderReturn(record, principal, links)),
      next_cursor: nextCursor,
      _links: pageLinks,
    });
  }

  return async function fetch(request: Request): Promise<Response> {
    const seen: { route: RouteDefinition | null } = { route: null };
    try {
      const response = await handle(request, seen);
      return request.method.toUpperCase() === "HEAD" ? withoutBody(response) : response;
    } catch (error) {
      if (isProblemError(error)) {
        if (error.status >= 500) service.reportError(error, "request failed");
        return problemResponse(error, challengeFor(error, seen.route));
      }
      if (isStoreUnavailable(error)) {
        // An outage, not a defect: reported all the same, but the client is told to retry.
        service.reportError(
          error,
          `database unavailable serving ${request.method} ${safePath(request)}`,
        );
        return problemResponse(problems.storeUnavailable());
      }
      service.reportError(error, `unexpected error serving ${request.method} ${safePath(request)}`);
      return problemResponse(problems.internal());
    }
  };
}

function withoutBody(response: Response): Response {
  return new Response(null, { status: response.status, headers: response.headers });
}

function safePath(request: Request): string {
  try {
    return new URL(request.url).pathname;
  } catch {
    return "(unparseable url)";
  }
}
