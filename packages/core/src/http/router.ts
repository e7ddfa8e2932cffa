/** @module http/router — matches a path against the route table. */
import type { CallerKind } from "../domain/principal";
import type { HttpMethod, RouteDefinition } from "./routes";

/** Path parameters by name (`{id}` → `id`), decoded. */
type RouteParams = Record<string, string>;

type RouteMatch =
  | { kind: "route"; route: RouteDefinition; params: RouteParams }
  | { kind: "method-not-allowed"; allowed: (HttpMethod | "HEAD")[] }
  /** `/…/returns/{id}/{event}` with an event no route sends. */
  | { kind: "unknown-event"; event: string; caller: CallerKind; id: string }
  | { kind: "none" };

interface CompiledRoute {
  route: RouteDefinition;
  segments: string[];
}

/** Where a caller's events are sent: an event route's path without its event segment. */
export interface EventPrefix {
  caller: CallerKind;
  /** The method events are sent with. */
  method: HttpMethod;
  segments: string[];
}

export function createRouter(routes: readonly RouteDefinition[]) {
  const compiled: CompiledRoute[] = routes.map((route) => ({
    route,
    segments: route.path.split("/").slice(1),
  }));
  const prefixes = eventPrefixes(routes);

  return function match(method: string, path: string): RouteMatch {
    const segments = path.split("/").slice(1);
    const candidates = mostLiteral(compiled, segments);
    // HEAD is GET without a body (RFC 9110 §9.3.2); the handler drops the body.
    const wanted = method === "HEAD" ? "GET" : method;
    const hit = candidates.find((c) => c.route.method === wanted);
    if (hit) return { kind: "route", ...hit };
    if (candidates.length > 0) {
      const allowed = candidates.flatMap((c): (HttpMethod | "HEAD")[] =>
        c.route.method === "GET" ? ["GET", "HEAD"] : [c.route.method],
      );
      return { kind: "method-not-allowed", allowed };
    }
    // An event path with an event nobody sends: sent with the events' method, a 404 that
    // names the known events; with another method, a 405 like any event path's.
    for (const prefix of prefixes) {
      if (segments.length !== prefix.segments.length + 1) continue;
      const params = matchSegments(prefix.segments, segments.slice(0, -1));
      const event = plainSegment(segments[segments.length - 1]!);
      if (params?.id === undefined || event === null) continue;
      if (method !== prefix.method) return { kind: "method-not-allowed", allowed: [prefix.method] };
      return { kind: "unknown-event", caller: prefix.caller, id: params.id, event };
    }
    return { kind: "none" };
  };
}

/**
 * The routes whose pattern matches `segments`, keeping only those with the fewest parameters:
 * a literal segment names its own path (`…/return-requests/estimate` is not a request id), so
 * another method on it is a 405 naming the literal route's methods.
 */
function mostLiteral(compiled: readonly CompiledRoute[], segments: string[]) {
  const candidates: { route: RouteDefinition; params: RouteParams }[] = [];
  for (const { route, segments: pattern } of compiled) {
    const params = matchSegments(pattern, segments);
    if (params) candidates.push({ route, params });
  }
  const fewest = Math.min(...candidates.map((c) => Object.keys(c.params).length));
  return candidates.filter((c) => Object.keys(c.params).length === fewest);
}

/** The path parameters when `segments` match `pattern`, else null. */
function matchSegments(pattern: string[], segments: string[]): RouteParams | null {
  if (pattern.length !== segments.length) return null;
  const params: RouteParams = {};
  for (let i = 0; i < pattern.length; i++) {
    const expected = pattern[i]!;
    const actual = segments[i]!;
    const name = PARAMETER.exec(expected)?.[1];
    if (name !== undefined) {
      const value = plainSegment(actual);
      if (value === null) return null;
      params[name] = value;
    } else if (expected !== actual) {
      return null;
    }
  }
  return params;
}

/** A path template segment naming a parameter: `{id}`, `{order_id}`. */
const PARAMETER = /^\{(\w+)\}$/;

/** One prefix per caller, from its routes shaped `…/{id}/<event>` (the OpenAPI document too). */
export function eventPrefixes(routes: readonly RouteDefinition[]): EventPrefix[] {
  const prefixes = new Map<CallerKind, EventPrefix>();
  for (const route of routes) {
    const segments = route.path.split("/").slice(1);
    // Only lifecycle event routes: a return request's `…/{id}/submit` is no event prefix.
    if (!route.event || !route.caller || route.caller === "any") continue;
    if (segments.length < 2 || segments[segments.length - 2] !== "{id}") continue;
    prefixes.set(route.caller, {
      caller: route.caller,
      method: route.method,
      segments: segments.slice(0, -1),
    });
  }
  return [...prefixes.values()];
}

/**
 * A path parameter, decoded; null when it decodes to `.`/`..` or holds a `/` or `\`. The
 * Fetch URL has resolved real dot segments already, but a host's router saw the segment
 * as one name: never let a parameter stand for a step through the path.
 */
function plainSegment(segment: string): string | null {
  const decoded = safeDecode(segment);
  if (decoded === "." || decoded === ".." || /[/\\]/.test(decoded)) return null;
  return decoded;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
