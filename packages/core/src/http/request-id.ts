/**
 * @module http/request-id — the id of each request (`Request-Id` on every response,
 * `request_id` in problem bodies, on the outbox events its commit writes and in its log line)
 * and what the layers serving it learn about it for that line.
 *
 * The id (../request-ids) is chosen once per `Request` object, so the service's outer
 * handler, the routes and a mounted handler all see the same one.
 */
import type { CallerKind } from "../domain/principal";
import { requestIdFor } from "../domain/request-ids";
import type { RouteOutcome } from "./routes";

export const REQUEST_ID_HEADER = "request-id";

/** What the request log line says about one request, filled in by the layers as they learn it. */
interface RequestFacts {
  /** The request's id: its `Request-Id`. */
  readonly id: string;
  /** The route template with the mount path, a document's or a mounted handler's path; null when nothing matched. */
  route: string | null;
  /** The caller's kind once authenticated. */
  callerKind: CallerKind | null;
  /** The return the request named or created. */
  returnId: string | null;
}

const facts = new WeakMap<Request, RequestFacts>();

/** The facts of `request`, made (and its id chosen) on first use. */
export function requestFacts(request: Request): RequestFacts {
  let known = facts.get(request);
  if (!known) {
    known = { id: requestIdFor(request.headers), route: null, callerKind: null, returnId: null };
    facts.set(request, known);
  }
  return known;
}

/**
 * The `Request-Id` of `request`: the one its response carries when it is served by
 * `service.fetch`, so a handler mounted with `service.mount` can hand it to the operations it
 * calls (`ctx.requestId`) and their webhooks name the same request.
 */
export function requestIdOf(request: Request): string {
  return requestFacts(request).id;
}

/** The return an outcome names (a created one's id is known only now). */
export function returnIdOf(outcome: RouteOutcome): string | null {
  if (outcome.kind === "write") return outcome.result.record.id;
  if (outcome.kind === "return") return outcome.record.id;
  return null;
}

/** Responses built with their request's `Request-Id` among their headers. */
const identified = new WeakSet<Response>();

/** Marks `response` as built with its `Request-Id`, which `withRequestId` then leaves alone. */
export function builtWithRequestId(response: Response): Response {
  identified.add(response);
  return response;
}

/**
 * `response` with `Request-Id: id`; copied first when its headers are immutable. One built
 * with it is returned as it is: a header set afterwards would turn the plain headers
 * @hono/node-server writes as given into a `Headers` it must copy.
 */
export function withRequestId(response: Response, id: string): Response {
  if (identified.has(response)) return response;
  try {
    response.headers.set(REQUEST_ID_HEADER, id);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set(REQUEST_ID_HEADER, id);
    return copy;
  }
}
