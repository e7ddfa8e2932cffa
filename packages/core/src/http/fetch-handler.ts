/**
 * @module http/fetch-handler — `createFetchHandler(context)`: every route of the route table
 * as a `(Request) => Promise<Response>`.
 *
 * Translation only: authenticate, read the body, call the route's operation, render. Every
 * failure becomes RFC 9457 problem+json; nothing a client sends can produce a 500. It is
 * handed what it needs (`HttpContext`), never the service or its options.
 */
import type { GuestTokenKey } from "../auth/guest-token";
import type { AuthOptions } from "../auth/options";
import { eventsOf } from "../domain/machine";
import { assertScope, type Principal } from "../domain/principal";
import { isProblemError, problems } from "../domain/problems";
import type { ReportError } from "../observability/logging/failures";
import { type RequestTrace, traceRequest } from "../observability/telemetry/request-span";
import type { OperationContext } from "../returns/types";
import { isStoreUnavailable } from "../store/unavailable";
import { createAuthentication } from "./authentication";
import { readJsonBody, readTextBody } from "./body";
import { createDocuments } from "./documents";
import { createRenderer } from "./render";
import { requestFacts, returnIdOf } from "./request-id";
import { createResponder, withoutBody } from "./responses";
import { createRouter } from "./router";
import { assertRouteScope, type RouteDefinition } from "./routes";
import type { RequestOperations } from "./routes/route-definition";

/**
 * Serves one request. `context` is handed to a host's `authenticate` as its second argument:
 * the adapters pass the framework's own (Express `{ req, res }`, Hono `{ c }`).
 */
export type FetchHandler = (request: Request, context?: unknown) => Promise<Response>;

/** What the HTTP layer runs with, built by `createReturnsService` beside the operations. */
interface HttpContext {
  /** Absolute URL the routes are mounted at, without a trailing slash. */
  baseUrl: string;
  auth?: AuthOptions;
  maxBodyBytes: number;
  /** Whether writes without an Idempotency-Key are refused (said in the OpenAPI document). */
  idempotencyKeyRequired: boolean;
  /** Logs a failure and tells the host's `onError`. */
  reportError: ReportError;
  routes: readonly RouteDefinition[];
  operations: RequestOperations;
  /** With the `guests` option: the key of guest tokens, and the host's client address. */
  guests?: {
    key: GuestTokenKey;
    clientAddress: ((request: Request, context?: unknown) => string | null | undefined) | null;
  };
}

export function createFetchHandler(context: HttpContext): FetchHandler {
  const { baseUrl, routes, operations, reportError } = context;
  const match = createRouter(routes);
  const mountPath = new URL(baseUrl).pathname.replace(/\/+$/, "");
  const responder = createResponder(baseUrl);
  const authentication = createAuthentication(context.auth, baseUrl, context.guests?.key ?? null);
  const document = createDocuments({
    baseUrl,
    mountPath,
    routes,
    authentication,
    idempotencyKeyRequired: context.idempotencyKeyRequired,
  });
  const links = { baseUrl, routes, allowedEvents: operations.allowedEventsFor };
  const render = createRenderer({ baseUrl, mountPath, links, responder });

  async function serve(
    request: Request,
    seen: { route: RouteDefinition | null },
    hostContext: unknown,
    traced: RequestTrace,
  ) {
    const url = new URL(request.url);
    const method = request.method.toUpperCase();
    const facts = requestFacts(request);
    const served = await document(request, url.pathname);
    if (served) {
      facts.route = url.pathname;
      return served;
    }
    if (mountPath && url.pathname !== mountPath && !url.pathname.startsWith(`${mountPath}/`)) {
      throw problems.outsideMountPath(url.pathname, baseUrl);
    }
    const matched = match(method, url.pathname.slice(mountPath.length) || "/");
    if (matched.kind === "none") throw problems.routeNotFound(url.pathname);
    if (matched.kind === "method-not-allowed") {
      throw problems.methodNotAllowed(method, matched.allowed);
    }
    if (matched.kind === "unknown-event") {
      const principal = await authentication.principalFor(request, hostContext);
      assertScope(principal, matched.caller, "write");
      const known = eventsOf(matched.caller).filter((e) => e !== "update");
      throw problems.unknownEvent(matched.event, known);
    }

    const { route, params } = matched;
    seen.route = route;
    facts.route = mountPath + route.path;
    facts.returnId = params.id ?? null;
    Object.assign(traced, {
      route: mountPath + route.path,
      operation: route.operationId,
      returnId: params.id,
    });
    const principal =
      route.caller === null ? NO_CALLER : await authentication.principalFor(request, hostContext);
    if (route.caller !== null) facts.callerKind = principal.kind;
    assertRouteScope(principal, route);
    const ctx: OperationContext = {
      principal,
      idempotencyKey: request.headers.get("idempotency-key") ?? undefined,
      ifMatch: request.headers.get("if-match") ?? undefined,
      requestId: facts.id,
    };
    const body = await readRouteBody(request, route, context.maxBodyBytes);
    const query = Object.fromEntries(url.searchParams);
    const outcome = await route.handler(operations, {
      id: params.id ?? "",
      params,
      body,
      query,
      headers: request.headers,
      ctx,
      clientAddress: context.guests?.clientAddress?.(request, hostContext) ?? null,
    });
    facts.returnId = returnIdOf(outcome) ?? facts.returnId;
    return render(outcome, principal, url, facts.id);
  }

  function failure(error: unknown, request: Request, route: RouteDefinition | null): Response {
    const { id, route: template, returnId } = requestFacts(request);
    const serving = `${request.method} ${template ?? safePath(request)}`;
    const context = {
      source: "request",
      operation: serving,
      requestId: id,
      returnId: returnId ?? undefined,
    } as const;
    if (isProblemError(error)) {
      if (error.status >= 500) reportError(error, context, `${error.slug} serving ${serving}`);
      return responder.problem(error, authentication.challengeFor(error, route), id);
    }
    if (isStoreUnavailable(error)) {
      // An outage, not a defect: reported all the same, but the client is told to retry.
      reportError(error, context, `database unavailable serving ${serving}`);
      return responder.problem(problems.storeUnavailable(), {}, id);
    }
    reportError(error, context, `unexpected error serving ${serving}`);
    return responder.problem(problems.internal(), {}, id);
  }

  return function fetch(request: Request, hostContext?: unknown): Promise<Response> {
    return traceRequest(request, async (traced) => {
      const seen: { route: RouteDefinition | null } = { route: null };
      try {
        const response = await serve(request, seen, hostContext, traced);
        return request.method.toUpperCase() === "HEAD" ? withoutBody(response) : response;
      } catch (error) {
        return failure(error, request, seen.route);
      }
    });
  };
}

/**
 * Who calls a public route (the health check): a probe sends no credentials, so none are
 * read. It holds no scope, so no operation that checks one lets it through.
 */
const NO_CALLER: Principal = { kind: "portal", id: "", scopes: [] };

function safePath(request: Request): string {
  try {
    return new URL(request.url).pathname;
  } catch {
    return "(unparseable url)";
  }
}

/**
 * The body `route` takes: its exact text (`rawBody`), or parsed JSON for a write, and for a
 * read that takes one too (a request's estimate: the question, nothing is written).
 */
function readRouteBody(
  request: Request,
  route: RouteDefinition,
  maxBodyBytes: number,
): Promise<unknown> {
  if (route.rawBody) return readTextBody(request, route.rawBody.maxBytes);
  if (route.access !== "write" && !route.body) return Promise.resolve(undefined);
  return readJsonBody(request, { maxBytes: maxBodyBytes, required: route.bodyRequired ?? false });
}
