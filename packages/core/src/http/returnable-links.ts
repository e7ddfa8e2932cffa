/**
 * @module http/returnable-links — what an order can return, as HAL: links to the order's
 * returns and the reason catalogue, on each line that can be returned a HAL-FORMS `create`
 * template pre-filled for it, and on the order a `create_request` template with an entry per
 * such line (`lines[i].…`) and the return methods the shop offers (`return_method`), so a
 * portal or an agent offers only what is possible; beside it
 * `estimate_request`, the same form answered with what the request would refund.
 */
import { z } from "zod";
import { hasScope, type Principal, requiredScope } from "../domain/principal";
import type {
  ReturnableLine,
  ReturnableOrder,
  ReturnableOrderSchema,
  Template,
  TemplateProperty,
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
  const createRequest = routeById(ctx.routes, "createReturnRequest");
  const list = routeById(ctx.routes, "listPortalReturns");
  const self = routeById(ctx.routes, "getReturnableLines");
  const reasons = routeById(ctx.routes, "listReasons");
  // A reader sees what could be returned; only a writer is offered the form to do it.
  const mayCreate = hasScope(principal, "portal", "write");
  const returnable = mayCreate ? order.lines.filter((line) => line.refusal === null) : [];
  const _templates: Record<string, Template> = {};
  if (returnable.length > 0) {
    _templates.create_request = requestTemplate(order.order_id, returnable, createRequest, ctx);
    // The same form, answered with what it would refund (the shipping fee shared once).
    const estimate = routeById(ctx.routes, "estimateReturnRequest");
    _templates.estimate_request = requestTemplate(order.order_id, returnable, estimate, ctx);
  }
  return {
    ...order,
    lines: order.lines.map((line) => {
      const lineTemplates: Record<string, Template> = {};
      if (returnable.includes(line)) {
        lineTemplates.create = createTemplate(order.order_id, line, create, ctx.baseUrl);
      }
      return { ...line, _templates: lineTemplates };
    }),
    _links: {
      self: { href: `${ctx.baseUrl}${fillParams(self, { order_id: order.order_id })}` },
      returns: {
        href: `${ctx.baseUrl}${list.path}?order_id=${encodeURIComponent(order.order_id)}`,
      },
      reasons: { href: `${ctx.baseUrl}${reasons.path}` },
    },
    _templates,
  };
}

const fixed = (name: string, value: string): TemplateProperty => ({
  name,
  value,
  readOnly: true,
  required: true,
});

/** A POST to `route` with a `properties` form, its body schema linked from the OpenAPI document. */
function postForm(route: RouteDefinition, baseUrl: string, properties: TemplateProperty[]) {
  return {
    title: route.summary,
    method: "POST" as const,
    target: `${baseUrl}${route.path}`,
    contentType: "application/json" as const,
    schema: {
      href: `${baseUrl}${OPENAPI_PATH}${requestBodySchemaPointer(String(route.body?.meta()?.id))}`,
    },
    requiredScopes: [requiredScope("portal", route.access)],
    properties,
  };
}

/** Which order line, pre-filled; `prefix` is `""` in `create`, `lines[i].` in a request. */
function lineIdentity(line: ReturnableLine, prefix: string): TemplateProperty[] {
  return [
    fixed(`${prefix}line.sku`, line.sku),
    ...(line.size === null ? [] : [fixed(`${prefix}line.size`, line.size)]),
  ];
}

/** What the customer chooses for a line: the reason, and a resolution among those on offer. */
function lineChoices(line: ReturnableLine, prefix: string): TemplateProperty[] {
  const skus = line.exchange_offers
    ? {
        options: {
          inline: line.exchange_offers.filter((offer) => offer.available).map((offer) => offer.sku),
        },
      }
    : {};
  return [
    { name: `${prefix}reason`, required: true },
    { name: `${prefix}resolution`, required: true, options: { inline: line.resolutions } },
    ...(line.resolutions.includes("EXCHANGE")
      ? [{ name: `${prefix}exchange_for.sku`, ...skus }]
      : []),
  ];
}

const quantity = (name: string, line: ReturnableLine): TemplateProperty => ({
  name,
  value: 1,
  min: 1,
  max: line.returnable_quantity,
  required: true,
});

function createTemplate(
  orderId: string,
  line: ReturnableLine,
  route: RouteDefinition,
  baseUrl: string,
): Template {
  return postForm(route, baseUrl, [
    fixed("order_id", orderId),
    ...lineIdentity(line, ""),
    quantity("line.quantity", line),
    ...lineChoices(line, ""),
  ]);
}

/**
 * One request for several lines: an entry `lines[i]` per returnable line, in the order's line
 * order. The caller sends the entries of the lines it returns (at least one) and leaves the
 * others out; `required` holds within an entry sent.
 */
function requestTemplate(
  orderId: string,
  lines: readonly ReturnableLine[],
  route: RouteDefinition,
  ctx: ReturnableLinkContext,
): Template {
  return postForm(route, ctx.baseUrl, [
    fixed("order_id", orderId),
    ...lines.flatMap((line, index) => {
      const prefix = `lines[${index}].`;
      return [
        ...lineIdentity(line, prefix),
        quantity(`${prefix}quantity`, line),
        ...lineChoices(line, prefix),
      ];
    }),
    ...methodProperty(route),
  ]);
}

/**
 * How the parcel travels back: the shop's methods, as the route's body schema offers them
 * (`createReturnSchemas` builds it from `policy.returnMethods`); pre-filled when there is one.
 */
function methodProperty(route: RouteDefinition): TemplateProperty[] {
  const field = (route.body as z.ZodObject | undefined)?.shape.return_method;
  if (!(field instanceof z.ZodOptional)) return [];
  const methods = (field.unwrap() as z.ZodEnum).options.map(String);
  if (methods.length === 1) return [{ name: "return_method", value: methods[0]! }];
  return [{ name: "return_method", required: true, options: { inline: methods } }];
}
