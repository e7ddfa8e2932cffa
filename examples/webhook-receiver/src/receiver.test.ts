import { createReturnsService, generateWebhookSecret, memoryStore } from "@returnkit/core";
import { afterEach, describe, expect, it } from "vitest";
import { startWebhookReceiver, type WebhookReceiver } from "./receiver";

const merchant = {
  principal: { kind: "merchant" as const, id: "staff-1", scopes: ["merchant:returns.write"] },
};
const portal = {
  principal: { kind: "portal" as const, id: "user-1", scopes: ["portal:returns.write"] },
};

describe("example webhook receiver", () => {
  let receiver: WebhookReceiver | undefined;
  afterEach(() => receiver?.close());

  it("receiver - verifies returnkit's deliveries and keeps each return's timeline in order", async () => {
    const secret = generateWebhookSecret();
    receiver = await startWebhookReceiver({ secrets: [secret] });
    const service = createReturnsService({
      store: memoryStore(),
      idempotency: { required: false },
      webhooks: {
        endpoints: [{ url: receiver.url, secret }],
        allowedDestinations: [new URL(receiver.url).hostname],
      },
    });
    service.dispatcher.start();
    const created = await service.createReturn(
      {
        order_id: "o1",
        line: { sku: "TEE", size: "M" },
        reason: "TOO_SMALL",
        resolution: "EXCHANGE",
        exchange_size: "L",
      },
      portal,
    );
    const id = created.record.id;
    await service.submit(id, {}, portal);
    for (const event of ["approve", "ship", "receive"] as const)
      await service.advance(id, event, {}, merchant);
    await service.dispatcher.drain();
    const types = receiver.timeline(id).map((w) => w.event.type);
    expect(types).toEqual([
      "return.created",
      "return.submitted",
      "return.approved",
      "return.in_transit",
      "return.received",
      "return.fit_signal",
    ]);
    expect(receiver.rejected).toBe(0);
    await service.close();
  });

  it("receiver - refuses a delivery signed with another secret", async () => {
    receiver = await startWebhookReceiver({ secrets: [generateWebhookSecret()] });
    const service = createReturnsService({
      idempotency: { required: false },
      webhooks: {
        endpoints: [{ url: receiver.url, secret: generateWebhookSecret() }],
        retrySchedule: [0],
        allowedDestinations: [new URL(receiver.url).hostname],
      },
    });
    service.dispatcher.start();
    await service.createReturn(
      { order_id: "o1", line: { sku: "TEE" }, reason: "DAMAGED", resolution: "REFUND" },
      portal,
    );
    await service.dispatcher.drain();
    expect(receiver.received).toHaveLength(0);
    expect(receiver.rejected).toBe(1);
    await service.close();
  });

  it("receiver - a port in use rejects with EADDRINUSE instead of crashing the process", async () => {
    receiver = await startWebhookReceiver({ secrets: [generateWebhookSecret()] });
    const port = Number(new URL(receiver.url).port);
    await expect(
      startWebhookReceiver({ secrets: [generateWebhookSecret()], port }),
    ).rejects.toMatchObject({ code: "EADDRINUSE" });
  });
});
