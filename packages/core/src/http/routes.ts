/**
 * @module http/routes — every route of the API, declared once: path, schemas, scope and the
 * operation it calls.
 *
 * The router matches requests against this table and dispatches to its handlers, the OpenAPI
 * document is generated from it, `_links` and `_templates` find their targets here, and the
 * operations scope an Idempotency-Key by the path of their route. A route is added in one place.
 */
import type { z } from "zod";
import { EVENT_CALLER, MERCHANT_EVENTS, type ReturnEvent } from "../domain/machine";
import {
  type Access,
  acceptableScopes,
  assertMerchantScope,
  assertScope,
  type CallerKind,
  type Principal,
  SCOPES,
  type Scope,
} from "../domain/principal";
import type { ReasonDescription } from "../domain/reasons";
import {
  EVENT_BODY_SCHEMAS,
  type HealthReport,
  HealthReportSchema,
  MerchantListQuerySchema,
  PortalListQuerySchema,
  ReasonListSchema,
  type ReturnableOrder,
  ReturnableOrderSchema,
  type ReturnData,
  ReturnListSchema,
  ReturnSchema,
  type ReturnSchemas,
} from "../domain/schemas";
import { HEALTH_MEDIA_TYPE } from "../observability/health/health-check";
import type {
  OperationContext,
  RequestOperations,
  ReturnListResult,
  ReturnResult,
  WebhookAnswer,
  WebhookOperations,
  WebhookTargets,
  WriteTarget,
  WriteTargets,
} from "../returns/types";
import {
  CreateWebhookEndpointSchema,
  DeletedWebhookEndpointSchema,
  RecoverWebhookDeliveriesSchema,
  RedeliverWebhookEventSchema,
  RevivedDeliveriesSchema,
  RotateWebhookSecretSchema,
  SendWebhookTestSchema,
  UpdateWebhookEndpointSchema,
  WebhookDeliveryListQuerySchema,
  WebhookDeliveryListSchema,
  WebhookEndpointListSchema,
  WebhookEndpointSchema,
  WebhookEndpointWithSecretSchema,
  WebhookEventListQuerySchema,
  WebhookEventListSchema,
  WebhookTestResultSchema,
} from "../webhook-admin/webhook-schemas";

export type HttpMethod = "GET" | "POST" | "PATCH" | "DELETE";

/** The OpenAPI document's path, served beside the route table (it describes the table). */
export const OPENAPI_PATH = "/v1/openapi.json";
/** Where the reason catalogue is served; an unknown reason's 400 links it. */
export const REASONS_PATH = "/v1/reasons";

/** What a matched, authenticated request hands its route's operation. */
export interface RouteInput {
  /** The `{id}` path parameter, decoded ("" on routes without one). */
  id: string;
  /** Every path parameter by name (`order_id` of `/v1/portal/orders/{order_id}/…`), decoded. */
  params: Record<string, string>;
  /** The JSON body as read (writes only; validated by the operation). */
  body: unknown;
  query: Record<string, string>;
  ctx: OperationContext;
}

/** What an operation answered, for the HTTP layer to render. */
export type RouteOutcome =
  | { kind: "write"; result: ReturnResult }
  | { kind: "return"; record: ReturnData }
  | { kind: "page"; page: ReturnListResult }
  | { kind: "reasons"; reasons: ReasonDescription[] }
  | { kind: "returnable"; order: ReturnableOrder }
  | { kind: "webhook"; answer: WebhookAnswer }
  | { kind: "health"; report: HealthReport };

export type RouteHandler = (
  operations: RequestOperations,
  input: RouteInput,
) => Promise<RouteOutcome>;

export interface RouteDefinition {
  operationId: string;
  method: HttpMethod;
  /** Path template relative to the mount point, OpenAPI style (`/v1/portal/returns/{id}`). */
  path: string;
  /** Who may call it: one family, `any` signed-in caller (with its family's scope), or null for public documents. */
  caller: CallerKind | "any" | null;
  access: Access;
  /** A scope of its own that the caller must hold, instead of its family's read or write. */
  scope?: Scope;
  summary: string;
  /** The JSON body schema (its `.meta({ id })` names the OpenAPI component). */
  body?: z.ZodType;
  /** False when an empty body is fine (event bodies). */
  bodyRequired?: boolean;
  query?: z.ZodType;
  success?: RouteResponse;
  /** Answers other than `success` and problems (the health check's 503), described alike. */
  alsoAnswers?: readonly RouteResponse[];
  /** The lifecycle event this route sends, for `_templates`. */
  event?: ReturnEvent;
  /** Problem statuses the route's own rules add to those of its kind (the order checks'). */
  problems?: readonly number[];
  /** Calls the operation behind the route. */
  handler: RouteHandler;
}

/** A response a route's operation gives, with its body's schema. */
export interface RouteResponse {
  status: number;
  schema: z.ZodType;
  description: string;
  /** Default `application/json`. */
  mediaType?: string;
}

const EVENT_SUMMARIES: Record<ReturnEvent, string> = {
  update: "Update the draft",
  submit: "Submit the return",
  cancel: "Cancel the return",
  approve: "Approve the return",
  reject: "Reject the return",
  flag: "Flag the return for review",
  unflag: "Clear the flag",
  ship: "Record the return shipment",
  receive: "Record the item as received",
  grade: "Grade the received item",
  close: "Close the return",
};

export function eventTitle(event: ReturnEvent): string {
  return EVENT_SUMMARIES[event];
}

const createHandler: RouteHandler = async (operations, { body, ctx }) => ({
  kind: "write",
  result: await operations.createReturn(body, ctx),
});

const getHandler: RouteHandler = async (operations, { id, ctx }) => ({
  kind: "return",
  record: await operations.get(id, ctx),
});

const reasonsHandler: RouteHandler = async (operations, { ctx }) => ({
  kind: "reasons",
  reasons: await operations.reasons(ctx),
});

const returnableHandler: RouteHandler = async (operations, { params, ctx }) => ({
  kind: "returnable",
  order: await operations.returnableLines(params.order_id ?? "", ctx),
});

const listHandler: RouteHandler = async (operations, { query, ctx }) => ({
  kind: "page",
  page: await operations.list(query, ctx),
});

const healthHandler: RouteHandler = async (operations) => ({
  kind: "health",
  report: await operations.health(),
});

/** Liveness touches nothing (no store, no timer): it answers whenever the process can answer. */
const livenessHandler: RouteHandler = async () => ({
  kind: "health",
  report: {
    status: "pass",
    description: "returnkit returns service: the process answers",
    checks: {},
  },
});

function eventHandler(event: ReturnEvent): RouteHandler {
  return async (operations, { id, body, ctx }) => ({
    kind: "write",
    result: await operations.sendEvent(id, event, body, ctx),
  });
}

/** What checking a write against the shop's order adds: 422 refusals, 502 when the order system fails. */
const ORDER_CHECKS = [422, 502] as const;

const ONE_RETURN = { status: 200, schema: ReturnSchema, description: "The return" };

export function buildRoutes(schemas: ReturnSchemas): RouteDefinition[] {
  return [...portalRoutes(schemas), ...merchantRoutes(), ...catalogueRoutes(), ...webhookRoutes()];
}

/** A customer (or an agent for one) on the customer's own returns and orders. */
function portalRoutes(schemas: ReturnSchemas): RouteDefinition[] {
  const one = ONE_RETURN;
  const portal = "/v1/portal/returns";
  const portalEventRoute = (event: "submit" | "cancel"): RouteDefinition => ({
    operationId: `${event}Return`,
    method: "POST",
    path: `${portal}/{id}/${event}`,
    caller: "portal",
    access: "write",
    summary: EVENT_SUMMARIES[event],
    body: EVENT_BODY_SCHEMAS[event],
    bodyRequired: false,
    success: { ...one, description: "The updated return" },
    event,
    ...(event === "submit" ? { problems: ORDER_CHECKS } : {}),
    handler: eventHandler(event),
  });
  return [
    {
      operationId: "createReturn",
      method: "POST",
      path: portal,
      caller: "portal",
      access: "write",
      summary: "Create a draft return",
      body: schemas.CreateReturn,
      bodyRequired: true,
      success: { status: 201, schema: ReturnSchema, description: "The new draft" },
      problems: [404, ...ORDER_CHECKS],
      handler: createHandler,
    },
    {
      operationId: "listPortalReturns",
      method: "GET",
      path: portal,
      caller: "portal",
      access: "read",
      summary: "List the caller's own returns",
      query: PortalListQuerySchema,
      success: { status: 200, schema: ReturnListSchema, description: "A page of returns" },
      handler: listHandler,
    },
    {
      operationId: "getPortalReturn",
      method: "GET",
      path: `${portal}/{id}`,
      caller: "portal",
      access: "read",
      summary: "Get one of the caller's returns",
      success: one,
      handler: getHandler,
    },
    {
      operationId: "updateReturn",
      method: "PATCH",
      path: `${portal}/{id}`,
      caller: "portal",
      access: "write",
      summary: EVENT_SUMMARIES.update,
      body: schemas.UpdateReturn,
      bodyRequired: true,
      success: { ...one, description: "The updated draft" },
      event: "update",
      problems: ORDER_CHECKS,
      handler: eventHandler("update"),
    },
    portalEventRoute("submit"),
    portalEventRoute("cancel"),
    {
      operationId: "getReturnableLines",
      method: "GET",
      path: "/v1/portal/orders/{order_id}/returnable",
      caller: "portal",
      access: "read",
      summary: "What the caller can return from one of its orders",
      success: {
        status: 200,
        schema: ReturnableOrderSchema,
        description:
          "Each line of the order, what a return of it may take, and a pre-filled `create`",
      },
      problems: [404, 502],
      handler: returnableHandler,
    },
  ];
}

/** The back office, on all returns. */
function merchantRoutes(): RouteDefinition[] {
  const one = ONE_RETURN;
  const merchant = "/v1/merchant/returns";
  return [
    {
      operationId: "listMerchantReturns",
      method: "GET",
      path: merchant,
      caller: "merchant",
      access: "read",
      summary: "List all returns",
      query: MerchantListQuerySchema,
      success: { status: 200, schema: ReturnListSchema, description: "A page of returns" },
      handler: listHandler,
    },
    {
      operationId: "getMerchantReturn",
      method: "GET",
      path: `${merchant}/{id}`,
      caller: "merchant",
      access: "read",
      summary: "Get a return",
      success: one,
      handler: getHandler,
    },
    ...MERCHANT_EVENTS.map(
      (event): RouteDefinition => ({
        operationId: `${event}Return`,
        method: "POST",
        path: `${merchant}/{id}/${event}`,
        caller: EVENT_CALLER[event],
        access: "write",
        summary: EVENT_SUMMARIES[event],
        body: EVENT_BODY_SCHEMAS[event],
        bodyRequired: false,
        success: { ...one, description: "The updated return" },
        event,
        handler: eventHandler(event),
      }),
    ),
  ];
}

/** What any signed-in caller reads to fill in a return, and the public health check. */
function catalogueRoutes(): RouteDefinition[] {
  const health = (status: number, description: string): RouteResponse => ({
    status,
    schema: HealthReportSchema,
    description,
    mediaType: HEALTH_MEDIA_TYPE,
  });
  return [
    {
      operationId: "getHealth",
      method: "GET",
      path: "/v1/health",
      caller: null,
      access: "read",
      summary: "Whether this process can serve requests (for load balancers and probes)",
      success: health(200, "Healthy (`pass`), or serving with a warning (`warn`)"),
      alsoAnswers: [
        health(503, "Unhealthy (`fail`): the store cannot be reached or is not migrated"),
      ],
      handler: healthHandler,
    },
    {
      operationId: "getLiveness",
      method: "GET",
      path: "/v1/health/live",
      caller: null,
      access: "read",
      summary:
        "Whether this process answers at all, asking nothing of the store (for liveness probes)",
      success: health(200, "The process answers (`pass`)"),
      handler: livenessHandler,
    },
    {
      operationId: "listReasons",
      method: "GET",
      path: REASONS_PATH,
      caller: "any",
      access: "read",
      summary: "List the return reasons",
      success: { status: 200, schema: ReasonListSchema, description: "The reason catalogue" },
      handler: reasonsHandler,
    },
  ];
}

/** A webhook operation's route: the back office, holding `merchant:webhooks.manage`. */
function webhookRoute(
  route: Omit<RouteDefinition, "caller" | "access" | "scope" | "handler">,
  call: (webhooks: WebhookOperations, input: RouteInput) => Promise<WebhookAnswer>,
): RouteDefinition {
  return {
    ...route,
    caller: "merchant",
    access: route.method === "GET" ? "read" : "write",
    scope: SCOPES.webhooksManage,
    handler: async (operations, input) => ({
      kind: "webhook",
      answer: await call(operations.webhooks, input),
    }),
  };
}

const WEBHOOK_ENDPOINTS = "/v1/webhooks/endpoints";
const WEBHOOK_ENDPOINT = `${WEBHOOK_ENDPOINTS}/{endpoint_id}`;
const endpointId = ({ params }: RouteInput) => params.endpoint_id ?? "";
const ONE_ENDPOINT = { status: 200, schema: WebhookEndpointSchema, description: "The endpoint" };

/** Webhook operations: endpoints and their secrets, events, deliveries, redelivery. */
function webhookRoutes(): RouteDefinition[] {
  return [...webhookEndpointRoutes(), ...webhookSecretRoutes(), ...webhookDeliveryRoutes()];
}

/** Endpoints: list, create, read, change, delete. */
function webhookEndpointRoutes(): RouteDefinition[] {
  const endpoints = WEBHOOK_ENDPOINTS;
  const endpoint = WEBHOOK_ENDPOINT;
  const one = ONE_ENDPOINT;
  return [
    webhookRoute(
      {
        operationId: "listWebhookEndpoints",
        method: "GET",
        path: endpoints,
        summary: "List webhook endpoints and subscribers (never their secrets)",
        success: { status: 200, schema: WebhookEndpointListSchema, description: "Every endpoint" },
      },
      (webhooks, { ctx }) => webhooks.listEndpoints(ctx),
    ),
    webhookRoute(
      {
        operationId: "createWebhookEndpoint",
        method: "POST",
        path: endpoints,
        summary: "Create a webhook endpoint with a new signing secret",
        body: CreateWebhookEndpointSchema,
        bodyRequired: true,
        success: {
          status: 201,
          schema: WebhookEndpointWithSecretSchema,
          description: "The endpoint, with its secret: shown this once",
        },
      },
      (webhooks, { body, ctx }) => webhooks.createEndpoint(body, ctx),
    ),
    webhookRoute(
      {
        operationId: "getWebhookEndpoint",
        method: "GET",
        path: endpoint,
        summary: "Get a webhook endpoint (never its secrets)",
        success: one,
        problems: [404],
      },
      (webhooks, input) => webhooks.getEndpoint(endpointId(input), input.ctx),
    ),
    webhookRoute(
      {
        operationId: "updateWebhookEndpoint",
        method: "PATCH",
        path: endpoint,
        summary: "Change an endpoint's event types, or enable or disable it",
        body: UpdateWebhookEndpointSchema,
        bodyRequired: true,
        success: { ...one, description: "The changed endpoint" },
        problems: [404],
      },
      (webhooks, input) => webhooks.updateEndpoint(endpointId(input), input.body, input.ctx),
    ),
    webhookRoute(
      {
        operationId: "deleteWebhookEndpoint",
        method: "DELETE",
        path: endpoint,
        summary: "Delete an endpoint and its pending deliveries",
        success: {
          status: 200,
          schema: DeletedWebhookEndpointSchema,
          description: "The endpoint is gone; its delivered and dead deliveries stay listed",
        },
        problems: [404],
      },
      (webhooks, input) => webhooks.deleteEndpoint(endpointId(input), input.ctx),
    ),
  ];
}

/** An endpoint's secret rotated, and a signed test event sent with it. */
function webhookSecretRoutes(): RouteDefinition[] {
  const endpoint = WEBHOOK_ENDPOINT;
  return [
    webhookRoute(
      {
        operationId: "rotateWebhookSecret",
        method: "POST",
        path: `${endpoint}/secret/rotate`,
        summary: "Rotate the signing secret; the previous one keeps signing for an overlap",
        body: RotateWebhookSecretSchema,
        bodyRequired: false,
        success: {
          status: 200,
          schema: WebhookEndpointWithSecretSchema,
          description: "The endpoint, with its new secret: shown this once",
        },
        problems: [404],
      },
      (webhooks, input) => webhooks.rotateSecret(endpointId(input), input.body, input.ctx),
    ),
    webhookRoute(
      {
        operationId: "sendWebhookTest",
        method: "POST",
        path: `${endpoint}/test`,
        summary: "Send a signed webhook.test event to the endpoint now",
        body: SendWebhookTestSchema,
        bodyRequired: false,
        success: {
          status: 200,
          schema: WebhookTestResultSchema,
          description: "How the attempt went (stored nowhere)",
        },
        problems: [404],
      },
      (webhooks, input) => webhooks.sendTestEvent(endpointId(input), input.body, input.ctx),
    ),
  ];
}

/** A return's events, deliveries with their attempts, redelivery and recovery. */
function webhookDeliveryRoutes(): RouteDefinition[] {
  const revived = {
    status: 200,
    schema: RevivedDeliveriesSchema,
    description: "How many were revived",
  };
  return [
    webhookRoute(
      {
        operationId: "listWebhookEvents",
        method: "GET",
        path: "/v1/webhooks/events",
        summary: "List the webhook events of a return, in order",
        query: WebhookEventListQuerySchema,
        success: { status: 200, schema: WebhookEventListSchema, description: "The events" },
        problems: [404],
      },
      (webhooks, { query, ctx }) => webhooks.listEvents(query, ctx),
    ),
    webhookRoute(
      {
        operationId: "listWebhookDeliveries",
        method: "GET",
        path: "/v1/webhooks/deliveries",
        summary: "List deliveries (of a return, of an event, or by status) with every attempt",
        query: WebhookDeliveryListQuerySchema,
        success: {
          status: 200,
          schema: WebhookDeliveryListSchema,
          description: "The deliveries, in event order",
        },
      },
      (webhooks, { query, ctx }) => webhooks.listDeliveries(query, ctx),
    ),
    webhookRoute(
      {
        operationId: "redeliverWebhookEvent",
        method: "POST",
        path: "/v1/webhooks/events/{event_id}/redeliver",
        summary: "Redeliver an event's dead deliveries (optionally to one endpoint)",
        body: RedeliverWebhookEventSchema,
        bodyRequired: false,
        success: revived,
        problems: [404],
      },
      (webhooks, input) => webhooks.redeliver(input.params.event_id ?? "", input.body, input.ctx),
    ),
    webhookRoute(
      {
        operationId: "recoverWebhookDeliveries",
        method: "POST",
        path: "/v1/webhooks/recover",
        summary: "Redeliver every delivery that died since a time",
        body: RecoverWebhookDeliveriesSchema,
        bodyRequired: true,
        success: revived,
      },
      (webhooks, { body, ctx }) => webhooks.recover(body, ctx),
    ),
  ];
}

/** The scopes any of which lets a caller use `route` (for 403 bodies and Bearer challenges). */
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
    returnPath: portal.item,
  };
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
