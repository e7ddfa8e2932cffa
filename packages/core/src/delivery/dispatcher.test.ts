// The reference implementation, to prove receivers using it accept what we send.

import { makeEndpoint } from "@returnkit/testing";
import { Webhook } from "standardwebhooks";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type LogFields, silentLogger } from "../observability/logging/logger";
import { memoryStore } from "../store/memory/memory-store";
import type { ReturnsStore } from "../store/types";
import { InvalidOptionsError } from "../util/option-checks";
import { rotateEndpointSecret, updateEndpoint } from "../webhook-admin/endpoint-admin";
import {
  createWebhookDispatcher,
  type WebhookDispatcher,
  type WebhookDispatcherOptions,
  type WebhookEndpointInput,
} from "./dispatcher";
import { endpointIdForUrl } from "./endpoints";
import { NO_HTTP_ANSWER } from "./sender";
import { generateWebhookSecret } from "./signer";
import {
  closedPortUrl,
  RECEIVER_DESTINATIONS,
  type ReceivedWebhook,
  type Receiver,
  type ReceiverAnswer,
  startReceiver,
} from "./test-support/receiver";
import {
  commitLifecycle,
  commitNewReturn,
  commitReturnEvent,
  createTestClock,
  type TestClock,
} from "./test-support/returns";

const SECRET = generateWebhookSecret();

let store: ReturnsStore;
let clock: TestClock;
let receiver: Receiver;
const opened: { stop(): Promise<void> }[] = [];
const receivers: Receiver[] = [];

beforeEach(async () => {
  store = memoryStore();
  // Whole seconds, so HTTP-dates (second precision) land exactly.
  clock = createTestClock(Math.floor(Date.now() / 1000) * 1000);
  receiver = await anotherReceiver();
});

afterEach(async () => {
  for (const dispatcher of opened.splice(0)) await dispatcher.stop();
  for (const r of receivers.splice(0)) await r.close();
});

async function anotherReceiver(): Promise<Receiver> {
  const r = await startReceiver();
  receivers.push(r);
  return r;
}

/** A dispatcher on the test clock, without jitter, sending to `receiver` unless told otherwise. */
async function dispatcherFor(
  overrides: Partial<WebhookDispatcherOptions> = {},
): Promise<WebhookDispatcher> {
  const dispatcher = createWebhookDispatcher({
    store,
    clock: clock.now,
    random: () => 0.5,
    endpoints: [{ url: receiver.url, secret: SECRET }],
    retrySchedule: [0, 1_000, 2_000],
    allowedDestinations: RECEIVER_DESTINATIONS,
    ...overrides,
  });
  opened.push(dispatcher);
  // Deliveries are created at commit for the endpoints that exist then.
  await dispatcher.ready;
  return dispatcher;
}

const at = () => ({ at: clock.now() });
const returnIdOf = (request: ReceivedWebhook) => request.payload.data.return.id;
const seqOf = (request: ReceivedWebhook) => request.payload.data.transition.seq;

/** deliverNext until a round makes no attempt; resolves with all attempts made. */
async function deliverAll(dispatcher: WebhookDispatcher): Promise<number> {
  let total = 0;
  for (;;) {
    const made = await dispatcher.deliverNext();
    if (made === 0) return total;
    total += made;
  }
}

async function deliveryOf(eventId: string, endpointId = endpointIdForUrl(receiver.url)) {
  const found = (await store.listDeliveries({ eventId })).find((d) => d.endpoint_id === endpointId);
  if (!found) throw new Error(`no delivery of ${eventId} to ${endpointId}`);
  return found;
}

describe("delivery", () => {
  it("deliverNext - sends the event with Standard Webhooks headers that standardwebhooks verifies", async () => {
    const dispatcher = await dispatcherFor();
    const { events } = await commitNewReturn(store, at());
    const event = events[0]!;

    expect(await dispatcher.deliverNext()).toBe(1);

    const [request] = receiver.received;
    expect(request?.method).toBe("POST");
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.headers["user-agent"]).toBe("returnkit");
    expect(request?.id).toBe(event.id);
    expect(request?.timestamp).toBe(String(Math.floor(clock.now() / 1000)));
    expect(request?.body).toBe(JSON.stringify(event.payload));
    const verified = new Webhook(SECRET).verify(request!.body, {
      "webhook-id": request!.id,
      "webhook-timestamp": request!.timestamp,
      "webhook-signature": request!.signature,
    });
    expect(verified).toEqual(event.payload);
    expect((await deliveryOf(event.id)).status).toBe("delivered");
  });

  it("deliverNext - sends through the host's fetch when one is given (as on Bun, Deno, Workers)", async () => {
    const sent: { url: string; headers: Headers; redirect?: RequestRedirect }[] = [];
    const hostFetch: typeof fetch = (input, init) => {
      sent.push({
        url: String(input),
        headers: new Headers(init?.headers),
        redirect: init?.redirect,
      });
      return fetch(input, init);
    };
    const dispatcher = await dispatcherFor({ fetch: hostFetch });
    const { events } = await commitNewReturn(store, at());

    expect(await dispatcher.deliverNext()).toBe(1);

    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ url: receiver.url, redirect: "manual" });
    expect(sent[0]!.headers.get("webhook-id")).toBe(events[0]!.id);
    expect((await deliveryOf(events[0]!.id)).status).toBe("delivered");
  });

  it("deliverNext - signs with every secret of an endpoint while one is being rotated", async () => {
    const next = generateWebhookSecret();
    const dispatcher = await dispatcherFor({
      endpoints: [{ url: receiver.url, secret: [SECRET, next] }],
    });
    await commitNewReturn(store, at());

    await dispatcher.deliverNext();

    const request = receiver.received[0]!;
    const headers = {
      "webhook-id": request.id,
      "webhook-timestamp": request.timestamp,
      "webhook-signature": request.signature,
    };
    expect(request.signature.split(" ")).toHaveLength(2);
    // A receiver still on the old secret and one already on the new one both accept it.
    expect(() => new Webhook(SECRET).verify(request.body, headers)).not.toThrow();
    expect(() => new Webhook(next).verify(request.body, headers)).not.toThrow();
  });

  it("deliverNext - after a rotation both secrets sign until its overlap ends, then only the new one", async () => {
    const dispatcher = await dispatcherFor();
    // Registered at run time, so its secret is not the options' to keep.
    const { id: endpointId } = await dispatcher.registerEndpoint({
      url: receiver.url,
      secret: SECRET,
    });
    const rotated = await rotateEndpointSecret(store, endpointId, {
      overlapSeconds: 60,
      now: clock.now(),
    });
    const verifies = (secret: string, request: ReceivedWebhook) => {
      const headers = {
        "webhook-id": request.id,
        "webhook-timestamp": request.timestamp,
        "webhook-signature": request.signature,
      };
      try {
        new Webhook(secret).verify(request.body, headers);
        return true;
      } catch {
        return false;
      }
    };

    await commitNewReturn(store, at());
    await dispatcher.deliverNext();
    clock.advance(60_000);
    await commitNewReturn(store, at());
    await dispatcher.deliverNext();

    const [during, after] = receiver.received;
    expect([verifies(SECRET, during!), verifies(rotated!.secret, during!)]).toEqual([true, true]);
    expect(after!.signature.split(" ")).toHaveLength(1);
    expect([verifies(SECRET, after!), verifies(rotated!.secret, after!)]).toEqual([false, true]);
  });

  it("deliverNext - retries 500s on the schedule and delivers once the receiver recovers", async () => {
    receiver.answer((request) => (request.index < 2 ? { status: 500 } : { status: 204 }));
    const dispatcher = await dispatcherFor({ retrySchedule: [0, 1_000, 2_000] });
    const { events } = await commitNewReturn(store, at());
    const started = clock.now();

    expect(await dispatcher.deliverNext()).toBe(1);
    expect(await dispatcher.deliverNext()).toBe(0);
    clock.advance(999);
    expect(await dispatcher.deliverNext()).toBe(0);
    clock.advance(1);
    expect(await dispatcher.deliverNext()).toBe(1);
    clock.advance(2_000);
    expect(await dispatcher.deliverNext()).toBe(1);

    const delivery = await deliveryOf(events[0]!.id);
    expect(delivery.status).toBe("delivered");
    expect(delivery.attempts.map((a) => a.status)).toEqual([500, 500, 204]);
    expect(delivery.attempts.map((a) => a.at)).toEqual(
      [started, started + 1_000, started + 3_000].map((ms) => new Date(ms).toISOString()),
    );
    for (const attempt of delivery.attempts) expect(attempt.duration_ms).toBeGreaterThanOrEqual(0);
    // Same id on every attempt, a fresh timestamp on each.
    expect(receiver.received.map((r) => r.id)).toEqual([
      events[0]!.id,
      events[0]!.id,
      events[0]!.id,
    ]);
    const first = Math.floor(started / 1000);
    expect(receiver.received.map((r) => Number(r.timestamp))).toEqual([
      first,
      first + 1,
      first + 3,
    ]);
  });

  it("deliverNext - records a timeout when the receiver never answers", async () => {
    receiver.answer(() => "hang");
    const dispatcher = await dispatcherFor({ timeoutMs: 100 });
    const { events } = await commitNewReturn(store, at());

    expect(await dispatcher.deliverNext()).toBe(1);

    const delivery = await deliveryOf(events[0]!.id);
    expect(delivery.status).toBe("pending");
    // What a timeout is, the log says: the record, as the API shows it, says no more than that
    // no HTTP answer came (and took as long as the timeout).
    expect(delivery.attempts[0]).toMatchObject({ status: null, error: NO_HTTP_ANSWER });
    expect(delivery.attempts[0]!.duration_ms).toBeGreaterThanOrEqual(90);
    expect(delivery.next_attempt_at).toBe(clock.now() + 1_000);
  });

  it("deliverNext - records a refused connection and retries later", async () => {
    const url = await closedPortUrl();
    const dispatcher = await dispatcherFor({ endpoints: [{ url, secret: SECRET }] });
    const { events } = await commitNewReturn(store, at());

    expect(await dispatcher.deliverNext()).toBe(1);

    const delivery = await deliveryOf(events[0]!.id, endpointIdForUrl(url));
    expect(delivery.status).toBe("pending");
    expect(delivery.attempts[0]).toMatchObject({ status: null, error: NO_HTTP_ANSWER });
  });

  it("deliverNext - records a reset connection and retries later", async () => {
    receiver.answer(() => "reset");
    const dispatcher = await dispatcherFor();
    const { events } = await commitNewReturn(store, at());

    expect(await dispatcher.deliverNext()).toBe(1);

    const delivery = await deliveryOf(events[0]!.id);
    expect(delivery.status).toBe("pending");
    expect(delivery.attempts[0]?.status).toBeNull();
    expect(delivery.attempts[0]?.error).toBeTruthy();
  });

  it("deliverNext - does not follow a redirect, counts it as a failure, and records and logs its status, never its Location", async () => {
    const elsewhere = await anotherReceiver();
    const location = `${elsewhere.url}?token=s3cr3t-t0ken`;
    receiver.answer(() => ({ status: 302, headers: { location } }));
    const logged: string[] = [];
    const log = (fields: LogFields, message: string) =>
      void logged.push(JSON.stringify([fields, message]));
    const dispatcher = await dispatcherFor({
      logger: { ...silentLogger, debug: log, info: log, warn: log, error: log },
    });
    const { events } = await commitNewReturn(store, at());

    await dispatcher.deliverNext();

    expect(elsewhere.received).toHaveLength(0);
    const delivery = await deliveryOf(events[0]!.id);
    expect(delivery.status).toBe("pending");
    expect(delivery.attempts[0]).toMatchObject({
      status: 302,
      error: "redirect (302) not followed",
    });
    expect(logged.join("\n")).toContain('"http.response.status_code":302');
    expect(JSON.stringify([delivery, logged])).not.toContain("s3cr3t");
  });

  it("deliverNext - an endpoint whose host is inside the network fails its attempts without a connection, recorded, until it dead-letters", async () => {
    // Saved before the rule existed (or by a store written to directly): registration never checked it.
    const url = receiver.url.replace("127.0.0.1", "localhost");
    await store.saveEndpoint(makeEndpoint({ id: "we_legacy", url }));
    const dispatcher = await dispatcherFor({
      endpoints: [],
      allowedDestinations: [],
      retrySchedule: [0, 1_000],
    });
    const { events } = await commitNewReturn(store, at());

    expect(await dispatcher.deliverNext()).toBe(1);
    const first = await deliveryOf(events[0]!.id, "we_legacy");
    clock.advance(1_000);
    expect(await dispatcher.deliverNext()).toBe(1);
    const last = await deliveryOf(events[0]!.id, "we_legacy");

    expect(first.status).toBe("pending");
    expect(first.attempts[0]).toMatchObject({
      status: null,
      error: expect.stringMatching(/localhost is a loopback address \(rule: loopback\)/),
    });
    expect(last.status).toBe("dead");
    expect(last.attempts).toHaveLength(2);
    expect(receiver.connectionsOpened()).toBe(0);
  });

  it("deliverNext - delivers after the receiver comes back from being down", async () => {
    const url = await closedPortUrl();
    const dispatcher = await dispatcherFor({
      endpoints: [{ url, secret: SECRET }],
      retrySchedule: [0, 1_000, 1_000, 1_000],
    });
    const { events } = await commitNewReturn(store, at());
    await dispatcher.deliverNext();
    clock.advance(1_000);
    await dispatcher.deliverNext();

    // The receiver is back: same endpoint id, new server behind the URL.
    await dispatcher.registerEndpoint({
      url: receiver.url,
      secret: SECRET,
      id: endpointIdForUrl(url),
    });
    clock.advance(1_000);
    expect(await dispatcher.deliverNext()).toBe(1);

    const delivery = await deliveryOf(events[0]!.id, endpointIdForUrl(url));
    expect(delivery.status).toBe("delivered");
    expect(delivery.attempts.map((a) => a.status)).toEqual([null, null, 204]);
    expect(receiver.received.map((r) => r.id)).toEqual([events[0]!.id]);
  });

  it("deliverNext - dead-letters after the last scheduled attempt without holding back later events", async () => {
    // The receiver cannot take `return.created` (seq 1) but takes the rest.
    receiver.answer((request) => (seqOf(request) === 1 ? { status: 500 } : { status: 204 }));
    const onError = vi.fn();
    const dispatcher = await dispatcherFor({ retrySchedule: [0, 10, 10], onError });
    const { events } = await commitLifecycle(store, ["submit"], at());

    await dispatcher.deliverNext();
    clock.advance(10);
    await dispatcher.deliverNext();
    clock.advance(10);
    await dispatcher.deliverNext();
    await deliverAll(dispatcher);

    const dead = await deliveryOf(events[0]!.id);
    expect(dead.status).toBe("dead");
    expect(dead.attempts).toHaveLength(3);
    expect(dead.dead_at).toBe(new Date(clock.now()).toISOString());
    // Logged at warn, so told to onError too: once, when it died, not at each retry.
    expect(onError.mock.calls).toEqual([
      [
        expect.objectContaining({ message: expect.stringContaining("dead-lettered") }),
        expect.objectContaining({
          source: "dispatcher",
          operation: "dead_letter",
          dispatcherId: dispatcher.id,
          deliveryId: dead.id,
          eventId: events[0]!.id,
          endpointId: dead.endpoint_id,
        }),
      ],
    ]);
    expect((await deliveryOf(events[1]!.id)).status).toBe("delivered");
    clock.advance(60_000);
    expect(await dispatcher.deliverNext()).toBe(0);
  });

  it("deliverNext - sends an endpoint only the event types it subscribed to", async () => {
    const everything = await anotherReceiver();
    const dispatcher = await dispatcherFor({
      endpoints: [
        { url: receiver.url, secret: SECRET, types: ["return.approved"] },
        { url: everything.url, secret: SECRET },
      ],
    });
    await commitLifecycle(store, ["submit", "approve"], at());

    await deliverAll(dispatcher);

    expect(receiver.received.map((r) => r.payload.type)).toEqual(["return.approved"]);
    expect(everything.received.map((r) => r.payload.type)).toEqual([
      "return.created",
      "return.submitted",
      "return.approved",
    ]);
  });
});

describe("receiver signals", () => {
  it("deliverNext - waits as long as a 429's Retry-After asks, beyond the schedule", async () => {
    receiver.answer((request) =>
      request.index === 0 ? { status: 429, headers: { "retry-after": "120" } } : { status: 204 },
    );
    const dispatcher = await dispatcherFor({ retrySchedule: [0, 10, 10] });
    const { events } = await commitNewReturn(store, at());
    const started = clock.now();

    await dispatcher.deliverNext();
    expect((await deliveryOf(events[0]!.id)).next_attempt_at).toBe(started + 120_000);
    clock.advance(119_999);
    expect(await dispatcher.deliverNext()).toBe(0);
    clock.advance(1);
    expect(await dispatcher.deliverNext()).toBe(1);
    expect((await deliveryOf(events[0]!.id)).status).toBe("delivered");
  });

  it("deliverNext - reads a 503's Retry-After given as an HTTP-date", async () => {
    const retryAt = new Date(clock.now() + 60_000);
    receiver.answer((request) =>
      request.index === 0
        ? { status: 503, headers: { "retry-after": retryAt.toUTCString() } }
        : { status: 204 },
    );
    const dispatcher = await dispatcherFor({ retrySchedule: [0, 10, 10] });
    const { events } = await commitNewReturn(store, at());

    await dispatcher.deliverNext();

    expect((await deliveryOf(events[0]!.id)).next_attempt_at).toBe(retryAt.getTime());
  });

  it("deliverNext - ignores Retry-After on a 500 (the schedule decides)", async () => {
    receiver.answer(() => ({ status: 500, headers: { "retry-after": "3600" } }));
    const dispatcher = await dispatcherFor({ retrySchedule: [0, 10, 10] });
    const { events } = await commitNewReturn(store, at());

    await dispatcher.deliverNext();

    expect((await deliveryOf(events[0]!.id)).next_attempt_at).toBe(clock.now() + 10);
  });

  it("deliverNext - a 410 disables the endpoint and stops its deliveries", async () => {
    const other = await anotherReceiver();
    receiver.answer(() => ({ status: 410 }));
    const dispatcher = await dispatcherFor({
      endpoints: [
        { url: receiver.url, secret: SECRET },
        { url: other.url, secret: SECRET },
      ],
    });
    await commitLifecycle(store, ["submit"], at());

    await deliverAll(dispatcher);
    await commitLifecycle(store, ["submit", "approve"], at());
    clock.advance(3_600_000);
    await deliverAll(dispatcher);

    expect(receiver.received).toHaveLength(1);
    expect(other.received).toHaveLength(5);
    const gone = (await dispatcher.listEndpoints()).find(
      (e) => e.kind === "webhook" && e.url === receiver.url,
    );
    expect(gone).toMatchObject({ enabled: false, disabled_reason: "410 Gone" });
  });

  it("registerEndpoint - re-enables an endpoint a 410 disabled; its waiting deliveries resume in order", async () => {
    receiver.answer(() => ({ status: 410 }));
    const dispatcher = await dispatcherFor();
    const { id } = await commitLifecycle(store, ["submit", "approve"], at());
    await deliverAll(dispatcher);
    receiver.answer(() => ({ status: 204 }));

    const endpoint = await dispatcher.registerEndpoint({ url: receiver.url, secret: SECRET });
    clock.advance(3_600_000);
    await deliverAll(dispatcher);

    expect(endpoint.enabled).toBe(true);
    expect(receiver.delivered().map(seqOf)).toEqual([1, 2, 3]);
    expect((await store.listDeliveries({ returnId: id })).map((d) => d.status)).toEqual([
      "delivered",
      "delivered",
      "delivered",
    ]);
  });
  it("registerEndpoint - after a 410, transitions committed while the endpoint was disabled are delivered in order once it recovers", async () => {
    receiver.answer(() => ({ status: 410 }));
    const dispatcher = await dispatcherFor();
    const { id } = await commitLifecycle(store, [], at());
    await deliverAll(dispatcher);
    // Disabled now; the return moves on meanwhile, and another one is created.
    for (const step of ["submit", "approve", "ship"] as const)
      await commitReturnEvent(store, id, step, at());
    const other = await commitLifecycle(store, ["submit"], at());
    clock.advance(3_600_000);
    await deliverAll(dispatcher);
    expect(receiver.received).toHaveLength(1);
    receiver.answer(() => ({ status: 204 }));

    await dispatcher.registerEndpoint({ url: receiver.url, secret: SECRET });
    await deliverAll(dispatcher);

    const of = (returnId: string) =>
      receiver
        .delivered()
        .filter((r) => returnIdOf(r) === returnId)
        .map(seqOf);
    expect(of(id)).toEqual([1, 2, 3, 4]);
    expect(of(other.id)).toEqual([1, 2]);
    expect(await store.listDeliveries({ status: "pending" })).toEqual([]);
  });

  it("deliverNext - a 410 on the last scheduled attempt keeps the event for when the endpoint returns", async () => {
    let gone = false;
    receiver.answer(() => ({ status: gone ? 410 : 500 }));
    const dispatcher = await dispatcherFor({ retrySchedule: [0, 1_000] });
    const { id } = await commitLifecycle(store, ["submit"], at());
    await deliverAll(dispatcher);
    gone = true;
    clock.advance(1_000);
    await deliverAll(dispatcher);
    expect(receiver.received).toHaveLength(2);
    receiver.answer(() => ({ status: 204 }));

    await dispatcher.registerEndpoint({ url: receiver.url, secret: SECRET });
    await deliverAll(dispatcher);

    expect(receiver.delivered().map(seqOf)).toEqual([1, 2]);
    expect((await store.listDeliveries({ returnId: id })).map((d) => d.status)).toEqual([
      "delivered",
      "delivered",
    ]);
  });
});

describe("order and concurrency", () => {
  it("deliverNext - keeps seq order per return while another return's events flow past a failing one", async () => {
    let stuckReturn = "";
    receiver.answer((request) =>
      returnIdOf(request) === stuckReturn ? { status: 500 } : { status: 204 },
    );
    const dispatcher = await dispatcherFor({ retrySchedule: [0, 1_000, 1_000, 1_000] });
    const stuck = await commitLifecycle(store, ["submit", "approve"], at());
    stuckReturn = stuck.id;
    const flowing = await commitLifecycle(store, ["submit", "approve", "ship"], at());

    await deliverAll(dispatcher);

    const of = (id: string) => receiver.received.filter((r) => returnIdOf(r) === id);
    expect(of(flowing.id).map(seqOf)).toEqual([1, 2, 3, 4]);
    // Only the head of the stuck return was tried; its later events wait behind it.
    expect(of(stuck.id).map(seqOf)).toEqual([1]);

    stuckReturn = "";
    clock.advance(1_000);
    await deliverAll(dispatcher);
    expect(
      receiver
        .delivered()
        .filter((r) => returnIdOf(r) === stuck.id)
        .map(seqOf),
    ).toEqual([1, 2, 3]);
  });

  it("deliverNext - attempts different returns concurrently, so a slow receiver answer holds back only its return", async () => {
    let answerSlow!: (answer: ReceiverAnswer) => void;
    const slowAnswer = new Promise<ReceiverAnswer>((resolve) => {
      answerSlow = resolve;
    });
    const slow = await commitNewReturn(store, at());
    const fast = await commitNewReturn(store, at());
    receiver.answer((request) => (returnIdOf(request) === slow.id ? slowAnswer : { status: 204 }));
    // Endpoints registered after the commits get no deliveries: register first.
    const dispatcher = await dispatcherFor({ endpoints: [] });
    await dispatcher.registerEndpoint({ url: receiver.url, secret: SECRET });
    const slowEvents = await commitReturnEvent(store, slow.id, "submit", at());
    const fastEvents = await commitReturnEvent(store, fast.id, "submit", at());

    const round = dispatcher.deliverNext();
    await vi.waitFor(async () =>
      expect((await deliveryOf(fastEvents[0]!.id)).status).toBe("delivered"),
    );
    const slowRequest = receiver.received.find((r) => r.id === slowEvents[0]!.id);
    expect(slowRequest?.answeredStatus).toBeUndefined();

    answerSlow({ status: 204 });
    expect(await round).toBe(2);
    expect((await deliveryOf(slowEvents[0]!.id)).status).toBe("delivered");
  });

  it("deliverNext - never has more attempts in flight than its concurrency", async () => {
    let open = 0;
    let mostOpen = 0;
    receiver.answer(async () => {
      open++;
      mostOpen = Math.max(mostOpen, open);
      await new Promise((resolve) => setTimeout(resolve, 5));
      open--;
      return { status: 204 };
    });
    const dispatcher = await dispatcherFor({ concurrency: 3 });
    for (let i = 0; i < 10; i++) await commitNewReturn(store, at());

    expect(await deliverAll(dispatcher)).toBe(10);
    expect(mostOpen).toBeLessThanOrEqual(3);
    expect(receiver.delivered()).toHaveLength(10);
  });
});

describe("manual redelivery", () => {
  async function deadEvent(dispatcher: WebhookDispatcher, endpoints = 1) {
    receiver.answer(() => ({ status: 500 }));
    const { events } = await commitNewReturn(store, at());
    for (let i = 0; i < 3; i++) {
      await dispatcher.deliverNext();
      clock.advance(2_000);
    }
    expect((await store.listDeliveries({ eventId: events[0]!.id, status: "dead" })).length).toBe(
      endpoints,
    );
    receiver.answer(() => ({ status: 204 }));
    return events[0]!;
  }

  it("redeliver - sends a dead-lettered event again under the same webhook-id", async () => {
    const dispatcher = await dispatcherFor();
    const event = await deadEvent(dispatcher);

    expect(await dispatcher.redeliver(event.id)).toEqual({ revived: 1, skipped: 0 });
    expect(await dispatcher.deliverNext()).toBe(1);

    expect((await deliveryOf(event.id)).status).toBe("delivered");
    expect(receiver.delivered().map((r) => r.id)).toEqual([event.id]);
  });

  it("redeliver - to one endpoint only when endpointId is given", async () => {
    const other = await anotherReceiver();
    other.answer(() => ({ status: 500 }));
    const dispatcher = await dispatcherFor({
      endpoints: [
        { url: receiver.url, secret: SECRET },
        { url: other.url, secret: SECRET },
      ],
    });
    const event = await deadEvent(dispatcher, 2);

    expect(
      await dispatcher.redeliver(event.id, { endpointId: endpointIdForUrl(receiver.url) }),
    ).toEqual({ revived: 1, skipped: 0 });
    await deliverAll(dispatcher);

    expect(receiver.delivered()).toHaveLength(1);
    expect(other.received).toHaveLength(3);
    expect((await deliveryOf(event.id, endpointIdForUrl(other.url))).status).toBe("dead");
  });

  it("recover - revives every delivery that died since a time, and none before it", async () => {
    const dispatcher = await dispatcherFor();
    const older = await deadEvent(dispatcher);
    clock.advance(60_000);
    const since = new Date(clock.now());
    const newer = await deadEvent(dispatcher);

    expect(await dispatcher.recover({ since })).toEqual({ revived: 1, skipped: 0 });
    await deliverAll(dispatcher);

    expect(receiver.delivered().map((r) => r.id)).toEqual([newer.id]);
    expect((await deliveryOf(older.id)).status).toBe("dead");
    expect(await dispatcher.recover({ since: new Date(0).toISOString() })).toEqual({
      revived: 1,
      skipped: 0,
    });
    await deliverAll(dispatcher);
    expect(receiver.delivered().map((r) => r.id)).toEqual([newer.id, older.id]);
  });
});

describe("endpoints", () => {
  it("ready - saves endpoints from options under an id derived from the URL, once across dispatchers", async () => {
    await dispatcherFor();
    await dispatcherFor();

    const endpoints = await store.listEndpoints();
    expect(endpoints).toHaveLength(1);
    expect(endpoints[0]).toMatchObject({
      id: endpointIdForUrl(receiver.url),
      url: receiver.url,
      secrets: [{ secret: SECRET, until: null }],
      types: null,
      enabled: true,
      managed_by: "options",
    });
  });

  it("ready - a restart keeps an endpoint a 410 disabled disabled", async () => {
    receiver.answer(() => ({ status: 410 }));
    const first = await dispatcherFor();
    await commitNewReturn(store, at());
    await first.deliverNext();

    const restarted = await dispatcherFor();

    expect((await restarted.listEndpoints())[0]).toMatchObject({
      enabled: false,
      disabled_reason: "410 Gone",
    });
  });

  it("registerEndpoint - an endpoint added at run time receives what is committed after it", async () => {
    const dispatcher = await dispatcherFor({ endpoints: [] });
    await commitNewReturn(store, at());

    const endpoint = await dispatcher.registerEndpoint({
      url: receiver.url,
      secret: SECRET,
      id: "ep_orders",
    });
    const { events } = await commitNewReturn(store, at());
    await deliverAll(dispatcher);

    expect(endpoint).toMatchObject({ id: "ep_orders", enabled: true });
    expect(await dispatcher.listEndpoints()).toEqual([endpoint]);
    expect(receiver.received.map((r) => r.id)).toEqual([events[0]!.id]);
  });

  it("removeEndpoint - stops deliveries to it, pending ones included", async () => {
    receiver.answer(() => ({ status: 500 }));
    const dispatcher = await dispatcherFor();
    const { id } = await commitNewReturn(store, at());
    await dispatcher.deliverNext();

    expect(await dispatcher.removeEndpoint(endpointIdForUrl(receiver.url))).toBe(true);
    await commitReturnEvent(store, id, "submit", at());
    clock.advance(60_000);

    expect(await dispatcher.deliverNext()).toBe(0);
    expect(await store.listDeliveries({ returnId: id, status: "pending" })).toEqual([]);
    expect(await dispatcher.listEndpoints()).toEqual([]);
    expect(await dispatcher.removeEndpoint(endpointIdForUrl(receiver.url))).toBe(false);
  });

  it("createWebhookDispatcher - rejects options it could not honour", () => {
    const make = (overrides: Partial<WebhookDispatcherOptions>) => () =>
      createWebhookDispatcher({ store, ...overrides });
    expect(make({ retrySchedule: [] })).toThrow(InvalidOptionsError);
    expect(make({ retrySchedule: [] })).toThrow(/retrySchedule: expected at least one/);
    expect(make({ retrySchedule: [1_000, 5_000] })).toThrow(/retrySchedule\[0\]/);
    expect(make({ retrySchedule: [5_000] })).toThrow(/first attempt is due/);
    expect(make({ retrySchedule: [0, -1] })).toThrow(/retrySchedule\[1\]: expected a non-negative/);
    expect(make({ retrySchedule: [0, Number.POSITIVE_INFINITY] })).toThrow(/retrySchedule\[1\]/);
    expect(make({ retrySchedule: [0, 10] })).not.toThrow();
    expect(make({ timeoutMs: 10_000, leaseMs: 5_000 })).toThrow(/leaseMs/);
    expect(make({ concurrency: 0 })).toThrow(/concurrency/);
    expect(make({ endpoints: [{ url: "ftp://example.com", secret: SECRET }] })).toThrow(/http/);
    expect(make({ endpoints: [{ url: receiver.url, secret: [] }] })).toThrow(/secret/);
    expect(
      make({
        endpoints: [{ url: receiver.url, secret: SECRET, types: ["return.shipped" as never] }],
      }),
    ).toThrow(/return.shipped/);
    expect(
      make({
        endpoints: [
          { url: receiver.url, secret: SECRET },
          { url: receiver.url, secret: SECRET, types: ["return.closed"] },
        ],
      }),
    ).toThrow(/configured twice/);
  });

  it("createWebhookDispatcher - every option is checked, naming it and what it expects", () => {
    const make = (options: Record<string, unknown>) => () =>
      createWebhookDispatcher({ store, ...options } as WebhookDispatcherOptions);
    expect(make({ timeoutMs: "15s" })).toThrow(
      'returnkit: invalid webhook dispatcher options: timeoutMs: expected a positive number (ms), got "15s"',
    );
    expect(make({ endpoints: [{ url: receiver.url }] })).toThrow(
      /endpoints\[0\]\.secret: expected a whsec_.*got undefined/,
    );
    expect(make({ random: 0.5, fetch: {}, onError: "log" })).toThrow(
      /random: expected a function, got 0.5; fetch: expected a function, got an object; onError: expected a function, got "log"/,
    );
    expect(make({ pollInterval: 1_000 })).toThrow(/pollInterval: unknown option/);
    expect(make({ logger: { warn: "loud" } })).toThrow(/logger\.warn: expected a function/);
    expect(make({ clock: { now: () => 5 } })).toThrow(
      /clock: expected a function returning epoch ms, such as Date.now, got an object/,
    );
    expect(make({ clock: Date })).toThrow(/clock: expected a function returning epoch ms/);
    expect(make({ clock: Date.now })).not.toThrow();
    expect(() => createWebhookDispatcher({ store: {} as ReturnsStore })).toThrow(
      /store: expected a returnkit store/,
    );
    // A pino logger (or a console) has more members than the four the dispatcher calls.
    expect(make({ logger: console })).not.toThrow();
  });

  it("registerEndpoint - an endpoint without a secret is refused, naming what is missing", async () => {
    const dispatcher = await dispatcherFor({ endpoints: [] });
    await expect(
      dispatcher.registerEndpoint({ url: receiver.url } as WebhookEndpointInput),
    ).rejects.toThrow(/secret: expected a whsec_/);
    expect(await dispatcher.listEndpoints()).toEqual([]);
  });

  it("registerEndpoint - more secrets than a receiver reads are refused, naming the bound", async () => {
    const dispatcher = await dispatcherFor({ endpoints: [] });
    const secrets = Array.from({ length: 9 }, () => generateWebhookSecret());
    await expect(
      dispatcher.registerEndpoint({ url: receiver.url, secret: secrets }),
    ).rejects.toThrow(/secret: expected at most 8 secrets/);
    expect(await dispatcher.listEndpoints()).toEqual([]);
    await dispatcher.registerEndpoint({ url: receiver.url, secret: secrets.slice(0, 8) });
    expect(await dispatcher.listEndpoints()).toHaveLength(1);
  });
  it("registerEndpoint - a URL inside the network or with credentials is refused as the API refuses it, and nothing is saved", async () => {
    const dispatcher = await dispatcherFor({ endpoints: [], allowedDestinations: [] });

    for (const [url, rule] of [
      [receiver.url, "loopback"],
      ["http://[fd00:ec2::254]/", "cloud-metadata"],
      ["https://alice:hunter2@hooks.example/in", "userinfo"],
    ]) {
      await expect(
        dispatcher.registerEndpoint({ url: url!, secret: SECRET }),
      ).rejects.toMatchObject({
        status: 422,
        slug: "webhook-destination-refused",
        extensions: { rule },
      });
    }
    expect(await dispatcher.listEndpoints()).toEqual([]);
  });
});

describe("the loop", () => {
  /** A started dispatcher on real time whose safety-net poll would never fire in a test. */
  async function started(overrides: Partial<WebhookDispatcherOptions> = {}) {
    const dispatcher = await dispatcherFor({
      clock: Date.now,
      pollIntervalMs: 3_600_000,
      ...overrides,
    });
    dispatcher.start();
    return dispatcher;
  }

  it("start - delivers a commit as soon as it happens, without waiting for a poll", async () => {
    let idle!: () => void;
    const asleep = new Promise<void>((resolve) => (idle = resolve));
    // The next poll is an hour away once the loop says it is idle: only the commit can wake it.
    const logger = {
      ...silentLogger,
      trace: (_fields: LogFields, message: string) => message.endsWith("idle") && idle(),
    };
    await started({ logger });
    await asleep;
    const { events } = await commitNewReturn(store);

    const request = await receiver.waitFor((r) => r.id === events[0]!.id);

    expect(request.payload).toEqual(events[0]!.payload);
    await vi.waitFor(async () =>
      expect((await deliveryOf(events[0]!.id)).status).toBe("delivered"),
    );
  });

  it("start - wakes for a retry when it is due, with no commit to prompt it", async () => {
    receiver.answer((request) => (request.index === 0 ? { status: 500 } : { status: 204 }));
    await started({ retrySchedule: [0, 50] });
    const { events } = await commitNewReturn(store);

    const retried = await receiver.waitFor((r) => r.answeredStatus === 204);

    expect(retried.id).toBe(events[0]!.id);
    await vi.waitFor(async () =>
      expect((await deliveryOf(events[0]!.id)).status).toBe("delivered"),
    );
  });

  it("start - delivers every return's events in order under load", async () => {
    const dispatcher = await started({ concurrency: 8 });
    const returns = await Promise.all(
      Array.from({ length: 20 }, () =>
        commitLifecycle(store, ["submit", "approve", "ship", "receive"]),
      ),
    );

    await dispatcher.drain();

    for (const { id } of returns) {
      expect(
        receiver
          .delivered()
          .filter((r) => returnIdOf(r) === id)
          .map(seqOf),
      ).toEqual([1, 2, 3, 4, 5]);
    }
    expect(receiver.received).toHaveLength(100);
  });

  it("drain - called just after start on a backlog, resolves only once all of it is delivered", async () => {
    const dispatcher = await dispatcherFor({ clock: Date.now, pollIntervalMs: 3_600_000 });
    for (let i = 0; i < 20; i++) await commitLifecycle(store, ["submit", "approve"]);

    // The loop and the drain claim side by side; the drain must not take the loop's claim
    // in flight for "nothing left".
    dispatcher.start();
    await dispatcher.drain();

    expect(await store.listDeliveries({ status: "pending" })).toEqual([]);
    expect(receiver.delivered()).toHaveLength(60);
  });

  it("wake - a running loop looks for work at once, so an endpoint enabled again is delivered to without waiting for a poll", async () => {
    const dispatcher = await dispatcherFor({ clock: Date.now, pollIntervalMs: 3_600_000 });
    const endpointId = endpointIdForUrl(receiver.url);
    await updateEndpoint(store, endpointId, { enabled: false });
    dispatcher.start();
    const { events } = await commitNewReturn(store);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(receiver.received).toEqual([]);

    await updateEndpoint(store, endpointId, { enabled: true });
    dispatcher.wake();

    await receiver.waitFor((r) => r.id === events[0]!.id);
  });

  it("stop - waits for the attempt in flight, records it, and delivers nothing afterwards", async () => {
    let answer!: (value: ReceiverAnswer) => void;
    receiver.answer(() => new Promise<ReceiverAnswer>((resolve) => (answer = resolve)));
    const dispatcher = await started();
    const { id, events } = await commitNewReturn(store);
    await receiver.waitFor((r) => r.id === events[0]!.id);

    let stopped = false;
    const stopping = dispatcher.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    answer({ status: 204 });
    await stopping;

    expect((await deliveryOf(events[0]!.id)).status).toBe("delivered");
    await commitReturnEvent(store, id, "submit");
    await new Promise((resolve) => setImmediate(resolve));
    expect(receiver.received).toHaveLength(1);
    expect(await store.listDeliveries({ returnId: id, status: "pending" })).toHaveLength(1);
  });

  it("stop - leaves no timer behind", async () => {
    const timers = () =>
      process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length;
    const before = timers();
    receiver.answer((request) => (request.index === 0 ? { status: 500 } : { status: 204 }));
    const dispatcher = await started({ retrySchedule: [0, 60_000] });
    await commitNewReturn(store);
    await receiver.waitFor(() => true);
    await vi.waitFor(async () =>
      expect((await store.listDeliveries({}))[0]?.attempts).toHaveLength(1),
    );

    await dispatcher.stop();

    // Other tests' leftovers may end meanwhile, so "no more than before", not "as many".
    expect(timers()).toBeLessThanOrEqual(before);
  });

  it("drain - refills a slot as soon as its attempt ends, so a slow answer holds up only its own return", async () => {
    let answerSlow!: (answer: ReceiverAnswer) => void;
    const slowAnswer = new Promise<ReceiverAnswer>((resolve) => {
      answerSlow = resolve;
    });
    const dispatcher = await dispatcherFor({ concurrency: 2 });
    const slow = await commitNewReturn(store, at());
    const fast = await commitLifecycle(store, ["submit", "approve", "ship"], at());
    receiver.answer((request) => (returnIdOf(request) === slow.id ? slowAnswer : { status: 204 }));

    const draining = dispatcher.drain();

    // All four of the other return's events go through the second slot, one after another,
    // while the first slot waits; a drain that claimed batch by batch would wait with it.
    await vi.waitFor(async () =>
      expect((await deliveryOf(fast.events.at(-1)!.id)).status).toBe("delivered"),
    );
    expect(receiver.received.find((r) => returnIdOf(r) === slow.id)?.answeredStatus).toBe(
      undefined,
    );
    answerSlow({ status: 204 });
    await draining;
    expect((await deliveryOf(slow.events[0]!.id)).status).toBe("delivered");
  });

  it("drain - resolves once everything due is delivered, leaving later retries scheduled", async () => {
    let failing = "";
    receiver.answer((request) =>
      returnIdOf(request) === failing ? { status: 500 } : { status: 204 },
    );
    const dispatcher = await dispatcherFor();
    const ok = await commitLifecycle(store, ["submit", "approve"], at());
    const bad = await commitNewReturn(store, at());
    failing = bad.id;

    await dispatcher.drain();

    expect((await store.listDeliveries({ returnId: ok.id })).map((d) => d.status)).toEqual([
      "delivered",
      "delivered",
      "delivered",
    ]);
    expect(await store.listDeliveries({ returnId: bad.id })).toMatchObject([
      { status: "pending", attempt_count: 1 },
    ]);
  });
});

describe("failures of the store", () => {
  it("start - reports a failing claim to onError and keeps delivering", async () => {
    const onError = vi.fn();
    const claimDeliveries = vi
      .fn(store.claimDeliveries)
      .mockRejectedValueOnce(new Error("database unavailable"));
    store = { ...store, claimDeliveries };
    const dispatcher = await dispatcherFor({ clock: Date.now, pollIntervalMs: 20, onError });
    const { events } = await commitNewReturn(store);

    dispatcher.start();
    await receiver.waitFor((r) => r.id === events[0]!.id);

    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ message: "database unavailable" }),
      expect.objectContaining({
        source: "dispatcher",
        operation: "claim",
        dispatcherId: dispatcher.id,
      }),
    );
    await vi.waitFor(async () =>
      expect((await deliveryOf(events[0]!.id)).status).toBe("delivered"),
    );
  });

  it("deliverNext - an attempt the store failed to record is sent again once the lease runs out", async () => {
    const onError = vi.fn();
    const recordDeliveryAttempt = vi
      .fn(store.recordDeliveryAttempt)
      .mockRejectedValueOnce(new Error("connection lost"));
    store = { ...store, recordDeliveryAttempt };
    const dispatcher = await dispatcherFor({ onError, timeoutMs: 500, leaseMs: 1_000 });
    const { events } = await commitNewReturn(store, at());

    expect(await dispatcher.deliverNext()).toBe(1);
    expect(await dispatcher.deliverNext()).toBe(0);
    clock.advance(1_000);
    expect(await dispatcher.deliverNext()).toBe(1);

    expect(onError).toHaveBeenCalledWith(
      expect.any(Error),
      expect.objectContaining({ operation: "record_attempt" }),
    );
    expect(receiver.received.map((r) => r.id)).toEqual([events[0]!.id, events[0]!.id]);
    expect((await deliveryOf(events[0]!.id)).status).toBe("delivered");
  });
});
