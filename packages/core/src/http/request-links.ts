/**
 * @module http/request-links — a return request as HAL: each return rendered as on its own
 * (its links and forms), links to them, and the request-wide forms this caller may send now:
 * `submit` while drafts remain (a customer), `ship` while returns are approved (the back office).
 */
import { allowedEventsIn, EVENT_CALLER } from "../domain/machine";
import { hasScope, type Principal, requiredScope } from "../domain/principal";
import type {
  ReturnRequestData,
  ReturnRequestEstimate,
  ReturnRequestResource,
  Template,
} from "../domain/schemas";
import { type LinkContext, renderReturn } from "./links";
import { requestBodySchemaPointer } from "./openapi/openapi-components";
import { fillId, fillParams, OPENAPI_PATH, type RouteDefinition, routeById } from "./routes";

/** The request-wide forms and their routes; the machine says whose and when. */
const REQUEST_FORMS = [
  { name: "submit", operationId: "submitReturnRequest" },
  { name: "ship", operationId: "shipReturnRequest" },
] as const;

const READS = { portal: "getPortalReturnRequest", merchant: "getMerchantReturnRequest" } as const;
const LISTS = { portal: "listPortalReturns", merchant: "listMerchantReturns" } as const;

export function renderReturnRequest(
  request: ReturnRequestData,
  principal: Principal,
  ctx: LinkContext,
): ReturnRequestResource {
  const { baseUrl, routes } = ctx;
  const returns = request.returns.map((record) => renderReturn(record, principal, ctx));
  const self = fillId(routeById(routes, READS[principal.kind]), request.id);
  const list = routeById(routes, LISTS[principal.kind]);
  const _templates: Record<string, Template> = {};
  for (const form of REQUEST_FORMS) {
    const caller = EVENT_CALLER[form.name];
    if (caller !== principal.kind || !hasScope(principal, caller, "write")) continue;
    if (!request.returns.some((one) => allowedEventsIn(one.state).includes(form.name))) continue;
    _templates[form.name] = requestTemplate(routeById(routes, form.operationId), request.id, ctx);
  }
  return {
    ...request,
    returns,
    _links: {
      self: { href: `${baseUrl}${self}` },
      returns: {
        href: `${baseUrl}${fillParams(list, {})}?request_id=${encodeURIComponent(request.id)}`,
      },
      item: returns.map((one) => one._links.self!),
    },
    _templates,
  };
}

function requestTemplate(route: RouteDefinition, id: string, ctx: LinkContext): Template {
  const schemaId = String(route.body?.meta()?.id);
  return {
    title: route.summary,
    method: "POST",
    target: `${ctx.baseUrl}${fillId(route, id)}`,
    contentType: "application/json",
    schema: { href: `${ctx.baseUrl}${OPENAPI_PATH}${requestBodySchemaPointer(schemaId)}` },
    requiredScopes: [requiredScope(route.caller === "merchant" ? "merchant" : "portal", "write")],
  };
}

/** An estimate, linked to the order's returnable lines (where `create_request` sends it). */
export function renderRequestEstimate(estimate: ReturnRequestEstimate, ctx: LinkContext) {
  const returnable = routeById(ctx.routes, "getReturnableLines");
  const href = `${ctx.baseUrl}${fillParams(returnable, { order_id: estimate.order_id })}`;
  return { ...estimate, _links: { returnable: { href } } };
}
