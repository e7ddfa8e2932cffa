/**
 * @module testing/cases/webhook-operations — the back office's webhook operations over HTTP
 * (`/v1/webhooks/…`, scope `merchant:webhooks.manage`): every route for every caller kind,
 * endpoints and their secrets, a return's events and deliveries, redelivery and recovery,
 * test events, and the endpoints the service's own configuration owns.
 */

import { describe } from "vitest";
import type { ServeService } from "../http-client";
import { describeWebhookAccessOverHttp } from "./webhook-access-http";
import { describeWebhookDeliveriesOverHttp } from "./webhook-deliveries-http";
import { describeWebhookEndpointsOverHttp } from "./webhook-endpoints-http";

export function describeWebhookOperations(serve: ServeService): void {
  describe("webhook operations", () => {
    describeWebhookAccessOverHttp(serve);
    describeWebhookEndpointsOverHttp(serve);
    describeWebhookDeliveriesOverHttp(serve);
  });
}
