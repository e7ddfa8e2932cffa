import { makeEndpoint } from "@returnkit/testing";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  capturePino,
  PINO,
  type PinoLine,
} from "../observability/logging/test-support/pino-capture";
import { memoryStore } from "../store/memory/memory-store";
import type { ReturnsStore } from "../store/types";
import { StoreUnavailableError } from "../store/unavailable";
import { createWebhookDispatcher } from "./dispatcher";
import { generateWebhookSecret } from "./signer";
import { RECEIVER_DESTINATIONS, type Receiver, startReceiver } from "./test-support/receiver";
import { commitNewReturn } from "./test-support/returns";

describe("delivery log", () => {
  let store: ReturnsStore;
  let receiver: Receiver;
  let lines: PinoLine[];
  let stop: () => Promise<void>;

  beforeEach(async () => {
    store = memoryStore();
    receiver = await startReceiver();
  });

  afterEach(async () => {
    await stop();
    await receiver.close();
  });

  async function dispatcherLogging(retrySchedule: number[]) {
    const captured = capturePino();
    lines = captured.lines;
    const dispatcher = createWebhookDispatcher({
      store,
      endpoints: [{ id: "we_erp", url: receiver.url, secret: generateWebhookSecret() }],
      retrySchedule,
      random: () => 0.5,
      logger: captured.logger,
      allowedDestinations: RECEIVER_DESTINATIONS,
    });
    stop = () => dispatcher.stop();
    await dispatcher.ready;
    return dispatcher;
  }

  const about = (message: string) => lines.filter((line) => line.msg === message);

  it("delivered - one debug line with event, endpoint, attempt, status and duration", async () => {
    const dispatcher = await dispatcherLogging([0]);
    const { id, events } = await commitNewReturn(store);

    await dispatcher.drain();

    expect(about("webhook delivered")).toEqual([
      expect.objectContaining({
        level: PINO.debug,
        event_id: events[0]!.id,
        endpoint_id: "we_erp",
        return_id: id,
        request_id: null,
        attempt: 1,
        "http.response.status_code": 204,
        duration_ms: expect.any(Number),
      }),
    ]);
  });

  it("dead letter - a failed attempt at debug, then one warn line when the schedule runs out", async () => {
    receiver.answer(() => ({ status: 500 }));
    const dispatcher = await dispatcherLogging([0, 0]);
    const { events } = await commitNewReturn(store);

    await dispatcher.drain();

    expect(about("webhook attempt failed")).toEqual([
      expect.objectContaining({
        level: PINO.debug,
        attempt: 1,
        next_attempt_at: expect.any(String),
      }),
    ]);
    expect(about("webhook dead-lettered")).toEqual([
      expect.objectContaining({
        level: PINO.warn,
        event_id: events[0]!.id,
        endpoint_id: "we_erp",
        attempt: 2,
        "http.response.status_code": 500,
        // A status says it all; `error` holds what went wrong without one (a timeout, a reset).
        error: null,
      }),
    ]);
  });

  it("410 Gone - one warn line saying the endpoint is disabled", async () => {
    receiver.answer(() => ({ status: 410 }));
    const dispatcher = await dispatcherLogging([0, 1_000]);
    await commitNewReturn(store);

    await dispatcher.deliverNext();

    expect(about("webhook endpoint disabled")).toEqual([
      expect.objectContaining({
        level: PINO.warn,
        endpoint_id: "we_erp",
        "url.full": receiver.url,
        reason: "410 Gone",
      }),
    ]);
  });

  it("410 Gone - an endpoint saved with user:password@ is logged without them", async () => {
    receiver.answer(() => ({ status: 410 }));
    const dispatcher = await dispatcherLogging([0, 1_000]);
    // Saved before credentials were refused at registration.
    const url = receiver.url.replace("http://", "http://alice:hunter2@");
    await store.saveEndpoint(makeEndpoint({ id: "we_erp", url }));
    await commitNewReturn(store);

    await dispatcher.deliverNext();

    expect(about("webhook endpoint disabled")).toEqual([
      expect.objectContaining({
        "url.full": receiver.url.replace("http://", "http://REDACTED@"),
      }),
    ]);
    expect(JSON.stringify(lines)).not.toMatch(/alice|hunter2/);
  });

  it("410 Gone - an endpoint with a token in its query string is logged with the value redacted", async () => {
    receiver.answer(() => ({ status: 410 }));
    const dispatcher = await dispatcherLogging([0, 1_000]);
    await store.saveEndpoint(
      makeEndpoint({ id: "we_erp", url: `${receiver.url}?token=s3cr3t-hook-token&shop=acme` }),
    );
    await commitNewReturn(store);

    await dispatcher.deliverNext();

    expect(about("webhook endpoint disabled")).toEqual([
      expect.objectContaining({ "url.full": `${receiver.url}?token=REDACTED&shop=REDACTED` }),
    ]);
    expect(JSON.stringify(lines)).not.toMatch(/s3cr3t-hook-token|acme/);
  });

  it("store outage - a claim the store cannot serve is one warn line, no stack", async () => {
    const dispatcher = await dispatcherLogging([0]);
    store.claimDeliveries = () => Promise.reject(new StoreUnavailableError("connection refused"));

    dispatcher.start();
    await vi.waitFor(() => expect(lines.some((line) => line.level >= PINO.warn)).toBe(true));

    const failures = lines.filter((line) => line.level >= PINO.warn).slice(0, 1);
    expect(failures).toEqual([
      expect.objectContaining({
        level: PINO.warn,
        msg: "webhook dispatcher: claim failed",
        "error.type": "store-unavailable",
        "error.message": "connection refused",
      }),
    ]);
    expect(failures[0]).not.toHaveProperty("err");
  });
});
