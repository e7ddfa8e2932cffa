/**
 * @module http/routes/webhook-admin-routes — the webhook operations API for the back office holding
 * `merchant:webhooks.manage`: endpoints and their secrets, events, deliveries, redelivery.
 */
import { SCOPES } from "../../domain/principal";
import type { WebhookAnswer, WebhookOperations } from "../../webhook-admin/types";
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
} from "../../webhook-admin/webhook-schemas";
import type { RouteDefinition, RouteInput } from "./route-definition";

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
export function webhookRoutes(): RouteDefinition[] {
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
