// Type-level consumer: the published .d.ts files resolve and describe the API.

import { returnsRouter } from "@returnkit/adapter-express";
import { returnsApp } from "@returnkit/adapter-hono";
import { createReturnsService, type ReturnData, type ReturnsService } from "@returnkit/core";
import type { StoredReturn } from "@returnkit/core/store";
import { type ReturnkitWebhookEvent, verifyWebhook } from "@returnkit/webhook-verify";

const service: ReturnsService = createReturnsService({ baseUrl: "https://shop.example" });
export const hono = returnsApp(service);
export const router = returnsRouter(service);
export async function onWebhook(body: string, headers: Record<string, string>): Promise<string> {
  const event: ReturnkitWebhookEvent = await verifyWebhook({
    payload: body,
    headers,
    secret: "whsec_c2VjcmV0",
  });
  if (event.type === "return.fit_signal") return event.data.signal.sku;
  if (event.type === "webhook.test") return event.data.endpoint_id;
  // About a customer (the pseudonym), not a return: the returns it names are to be forgotten.
  if (event.type === "customer.erased") return event.data.customer_id;
  const record: ReturnData = event.data.return;
  return record.state;
}

/** A store author's view: the contract's types come from the store entry. */
export function stateOfStored(stored: StoredReturn): ReturnData["state"] {
  return stored.record.state;
}
