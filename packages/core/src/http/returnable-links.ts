/**
 * @module http/returnable-links — what an order can return, as HAL: links to the order's
 * returns and the reason catalogue, and on each line that can be returned a HAL-FORMS
 * `create` template pre-filled for it, so a portal or an agent offers only what is possible.
 */
import type { z } from "zod";
import { hasScope, type Principal, requiredScope } from "../domain/principal";
import type {
  ReturnableLine,
  ReturnableOrder,
  ReturnableOrderSchema,
  Template,
} from "../domain/schemas";
import { requestBodySchemaPointer } from "./openapi/openapi-components";
import { fillParams, OPENAPI_PATH, type RouteDefinition, routeById } from "./routes";

type ReturnableOrderResource = z.infer<typeof ReturnableOrderSchema>;

interface ReturnableLinkContext {
  baseUrl: string;
  routes: readonly RouteDefinition[];
}

export function renderReturnable(
  order: ReturnableOrder,
  principal: Principal,
  ctx: ReturnableLinkContext,
): ReturnableOrderResource {
  const create = routeById(ctx.routes, "createReturn");
  const list = routeById(ctx.routes, "listPortalReturns");
  const self = routeById(ctx.routes, "getReturnableLines");
  const reasons = routeById(ctx.routes, "listReasons");
  // A reader sees what could be returned; only a writer is offered the form to do it.
  const mayCreate = hasScope(principal, "portal", "write");
  return {
    ...order,
    lines: order.lines.map((line) => {
      const _templates: Record<string, Template> = {};
      if (mayCreate && line.refusal === null) {
        _templates.create = createTemplate(order.order_id, line, create, ctx.baseUrl);
      }
      return { ...line, _templates };
    }),
    _links: {
      self: { href: `${ctx.baseUrl}${fillParams(self, { order_id: order.order_id })}` },
      returns: {
        href: `${ctx.baseUrl}${list.path}?order_id=${encodeURIComponent(order.order_id)}`,
      },
      reasons: { href: `${ctx.baseUrl}${reasons.path}` },
    },
  };
}

function createTemplate(
  orderId: string,
  line: ReturnableLine,
  route: RouteDefinition,
  baseUrl: string,
): Template {
  const fixed = (name: string, value: string) => ({ name, value, readOnly: true, required: true });
  const exchange = line.resolutions.includes("EXCHANGE");
  return {
    title: route.summary,
    method: "POST",
    target: `${baseUrl}${route.path}`,
    contentType: "application/json",
    schema: {
      href: `${baseUrl}${OPENAPI_PATH}${requestBodySchemaPointer(String(route.body?.meta()?.id))}`,
    },
    requiredScopes: [requiredScope("portal", "write")],
    properties: [
      fixed("order_id", orderId),
      fixed("line.sku", line.sku),
      ...(line.size === null ? [] : [fixed("line.size", line.size)]),
      { name: "line.quantity", value: 1, min: 1, max: line.returnable_quantity, required: true },
      { name: "reason", required: true },
      { name: "resolution", required: true, options: { inline: line.resolutions } },
      ...(exchange
        ? [
            {
              name: "exchange_size",
              ...(line.exchange_sizes ? { options: { inline: line.exchange_sizes } } : {}),
            },
          ]
        : []),
    ],
  };
}
