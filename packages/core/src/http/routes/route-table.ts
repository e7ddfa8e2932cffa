import { EVENT_CALLER, type ReturnEvent } from "../../domain/machine";
import {
  acceptableScopes,
  assertMerchantScope,
  assertScope,
  type CallerKind,
  type Principal,
  type Scope,
} from "../../domain/principal";
import type { WriteTarget, WriteTargets } from "../../returns/types";
import type { WebhookTargets } from "../../webhook-admin/types";
import { createHandler, getHandler, listHandler } from "./returns-routes";
import type { RouteDefinition } from "./route-definition";
/**
 * @module http/routes/route-table — lookups over the route table: scopes, routes by event or id, filled paths, and
 * the write and webhook targets the operations link to.
 */
export function routeScopes(route: RouteDefinition): Scope[] {
  if (route.scope) return [route.scope];
  if (route.caller === null) return [];
  if (route.caller === "any") {
    return [
      ...acceptableScopes("portal", route.access),
      ...acceptableScopes("merchant", route.access),
    ];
  }
  return acceptableScopes(route.caller, route.access);
}

/**
 * Throws 403 unless `principal` may call `route`: a route open to `any` caller takes a scope
 * of the principal's own family.
 */
export function assertRouteScope(principal: Principal, route: RouteDefinition): void {
  if (route.scope) assertMerchantScope(principal, route.scope);
  else if (route.caller !== null)
    assertScope(principal, route.caller === "any" ? principal.kind : route.caller, route.access);
}

/** The route that sends `event` for `caller`, if any. */
export function routeForEvent(
  routes: readonly RouteDefinition[],
  event: ReturnEvent,
  caller: CallerKind,
): RouteDefinition | undefined {
  return routes.find((route) => route.event === event && route.caller === caller);
}

/** The paths a caller reads returns at: its collection and one return in it. */
export function returnPaths(
  routes: readonly RouteDefinition[],
  caller: CallerKind,
): { collection: string; item: (id: string) => string } {
  const reads = routes.filter((route) => route.method === "GET" && route.caller === caller);
  const collection = reads.find((route) => route.handler === listHandler);
  const item = reads.find((route) => route.handler === getHandler);
  if (!collection || !item) throw new Error(`the route table has no ${caller} reads`);
  return { collection: collection.path, item: (id) => fillId(item, id) };
}

/** The route with this operationId (links to routes that are not about one return). */
export function routeById(
  routes: readonly RouteDefinition[],
  operationId: string,
): RouteDefinition {
  const route = routes.find((candidate) => candidate.operationId === operationId);
  if (!route) throw new Error(`the route table has no ${operationId}`);
  return route;
}

/** `route`'s path with its parameters filled in, each encoded as one path segment. */
export function fillParams(route: RouteDefinition, params: Record<string, string>): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ""),
  );
}

/** The writes' places in the table, for the operations (see `WriteTargets`). */
export function writeTargets(routes: readonly RouteDefinition[]): WriteTargets {
  const create = routes.find((route) => route.handler === createHandler);
  if (!create) throw new Error("the route table has no create route");
  const portal = returnPaths(routes, "portal");
  return {
    create: { method: create.method, path: create.path },
    event(event, id): WriteTarget {
      const route = routeForEvent(routes, event, EVENT_CALLER[event]);
      if (!route) throw new Error(`the route table has no route for ${event}`);
      return { method: route.method, path: fillId(route, id) };
    },
    refund: (id) => target("recordReturnRefund", id),
    exchangePayment: (id) => target("recordExchangePayment", id),
    exchangeOrder: (id) => target("recordExchangeOrder", id),
    labelReissue: (id) => target("reissueLabel", id),
    returnPath: portal.item,
    requests: {
      create: target("createReturnRequest"),
      event: (event, id) =>
        target(event === "submit" ? "submitReturnRequest" : "shipReturnRequest", id),
      requestPath: (id) => fillId(routeById(routes, "getPortalReturnRequest"), id),
    },
  };
  function target(operationId: string, id = ""): WriteTarget {
    const route = routeById(routes, operationId);
    return { method: route.method, path: fillId(route, id) };
  }
}

/** The webhook operations' places in the table, for their keys and `_links`. */
export function webhookTargets(
  routes: readonly RouteDefinition[],
  baseUrl: string,
): WebhookTargets {
  const path = (operationId: string) => routeById(routes, operationId).path;
  const filled = (operationId: string, name: string) => (value: string) =>
    fillParams(routeById(routes, operationId), { [name]: value });
  return {
    baseUrl,
    endpoints: path("listWebhookEndpoints"),
    endpoint: filled("getWebhookEndpoint", "endpoint_id"),
    rotateSecret: filled("rotateWebhookSecret", "endpoint_id"),
    testEvent: filled("sendWebhookTest", "endpoint_id"),
    events: path("listWebhookEvents"),
    deliveries: path("listWebhookDeliveries"),
    redeliver: filled("redeliverWebhookEvent", "event_id"),
    recover: path("recoverWebhookDeliveries"),
  };
}

/** `route`'s path for return `id` (as given: the same string a request's path names). */
export function fillId(route: RouteDefinition, id: string): string {
  return route.path.replace("{id}", id);
}
