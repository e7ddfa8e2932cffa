/** @module http/router — matches a path against the route table. */
import type { HttpMethod, RouteDefinition } from "./routes";

export type RouteMatch =
  | { kind: "route"; route: RouteDefinition; params: { id?: string } }
  | { kind: "method-not-allowed"; allowed: (HttpMethod | "HEAD")[] }
  /** `/…/returns/{id}/{event}` with an event no route sends. */
  | { kind: "unknown-event"; event: string; caller: "portal" | "merchant"; id: string }
  | { kind: "none" };

interface CompiledRoute {
  route: RouteDefinition;
  segments: string[];
}

export function createRouter(routes: readonly RouteDefinition[]) {
  const compiled: CompiledRoute[] = routes.map((route) => ({
    route,
    segments: route.path.split("/").slice(1),
  }));

  return function match(method: string, path: string): RouteMatch {
    const segments = path.split("/").slice(1);
    const candidates: { route: RouteDefinition; params: { id?: string } }[] = [];
    for (const { route, segments: pattern } of compiled) {
      if (pattern.length !== segments.length) continue;
      const params: { id?: string } = {};
      let ok = true;
      for (let i = 0; i < pattern.length; i++) {
        const expected = pattern[i]!;
        const actual = segments[i]!;
        if (expected === "{id}") {
          const id = plainSegment(actual);
          if (id === null) {
            ok = false;
            break;
          }
          params.id = id;
        } else if (expected !== actual) {
          ok = false;
          break;
        }
      }
      if (ok) candidates.push({ route, params });
    }
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
    // An event path with an event nobody sends: a 404 that names the known events.
    if (segments.length === 5 && segments[0] === "v1" && segments[2] === "returns") {
      const caller = segments[1];
      const id = plainSegment(segments[3]!);
      const event = plainSegment(segments[4]!);
      if ((caller === "portal" || caller === "merchant") && id !== null && event !== null) {
        return { kind: "unknown-event", caller, id, event };
      }
    }
    return { kind: "none" };
  };
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
