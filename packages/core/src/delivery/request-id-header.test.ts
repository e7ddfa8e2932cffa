import { testAuthenticate, testToken, validCreate } from "@returnkit/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createReturnsService, type ReturnsService } from "../service";
import { generateWebhookSecret } from "./signer";
import type { SubscriberEvent } from "./subscribers";
import { RECEIVER_DESTINATIONS, type Receiver, startReceiver } from "./test-support/receiver";

const BASE = "https://shop.example";
const customer = { kind: "portal", id: "customer-1", scopes: ["portal:returns.write"] } as const;

describe("the request behind a webhook", () => {
  let receiver: Receiver;
  let service: ReturnsService;
  const handled: SubscriberEvent[] = [];

  beforeEach(async () => {
    handled.length = 0;
    receiver = await startReceiver();
    service = createReturnsService({
      baseUrl: BASE,
      auth: { authenticate: testAuthenticate },
      webhooks: {
        endpoints: [{ url: receiver.url, secret: generateWebhookSecret() }],
        allowedDestinations: RECEIVER_DESTINATIONS,
      },
      subscribers: [{ name: "ledger", handle: (event) => void handled.push(event) }],
    });
  });

  afterEach(async () => {
    await service.close();
    await receiver.close();
  });

  it("webhook - a commit made by a request carries its id to the receiver and to subscribers", async () => {
    const created = await service.fetch(
      new Request(`${BASE}/v1/portal/returns`, {
        method: "POST",
        headers: {
          authorization: testToken("portal", "customer-1"),
          "content-type": "application/json",
          "idempotency-key": "hook-1",
          "x-request-id": "checkout-4711",
        },
        body: JSON.stringify(validCreate),
      }),
    );
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };

    await service.dispatcher.drain();

    const [event] = await service.store.listEvents(id);
    expect(event?.request_id).toBe("checkout-4711");
    const webhook = await receiver.waitFor((r) => r.id === event!.id);
    expect(webhook.headers["returnkit-request-id"]).toBe("checkout-4711");
    expect(handled.map((e) => [e.id, e.request_id])).toEqual([[event!.id, "checkout-4711"]]);
  });

  it("webhook - an in-process write has no request id unless its caller passes one", async () => {
    const plain = await service.createReturn(validCreate, {
      principal: customer,
      idempotencyKey: "in-process-1",
    });
    const passed = await service.createReturn(validCreate, {
      principal: customer,
      idempotencyKey: "in-process-2",
      requestId: "job-99",
    });
    const hostile = await service.createReturn(validCreate, {
      principal: customer,
      idempotencyKey: "in-process-3",
      requestId: "line\nbreak",
    });

    await service.dispatcher.drain();

    const requestIdOf = async (returnId: string) => {
      const [event] = await service.store.listEvents(returnId);
      const webhook = await receiver.waitFor((r) => r.id === event!.id);
      return [event!.request_id, webhook.headers["returnkit-request-id"] ?? null];
    };
    expect(await requestIdOf(plain.record.id)).toEqual([null, null]);
    expect(await requestIdOf(passed.record.id)).toEqual(["job-99", "job-99"]);
    expect(await requestIdOf(hostile.record.id)).toEqual([null, null]);
    expect(handled.map((e) => e.request_id).sort()).toEqual(["job-99", null, null]);
  });
});
