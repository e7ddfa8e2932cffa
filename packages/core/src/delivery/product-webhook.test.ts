// What a shop's endpoint receives: the signed return.created webhook names the product.

import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it } from "vitest";
import { inMemoryOrders } from "../returns/orders/in-memory-orders";
import { createReturnsService } from "../service";
import { memoryStore } from "../store/memory/memory-store";
import { generateWebhookSecret } from "./signer";
import { RECEIVER_DESTINATIONS, type Receiver, startReceiver } from "./test-support/receiver";

const SECRET = generateWebhookSecret();
// Now: the receiver checks the signature's timestamp against its own clock.
const T0 = Date.now();
const customer = { kind: "portal" as const, id: "user-42", scopes: ["portal:returns.write"] };

const orders = inMemoryOrders([
  {
    id: "ord_7001",
    number: "#7001",
    customer_id: "user-42",
    customer: { name: "Ada Lovelace", email: "ada@example.com", postcode: "10115" },
    placed_at: new Date(T0 - 5 * 86_400_000).toISOString(),
    currency: "EUR",
    lines: [
      {
        sku: "TEE-ORG",
        size: "M",
        quantity: 1,
        unit_price: 2_500,
        title: "Organic cotton tee",
        variant_title: "Black / M",
        image_url: "https://cdn.shop.example/tee-black.jpg",
      },
    ],
  },
]);

let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.close();
});

describe("webhooks name the product", () => {
  it("return.created - the delivered, signed payload carries order_line with the product, the order number and the customer", async () => {
    receiver = await startReceiver();
    const service = createReturnsService({
      store: memoryStore(),
      clock: () => T0,
      orders: { source: orders },
      idempotency: { required: false },
      webhooks: {
        endpoints: [{ url: receiver.url, secret: SECRET }],
        allowedDestinations: RECEIVER_DESTINATIONS,
      },
    });
    const { record } = await service.createReturn(
      {
        order_id: "ord_7001",
        line: { sku: "TEE-ORG", size: "M", quantity: 1 },
        reason: "CHANGED_MIND",
        resolution: "REFUND",
      },
      { principal: customer },
    );
    await service.dispatcher.drain();

    const [request] = receiver.received;
    expect(request?.payload.type).toBe("return.created");
    const verified = new Webhook(SECRET).verify(request!.body, {
      "webhook-id": request!.id,
      "webhook-timestamp": request!.timestamp,
      "webhook-signature": request!.signature,
    }) as { data: { return: { id: string; order_line: Record<string, unknown> } } };
    expect(verified.data.return.id).toBe(record.id);
    expect(verified.data.return.order_line).toMatchObject({
      order_number: "#7001",
      product: {
        title: "Organic cotton tee",
        variant_title: "Black / M",
        image_url: "https://cdn.shop.example/tee-black.jpg",
      },
      customer: { name: "Ada Lovelace", email: "ada@example.com" },
    });
    await service.close();
  });
});
