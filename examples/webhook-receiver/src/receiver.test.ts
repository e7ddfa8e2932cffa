import {
  createReturnsService,
  generateWebhookSecret,
  inMemoryOrders,
  memoryStore,
  newEventId,
  webhookHeaders,
} from "@returnkit/core";
import { afterEach, describe, expect, it } from "vitest";
import { startWebhookReceiver, type WebhookReceiver } from "./receiver";

const merchant = {
  principal: { kind: "merchant" as const, id: "staff-1", scopes: ["merchant:returns.write"] },
};
const portal = {
  principal: { kind: "portal" as const, id: "user-1", scopes: ["portal:returns.write"] },
};

/** A service on a memory store whose dispatcher delivers to `receiver`, signed with `secret`. */
function sendingTo(receiver: WebhookReceiver, secret: string) {
  const service = createReturnsService({
    store: memoryStore(),
    idempotency: { required: false },
    webhooks: {
      endpoints: [{ url: receiver.url, secret }],
      allowedDestinations: [new URL(receiver.url).hostname],
    },
  });
  service.dispatcher.start();
  return service;
}

describe("example webhook receiver", () => {
  let receiver: WebhookReceiver | undefined;
  afterEach(() => receiver?.close());

  it("receiver - verifies returnkit's deliveries and keeps each return's timeline in order", async () => {
    const secret = generateWebhookSecret();
    receiver = await startWebhookReceiver({ secrets: [secret] });
    const service = sendingTo(receiver, secret);
    const created = await service.createReturn(
      {
        order_id: "o1",
        line: { sku: "TEE", size: "M" },
        reason: "TOO_SMALL",
        resolution: "EXCHANGE",
        exchange_for: { sku: "TEE-L" },
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
      // The exchange goes out once the return is received, in the return's order.
      "return.exchange_released",
    ]);
    expect(receiver.rejected).toBe(0);
    await service.close();
  });

  it("receiver - a payout recorded on a graded return arrives as return.refunded, after return.graded", async () => {
    const secret = generateWebhookSecret();
    receiver = await startWebhookReceiver({ secrets: [secret] });
    const service = createReturnsService({
      store: memoryStore(),
      idempotency: { required: false },
      orders: {
        source: inMemoryOrders([
          {
            id: "o1",
            customer_id: "user-1",
            placed_at: new Date().toISOString(),
            currency: "EUR",
            lines: [{ sku: "TEE", size: "M", quantity: 1, unit_price: 2_900 }],
          },
        ]),
      },
      webhooks: {
        endpoints: [{ url: receiver.url, secret, types: ["return.graded", "return.refunded"] }],
        allowedDestinations: [new URL(receiver.url).hostname],
      },
    });
    service.dispatcher.start();
    const body = { order_id: "o1", line: { sku: "TEE", size: "M" }, reason: "DAMAGED" };
    const created = await service.createReturn({ ...body, resolution: "REFUND" }, portal);
    const id = created.record.id;
    await service.submit(id, {}, portal);
    for (const event of ["approve", "ship", "receive", "grade"] as const)
      await service.advance(id, event, {}, merchant);
    await service.recordRefund(id, { amount: 2_900, reference: "re_1" }, merchant);
    await service.dispatcher.drain();

    const [graded, refunded] = receiver.timeline(id);
    expect(graded?.event.type).toBe("return.graded");
    if (refunded?.event.type !== "return.refunded") throw new Error("no return.refunded");
    expect(refunded.event.data.payout).toMatchObject({ amount: 2_900, currency: "EUR" });
    expect(refunded.event.data.refunded_amount).toBe(2_900);
    expect(refunded.seq).toBe(graded?.seq);
    await service.close();
  });

  it("receiver - customer.erased drops every copy of the erased customer's returns", async () => {
    const secret = generateWebhookSecret();
    const erasedEvents: string[] = [];
    receiver = await startWebhookReceiver({
      secrets: [secret],
      onErased: (event) => erasedEvents.push(event.data.customer_id),
    });
    const service = sendingTo(receiver, secret);
    const body = {
      order_id: "o1",
      line: { sku: "TEE", size: "M" },
      reason: "DAMAGED",
      resolution: "REFUND" as const,
    };
    const mine = (await service.createReturn(body, portal)).record.id;
    const other = {
      principal: { kind: "portal" as const, id: "user-2", scopes: ["portal:returns.write"] },
    };
    const theirs = (await service.createReturn(body, other)).record.id;
    await service.dispatcher.drain();
    expect(receiver.timeline(mine)).toHaveLength(1);
    const staff = {
      principal: { kind: "merchant" as const, id: "dpo", scopes: ["merchant:returns.write"] },
    };
    await service.eraseCustomer("user-1", { reason: "customers/redact" }, staff);
    await service.scheduler.fireDue();
    await service.dispatcher.drain();

    expect(erasedEvents).toHaveLength(1);
    expect(erasedEvents[0]).toMatch(/^erased_/);
    expect(receiver.timeline(mine)).toEqual([]);
    expect(receiver.timeline(theirs).map((w) => w.event.type)).toEqual(["return.created"]);
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

  it("receiver - acknowledges an endpoint test event and goes on receiving return events", async () => {
    const secret = generateWebhookSecret();
    receiver = await startWebhookReceiver({ secrets: [secret] });
    const service = createReturnsService({
      idempotency: { required: false },
      webhooks: {
        endpoints: [{ url: receiver.url, secret }],
        allowedDestinations: [new URL(receiver.url).hostname],
      },
    });
    await service.ready();
    const [endpoint] = await service.store.listEndpoints();
    if (endpoint?.kind !== "webhook") return expect.unreachable("no endpoint registered");
    // What `POST …/webhooks/endpoints/{id}/test` sends, over the same sender.
    const attempt = await service.dispatcher.sendTestEvent(endpoint);
    expect(attempt).toMatchObject({ delivered: true, status: 204 });
    expect(receiver.tests).toEqual([
      {
        type: "webhook.test",
        timestamp: expect.any(String),
        data: { endpoint_id: endpoint.id, message: expect.any(String) },
      },
    ]);
    service.dispatcher.start();
    const created = await service.createReturn(
      { order_id: "o1", line: { sku: "TEE" }, reason: "DAMAGED", resolution: "REFUND" },
      portal,
    );
    await service.dispatcher.drain();
    expect(receiver.timeline(created.record.id).map((w) => w.event.type)).toEqual([
      "return.created",
    ]);
    await service.close();
  });

  it("receiver - acknowledges a type it does not know, and logs it", async () => {
    const secret = generateWebhookSecret();
    const ignored: string[] = [];
    receiver = await startWebhookReceiver({
      secrets: [secret],
      onIgnored: (type) => ignored.push(type),
    });
    const answer = await postSigned(receiver.url, secret, {
      type: "return.teleported",
      timestamp: new Date().toISOString(),
      data: { somewhere: "else" },
    });
    expect(answer.status).toBe(204);
    expect(ignored).toEqual(["return.teleported"]);
    expect(receiver.received).toEqual([]);
  });

  it("receiver - a handler that fails answers 500 and the receiver keeps serving", async () => {
    const secret = generateWebhookSecret();
    const failures: unknown[] = [];
    let calls = 0;
    receiver = await startWebhookReceiver({
      secrets: [secret],
      onWebhook: () => {
        if (++calls === 1) throw new Error("the shop's database is down");
      },
      onError: (error) => failures.push(error),
    });
    const event = {
      type: "return.created",
      timestamp: new Date().toISOString(),
      data: { return: { id: "ret_1" }, transition: { seq: 1 } },
    };
    const id = newEventId();
    const failed = await postSigned(receiver.url, secret, event, id);
    expect(failed.status).toBe(500);
    expect(failures).toEqual([new Error("the shop's database is down")]);
    // The retry of the same event is handled: a failed attempt does not count as seen.
    const retried = await postSigned(receiver.url, secret, event, id);
    expect(retried.status).toBe(204);
    expect(receiver.received.map((w) => w.id)).toEqual([id]);
  });

  it("receiver - a port in use rejects with EADDRINUSE instead of crashing the process", async () => {
    receiver = await startWebhookReceiver({ secrets: [generateWebhookSecret()] });
    const port = Number(new URL(receiver.url).port);
    await expect(
      startWebhookReceiver({ secrets: [generateWebhookSecret()], port }),
    ).rejects.toMatchObject({ code: "EADDRINUSE" });
  });
});

/** POSTs `event` signed with `secret`, as returnkit would (`id` is its `webhook-id`). */
function postSigned(url: string, secret: string, event: unknown, id = newEventId()) {
  const body = JSON.stringify(event);
  const headers = webhookHeaders(secret, id, Math.floor(Date.now() / 1000), body);
  return fetch(url, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body,
  });
}
