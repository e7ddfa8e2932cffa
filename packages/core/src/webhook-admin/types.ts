/** @module webhook-admin/types — what the webhook operations take and answer, and where they live. */
import type { OperationContext } from "../returns/types";

/** Where the webhook operations live in the route table: keys' scopes and `_links`. */
export interface WebhookTargets {
  baseUrl: string;
  /** The endpoints collection (list, create). */
  endpoints: string;
  endpoint(id: string): string;
  rotateSecret(id: string): string;
  testEvent(id: string): string;
  events: string;
  deliveries: string;
  redeliver(eventId: string): string;
  recover: string;
}

/** A webhook operation's answer: status, JSON body and headers, replayed or not. */
export interface WebhookAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
  replayed: boolean;
}

/**
 * The back office's webhook operations (scope `merchant:webhooks.manage`): bodies and queries
 * as they came off the wire. Writes are idempotent with the context's key.
 */
export interface WebhookOperations {
  listEndpoints(ctx: OperationContext): Promise<WebhookAnswer>;
  createEndpoint(body: unknown, ctx: OperationContext): Promise<WebhookAnswer>;
  getEndpoint(id: string, ctx: OperationContext): Promise<WebhookAnswer>;
  updateEndpoint(id: string, body: unknown, ctx: OperationContext): Promise<WebhookAnswer>;
  deleteEndpoint(id: string, ctx: OperationContext): Promise<WebhookAnswer>;
  rotateSecret(id: string, body: unknown, ctx: OperationContext): Promise<WebhookAnswer>;
  sendTestEvent(id: string, body: unknown, ctx: OperationContext): Promise<WebhookAnswer>;
  listEvents(query: Record<string, unknown>, ctx: OperationContext): Promise<WebhookAnswer>;
  listDeliveries(query: Record<string, unknown>, ctx: OperationContext): Promise<WebhookAnswer>;
  redeliver(eventId: string, body: unknown, ctx: OperationContext): Promise<WebhookAnswer>;
  recover(body: unknown, ctx: OperationContext): Promise<WebhookAnswer>;
}
