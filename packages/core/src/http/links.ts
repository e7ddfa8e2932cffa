/**
 * @module http/links — HAL `_links` and HAL-FORMS `_templates`.
 *
 * Templates are derived from the machine (which events apply now) and the caller (its kind
 * and scopes) through the route table: nothing here knows a state by name.
 */
import { type Principal, requiredScope } from "../principal";
import type { ReturnData, ReturnResource } from "../schemas";
import { requestBodySchemaPointer } from "./openapi-components";
import { fillId, OPENAPI_PATH, type RouteDefinition, returnPaths, routeForEvent } from "./routes";

export { OPENAPI_PATH } from "./routes";

export interface LinkContext {
  baseUrl: string;
  routes: readonly RouteDefinition[];
  /** Events this principal may send now (from the service). */
  allowedEvents: (record: ReturnData, principal: Principal) => readonly string[];
}

export function renderReturn(
  record: ReturnData,
  principal: Principal,
  ctx: LinkContext,
): ReturnResource {
  const paths = returnPaths(ctx.routes, principal.kind);
  const templates: ReturnResource["_templates"] = {};
  for (const event of ctx.allowedEvents(record, principal)) {
    const route = routeForEvent(
      ctx.routes,
      event as NonNullable<RouteDefinition["event"]>,
      principal.kind,
    );
    if (!route) continue;
    const schemaId = route.body?.meta()?.id;
    templates[event] = {
      title: route.summary,
      method: route.method === "PATCH" ? "PATCH" : "POST",
      target: `${ctx.baseUrl}${fillId(route, record.id)}`,
      contentType: "application/json",
      schema: {
        href: `${ctx.baseUrl}${OPENAPI_PATH}${requestBodySchemaPointer(String(schemaId))}`,
      },
      requiredScopes: [requiredScope(principal.kind, "write")],
    };
  }
  return {
    ...record,
    _links: {
      self: { href: `${ctx.baseUrl}${paths.item(record.id)}` },
      collection: { href: `${ctx.baseUrl}${paths.collection}` },
    },
    _templates: templates,
  };
}
