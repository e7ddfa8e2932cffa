/**
 * @module http/openapi/openapi-operations — the OpenAPI operations of the route table: one per route,
 * a HEAD beside each GET (served as the GET without its body), and the unknown-event
 * operation of each caller's event path.
 */
import { eventsOf } from "../../domain/machine";
import { acceptableScopes, SCOPES } from "../../domain/principal";
import { ReturnSchema } from "../../domain/schemas";
import type { EventPrefix } from "../router";
import { type RouteDefinition, type RouteResponse, routeScopes } from "../routes";
import type { JsonSchema, SchemaComponents } from "./openapi-components";
import {
  headerRefs,
  problemHeadResponse,
  problemResponseRef,
  problemStatuses,
} from "./openapi-problems";

/** The `components.parameters` entry of each path parameter. */
const PATH_PARAMETERS = {
  id: "ReturnId",
  order_id: "OrderId",
  customer_id: "CustomerId",
  endpoint_id: "EndpointId",
  event_id: "EventId",
  name: "CarrierName",
} as const;

export function routeOperation(
  route: RouteDefinition,
  components: SchemaComponents,
  schemes: readonly string[],
): JsonSchema {
  const write = route.access === "write";
  const parameters: JsonSchema[] = [];
  for (const [, name] of route.path.matchAll(/\{(\w+)\}/g)) {
    const component = PATH_PARAMETERS[name as keyof typeof PATH_PARAMETERS];
    if (!component) throw new Error(`no OpenAPI parameter describes {${name}} of ${route.path}`);
    parameters.push({ $ref: `#/components/parameters/${component}` });
  }
  if (route.query) parameters.push(...queryParameters(route.query, components));
  if (write) parameters.push({ $ref: "#/components/parameters/IdempotencyKey" });
  if (write && route.path.includes("{id}"))
    parameters.push({ $ref: "#/components/parameters/IfMatch" });
  if (route.cacheable) {
    parameters.push(
      { $ref: "#/components/parameters/IfNoneMatch" },
      { $ref: "#/components/parameters/IfMatch" },
    );
  }

  const responses: Record<string, JsonSchema> = {};
  if (route.success) {
    const headers = ["Request-Id", "Link"];
    if (route.success.schema === ReturnSchema) headers.push("ETag");
    if (route.success.status === 201) headers.push("Location");
    if (write) headers.push("Idempotent-Replayed");
    const response = routeResponse(route.success, headers, components);
    if (route.cacheable)
      response.headers = { ...(response.headers as JsonSchema), ...DOCUMENT_HEADERS };
    responses[String(route.success.status)] = response;
  }
  if (route.cacheable) {
    responses["304"] = {
      description: "If-None-Match names the current entity tag: the cached copy is current.",
      headers: { ...headerRefs(["Request-Id", "Link"]), ...DOCUMENT_HEADERS },
    };
  }
  for (const answer of route.alsoAnswers ?? []) {
    responses[String(answer.status)] = routeResponse(answer, ["Link"], components);
  }
  for (const status of problemStatuses(route))
    responses[String(status)] = problemResponseRef(status);

  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.event
      ? {
          description: `Sends the \`${route.event}\` event. A return offers it in \`_templates\` only while its lifecycle allows it.`,
        }
      : {}),
    ...(route.caller ? { tags: routeTags(route) } : {}),
    security: securityRequirements(routeScopes(route), schemes),
    ...(parameters.length ? { parameters } : {}),
    ...(route.body
      ? { requestBody: components.requestBody(route.body, route.bodyRequired ?? true) }
      : {}),
    responses,
  };
}

function routeTags(route: RouteDefinition): string[] {
  if (route.scope === SCOPES.webhooksManage) return ["webhooks"];
  return route.caller === "any" ? ["portal", "merchant"] : [route.caller ?? "merchant"];
}

function routeResponse(
  response: RouteResponse,
  headers: string[],
  components: SchemaComponents,
): JsonSchema {
  const mediaType = response.mediaType ?? "application/json";
  const content: Record<string, JsonSchema> = {
    [mediaType]: { schema: components.convert(response.schema, "output") },
  };
  for (const alternate of response.alternates ?? []) {
    content[alternate.mediaType] = { schema: components.convert(alternate.schema, "output") };
  }
  return { description: response.description, headers: headerRefs(headers), content };
}

/** The headers of a cacheable document: its strong entity tag and how long it keeps. */
export const DOCUMENT_HEADERS = {
  ETag: { $ref: "#/components/headers/DocumentETag" },
  "Cache-Control": { $ref: "#/components/headers/Cache-Control" },
};

/**
 * The HEAD operation served for a GET one: the same status and headers, no body. A problem's
 * response is described inline, since the `components.responses` entry has a body.
 */
export function headOperation(get: JsonSchema): JsonSchema {
  const responses = Object.fromEntries(
    Object.entries(get.responses as Record<string, JsonSchema>).map(([status, response]) => {
      if (typeof response.$ref === "string") return [status, problemHeadResponse(Number(status))];
      const { content: _body, ...withoutBody } = response;
      return [status, withoutBody];
    }),
  );
  const name = String(get.operationId).replace(/^get(?=[A-Z])/, "");
  return {
    ...get,
    operationId: `head${name[0]?.toUpperCase()}${name.slice(1)}`,
    summary: `${get.summary} (headers only)`,
    responses,
  };
}

/**
 * `POST <prefix>/{event}` for an event no route sends: authenticated and scoped like the
 * caller's events, then 404 `unknown-event` naming the known ones. It never succeeds, so its
 * `default` is the one other answer it can give: an unexpected error.
 */
export function unknownEventOperation(prefix: EventPrefix, schemes: readonly string[]): JsonSchema {
  const known = eventsOf(prefix.caller).filter((event) => event !== "update");
  const problems = [400, 401, 403, 404, 503];
  return {
    operationId: `${prefix.caller}UnknownEvent`,
    summary: "An event no route sends",
    description: `Answers 404 \`unknown-event\`, whose \`known_events\` lists the events this path takes (${known.join(", ")}); each of those has an operation of its own.`,
    tags: [prefix.caller],
    security: securityRequirements(acceptableScopes(prefix.caller, "write"), schemes),
    parameters: [
      { $ref: "#/components/parameters/ReturnId" },
      {
        name: "event",
        in: "path",
        required: true,
        description: "A name that is none of the known events.",
        schema: { type: "string", not: { enum: known } },
      },
    ],
    responses: {
      ...Object.fromEntries(problems.map((status) => [String(status), problemResponseRef(status)])),
      default: problemResponseRef(500),
    },
  };
}

/**
 * One requirement object per acceptable scope and scheme: requirement objects are OR-ed, the
 * scopes inside one are AND-ed, and a read is allowed with either `.read` or `.write`.
 */
function securityRequirements(
  scopes: readonly string[],
  schemes: readonly string[],
): Record<string, string[]>[] {
  return scopes.flatMap((scope) => schemes.map((scheme) => ({ [scheme]: [scope] })));
}

function queryParameters(
  query: NonNullable<RouteDefinition["query"]>,
  components: SchemaComponents,
): JsonSchema[] {
  const schema = components.resolve(components.convert(query, "input"));
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: "query",
    required: required.has(name),
    schema: property,
  }));
}
