/**
 * @module webhook-admin/webhook-operations — the back office's webhook operations: endpoints
 * (list, create, read, change, delete, rotate the secret, send a test event), a return's
 * events, deliveries with their attempts, redelivery and recovery of dead ones.
 *
 * Endpoints the service's own configuration saves at each start (`webhooks.endpoints`,
 * `subscribers`) are the code's, as the store records: here they can only be enabled or
 * disabled, which a restart keeps, as it keeps a 410's. Rotating, retyping or deleting them
 * would be undone by the next start, so it is refused (409 `endpoint-managed-in-code`) by
 * the endpoint functions the CLI calls too. A change that lost a race with another is
 * refused (409 `endpoint-concurrent-update`) and not recorded under its key: send it again.
 */

import type { WebhookDispatcher } from "../delivery/dispatcher";
import { assertMerchantScope, SCOPES } from "../domain/principal";
import { problems } from "../domain/problems";
import type { IdempotencyEngine } from "../returns/idempotency/engine";
import { parseInput } from "../returns/parse-input";
import type { OperationContext } from "../returns/types";
import type { IdempotentResponse, OutboxEndpoint, ReturnsStore } from "../store/types";
import { listDeliveryPage } from "./delivery-pages";
import {
  createEndpoint,
  deleteEndpoint,
  findEndpoint,
  rotateEndpointSecret,
  updateEndpoint,
} from "./endpoint-admin";
import { deadDeliveriesAhead, earliestDeath } from "./redelivery-order";
import type { WebhookAnswer, WebhookOperations, WebhookTargets } from "./types";
import { deliveryResource, endpointResource, eventResource, testResult } from "./webhook-resources";
import {
  CreateWebhookEndpointSchema,
  RecoverWebhookDeliveriesSchema,
  RedeliverWebhookEventSchema,
  RotateWebhookSecretSchema,
  SendWebhookTestSchema,
  UpdateWebhookEndpointSchema,
  WebhookDeliveryListQuerySchema,
  WebhookEventListQuerySchema,
} from "./webhook-schemas";

interface WebhookOperationsSetup {
  store: ReturnsStore;
  dispatcher: WebhookDispatcher;
  idempotency: IdempotencyEngine;
  now: () => number;
  ready: () => Promise<void>;
  targets: WebhookTargets;
}

export function createWebhookOperations(setup: WebhookOperationsSetup): WebhookOperations {
  const parts = sharedParts(setup);
  return { ...endpointOperations(parts), ...deliveryOperations(parts) };
}

type Parts = ReturnType<typeof sharedParts>;

/** What every webhook operation starts from: its scope check, its key, the endpoint it names. */
function sharedParts(setup: WebhookOperationsSetup) {
  const { store, targets, now } = setup;
  return {
    ...setup,
    resource: (endpoint: OutboxEndpoint) => endpointResource(endpoint, now(), targets),

    /** The scope check and the store's readiness every operation starts with. */
    async begin(ctx: OperationContext) {
      assertMerchantScope(ctx.principal, SCOPES.webhooksManage);
      await setup.ready();
    },

    /** A write once per Idempotency-Key: a retry replays the first answer. */
    async keyed(
      ctx: OperationContext,
      target: { method: string; path: string },
      body: unknown,
      execute: () => Promise<IdempotentResponse>,
    ): Promise<WebhookAnswer> {
      const outcome = await setup.idempotency.runRecorded(
        { principal: ctx.principal, ...target, key: ctx.idempotencyKey, body },
        execute,
      );
      return { ...outcome.response, replayed: outcome.replayed };
    },

    async existing(id: string): Promise<OutboxEndpoint> {
      const endpoint = await findEndpoint(store, id);
      if (!endpoint) throw problems.endpointNotFound(id);
      return endpoint;
    },

    listOf(data: unknown[], path: string, query: Record<string, unknown>) {
      const search = new URLSearchParams(query as Record<string, string>).toString();
      const self = `${targets.baseUrl}${path}${search ? `?${search}` : ""}`;
      return { object: "list", data, _links: { self: { href: self } } };
    },
  };
}

/** A list with where its next page starts: `next_cursor`, and `_links.next` beside `self`. */
function pagedList(list: ReturnType<Parts["listOf"]>, nextCursor: string | null) {
  const links: Record<string, { href: string }> = { ...list._links };
  if (nextCursor !== null) {
    const next = new URL(list._links.self.href);
    next.searchParams.set("cursor", nextCursor);
    links.next = { href: next.href };
  }
  return { object: list.object, data: list.data, next_cursor: nextCursor, _links: links };
}

const ok = (body: unknown, status = 200, headers: Record<string, string> = {}) => ({
  status,
  body,
  headers,
});

function answer(body: unknown): WebhookAnswer {
  return { status: 200, body, headers: {}, replayed: false };
}

type EndpointOperationNames =
  | "listEndpoints"
  | "createEndpoint"
  | "getEndpoint"
  | "updateEndpoint"
  | "deleteEndpoint"
  | "rotateSecret"
  | "sendTestEvent";

function endpointOperations(parts: Parts): Pick<WebhookOperations, EndpointOperationNames> {
  const { store, dispatcher, targets, now, begin, keyed, existing, resource } = parts;
  return {
    async listEndpoints(ctx) {
      await begin(ctx);
      const endpoints = await store.listEndpoints();
      endpoints.sort(
        (a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id),
      );
      return answer({ object: "list", data: endpoints.map(resource) });
    },

    async createEndpoint(body, ctx) {
      const input = parseInput(CreateWebhookEndpointSchema, body, "body");
      await begin(ctx);
      return keyed(ctx, { method: "POST", path: targets.endpoints }, body, async () => {
        const { endpoint, secret } = await createEndpoint(store, input, {
          now: now(),
          destinations: dispatcher.destinations,
        });
        const location = `${targets.baseUrl}${targets.endpoint(endpoint.id)}`;
        return ok({ ...resource(endpoint), secret }, 201, { location });
      });
    },

    async getEndpoint(id, ctx) {
      await begin(ctx);
      return answer(resource(await existing(id)));
    },

    async updateEndpoint(id, body, ctx) {
      const changes = parseInput(UpdateWebhookEndpointSchema, body, "body");
      await begin(ctx);
      return keyed(ctx, { method: "PATCH", path: targets.endpoint(id) }, body, async () => {
        const updated = await updateEndpoint(store, id, changes);
        if (!updated) throw problems.endpointNotFound(id);
        // Enabling uncovers deliveries that waited for it.
        if (updated.enabled) dispatcher.wake();
        return ok(resource(updated));
      });
    },

    async deleteEndpoint(id, ctx) {
      await begin(ctx);
      return keyed(ctx, { method: "DELETE", path: targets.endpoint(id) }, undefined, async () => {
        if (!(await deleteEndpoint(store, id))) throw problems.endpointNotFound(id);
        return ok({ object: "webhook_endpoint", id, deleted: true });
      });
    },

    async rotateSecret(id, body, ctx) {
      const input = parseInput(RotateWebhookSecretSchema, body ?? {}, "body");
      await begin(ctx);
      return keyed(ctx, { method: "POST", path: targets.rotateSecret(id) }, body, async () => {
        const rotated = await rotateEndpointSecret(store, id, {
          overlapSeconds: input.overlap_seconds,
          now: now(),
        });
        if (!rotated) throw problems.endpointNotFound(id);
        return ok({ ...resource(rotated.endpoint), secret: rotated.secret });
      });
    },

    async sendTestEvent(id, body, ctx) {
      parseInput(SendWebhookTestSchema, body ?? {}, "body");
      await begin(ctx);
      return keyed(ctx, { method: "POST", path: targets.testEvent(id) }, body, async () => {
        const endpoint = await existing(id);
        if (endpoint.kind !== "webhook") throw problems.endpointManagedInCode(id, "subscriber");
        return ok(testResult(await dispatcher.sendTestEvent(endpoint)));
      });
    },
  };
}

function deliveryOperations(parts: Parts): Omit<WebhookOperations, EndpointOperationNames> {
  const { store, dispatcher, targets, begin, keyed, existing, listOf } = parts;
  return {
    async listEvents(query, ctx) {
      const { return_id: returnId } = parseInput(WebhookEventListQuerySchema, query, "query");
      await begin(ctx);
      if (!(await store.getReturn(returnId))) throw problems.returnNotFound(returnId);
      const events = await store.listEvents(returnId);
      return answer(listOf(events.map(eventResource), targets.events, query));
    },

    async listDeliveries(query, ctx) {
      const filter = parseInput(WebhookDeliveryListQuerySchema, query, "query");
      await begin(ctx);
      const page = await listDeliveryPage(
        store,
        {
          returnId: filter.return_id,
          eventId: filter.event_id,
          status: filter.status,
          ...(filter.customer_id === undefined
            ? {}
            : { subject: { kind: "customer" as const, id: filter.customer_id } }),
        },
        { limit: filter.limit, cursor: filter.cursor },
      );
      const list = listOf(page.data.map(deliveryResource), targets.deliveries, query);
      return answer(pagedList(list, page.next_cursor));
    },

    async redeliver(eventId, body, ctx) {
      const input = parseInput(RedeliverWebhookEventSchema, body ?? {}, "body");
      await begin(ctx);
      return keyed(ctx, { method: "POST", path: targets.redeliver(eventId) }, body, async () => {
        if ((await store.listDeliveries({ eventId })).length === 0) {
          throw problems.eventNotFound(eventId);
        }
        if (input.endpoint_id !== undefined) await existing(input.endpoint_id);
        if (input.out_of_order !== true) {
          const ahead = await deadDeliveriesAhead(store, eventId, input.endpoint_id);
          if (ahead.length > 0) {
            throw problems.redeliveryOutOfOrder(eventId, ahead, earliestDeath(ahead));
          }
        }
        const counts = await dispatcher.redeliver(eventId, { endpointId: input.endpoint_id });
        return ok({ object: "webhook_redelivery", ...counts });
      });
    },

    async recover(body, ctx) {
      const { since } = parseInput(RecoverWebhookDeliveriesSchema, body, "body");
      await begin(ctx);
      return keyed(ctx, { method: "POST", path: targets.recover }, body, async () => {
        const counts = await dispatcher.recover({ since });
        return ok({ object: "webhook_redelivery", ...counts });
      });
    },
  };
}
