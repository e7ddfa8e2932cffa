import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { memoryStore } from "../store/memory/memory-store";
import type { OutboxEvent, ReturnsStore } from "../store/types";
import { InvalidOptionsError } from "../util/option-checks";
import {
  createWebhookDispatcher,
  type WebhookDispatcher,
  type WebhookDispatcherOptions,
} from "./dispatcher";
import { generateWebhookSecret } from "./signer";
import type { Subscriber, SubscriberEvent } from "./subscribers";
import { commitLifecycle, createTestClock, type TestClock } from "./test-support/returns";

let store: ReturnsStore;
let clock: TestClock;
const opened: WebhookDispatcher[] = [];

beforeEach(() => {
  store = memoryStore();
  clock = createTestClock();
});

afterEach(async () => {
  for (const dispatcher of opened.splice(0)) await dispatcher.stop();
});

/** A dispatcher on the test clock, without jitter, running `subscribers`. */
async function dispatcherWith(
  subscribers: Subscriber[],
  overrides: Partial<WebhookDispatcherOptions> = {},
): Promise<WebhookDispatcher> {
  const dispatcher = createWebhookDispatcher({
    store,
    clock: clock.now,
    random: () => 0.5,
    retrySchedule: [0, 1_000],
    subscribers,
    ...overrides,
  });
  opened.push(dispatcher);
  // Deliveries are created at commit for the endpoints that exist then.
  await dispatcher.ready;
  return dispatcher;
}

/** A subscriber that keeps what it is handed. */
function recording(name: string, types?: Subscriber["types"]) {
  const handled: SubscriberEvent[] = [];
  const subscriber: Subscriber = {
    name,
    types,
    handle(event) {
      handled.push(event);
    },
  };
  return { subscriber, handled };
}

/** What `handle` must receive for an outbox event: the webhook's id, type, return, seq and body. */
const asHandled = ({ id, type, return_id, subject, seq, payload, request_id }: OutboxEvent) => ({
  id,
  type,
  return_id,
  subject,
  seq,
  payload,
  request_id,
});

async function deliverAll(dispatcher: WebhookDispatcher): Promise<number> {
  let total = 0;
  for (let made = await dispatcher.deliverNext(); made > 0; made = await dispatcher.deliverNext())
    total += made;
  return total;
}

describe("subscribers", () => {
  it("deliverNext - hands each event to handle as the webhook carries it, in seq order per return", async () => {
    const { subscriber, handled } = recording("refunds");
    const dispatcher = await dispatcherWith([subscriber]);
    const first = await commitLifecycle(store, ["submit", "approve"], { at: clock.now() });
    const second = await commitLifecycle(store, ["submit"], { at: clock.now() });

    await deliverAll(dispatcher);

    const of = (returnId: string) => handled.filter((e) => e.return_id === returnId);
    expect(of(first.id)).toEqual(first.events.map(asHandled));
    expect(of(second.id)).toEqual(second.events.map(asHandled));
    expect(handled[0]!.payload.data.return.id).toBe(first.id);
    const deliveries = await store.listDeliveries({ returnId: first.id });
    expect(deliveries.map((d) => [d.endpoint_id, d.status])).toEqual(
      first.events.map(() => ["sub_refunds", "delivered"]),
    );
    expect(deliveries[0]!.attempts).toEqual([
      {
        at: new Date(clock.now()).toISOString(),
        status: null,
        error: null,
        duration_ms: expect.any(Number),
      },
    ]);
  });

  it("deliverNext - hands a subscriber only the event types it asked for", async () => {
    const { subscriber, handled } = recording("closures", ["return.approved"]);
    const dispatcher = await dispatcherWith([subscriber]);
    const { events } = await commitLifecycle(store, ["submit", "approve"], { at: clock.now() });

    await deliverAll(dispatcher);

    expect(handled).toEqual([asHandled(events[2]!)]);
  });

  it("deliverNext - a throw, sync or async, is a failed attempt recorded with its error and retried", async () => {
    const failures: Array<() => unknown> = [
      () => {
        throw new Error("payment provider down");
      },
      () => Promise.reject("not an Error"),
    ];
    const handled: string[] = [];
    const dispatcher = await dispatcherWith([
      {
        name: "refunds",
        handle(event) {
          const fail = failures.shift();
          if (fail) return fail() as Promise<void>;
          handled.push(event.id);
        },
      },
    ]);
    const { events } = await commitLifecycle(store, [], { at: clock.now() });

    expect(await dispatcher.deliverNext()).toBe(1);
    clock.advance(1_000);
    expect(await dispatcher.deliverNext()).toBe(1);

    const [dead] = await store.listDeliveries({ eventId: events[0]!.id });
    expect(dead).toMatchObject({ status: "dead", attempt_count: 2 });
    expect(dead!.attempts.map((a) => [a.status, a.error])).toEqual([
      [null, "payment provider down"],
      [null, "not an Error"],
    ]);
    expect(handled).toEqual([]);
  });

  it("deliverNext - cuts off a handler that never settles at timeoutMs, as a failed attempt", async () => {
    const dispatcher = await dispatcherWith(
      [{ name: "stuck", handle: () => new Promise<void>(() => {}) }],
      { timeoutMs: 50 },
    );
    const { events } = await commitLifecycle(store, [], { at: clock.now() });

    expect(await dispatcher.deliverNext()).toBe(1);

    const [delivery] = await store.listDeliveries({ eventId: events[0]!.id });
    expect(delivery).toMatchObject({ status: "pending", attempt_count: 1 });
    expect(delivery!.attempts[0]!.error).toBe("timeout: handle did not settle within 50 ms");
  });

  it("ready - saves each subscriber as an endpoint beside the webhooks, keeping when it was first saved", async () => {
    const webhook = { url: "https://shop.example/hooks", secret: generateWebhookSecret() };
    await dispatcherWith([recording("refunds", ["return.closed"]).subscriber], {
      endpoints: [webhook],
    });
    const [saved] = (await store.listEndpoints()).filter((e) => e.kind === "subscriber");
    clock.advance(60_000);

    const again = await dispatcherWith([recording("refunds").subscriber]);

    expect(saved).toEqual({
      kind: "subscriber",
      id: "sub_refunds",
      types: ["return.closed"],
      enabled: true,
      disabled_reason: null,
      created_at: new Date(clock.now() - 60_000).toISOString(),
    });
    const endpoints = await again.listEndpoints();
    expect(endpoints.map((e) => e.kind).sort()).toEqual(["subscriber", "webhook"]);
    expect(endpoints.find((e) => e.kind === "subscriber")).toEqual({ ...saved, types: null });
  });

  it("createWebhookDispatcher - checks every subscriber, naming what it expects", () => {
    const make = (subscribers: unknown) => () =>
      createWebhookDispatcher({ store, subscribers: subscribers as Subscriber[] });
    const handle = () => {};

    expect(make([{ name: "refunds", handle }])).not.toThrow();
    expect(make({ name: "refunds", handle })).toThrow(/subscribers: expected an array/);
    expect(make([{ name: "Refunds!", handle }])).toThrow(InvalidOptionsError);
    expect(make([{ name: "Refunds!", handle }])).toThrow(/subscribers\[0\]\.name: expected a name/);
    expect(make([{ name: "x".repeat(64), handle }])).toThrow(/subscribers\[0\]\.name/);
    expect(make([{ name: "refunds" }])).toThrow(/subscribers\[0\]\.handle: expected a function/);
    expect(make([{ name: "refunds", handle, types: ["return.shipped"] }])).toThrow(
      /subscribers\[0\]\.types\[0\]: expected one of/,
    );
    expect(make([{ name: "refunds", handle, retry: 3 }])).toThrow(
      /subscribers\[0\]\.retry: unknown option/,
    );
    expect(
      make([
        { name: "refunds", handle },
        { name: "refunds", handle },
      ]),
    ).toThrow(
      /subscribers\[1\]: expected each subscriber name once, but refunds is also subscribers\[0\]/,
    );
  });

  it("registerEndpoint - refuses a webhook id a subscriber's endpoint could have", async () => {
    const dispatcher = await dispatcherWith([]);

    await expect(
      dispatcher.registerEndpoint({
        id: "sub_refunds",
        url: "https://shop.example/hooks",
        secret: generateWebhookSecret(),
      }),
    ).rejects.toThrow(/id: expected .*not starting with sub_/);
  });
});
