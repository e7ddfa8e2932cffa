/**
 * 1,000 returns driven through random valid lifecycles by the service while the receiver
 * fails 30 % of requests (500s, timeouts, reset connections): every committed transition
 * must arrive, in order per return, and no event a receiver already took with a 2xx may
 * arrive again.
 */
import {
  allowedEventsIn,
  createReturnsService,
  generateWebhookSecret,
  memoryStore,
  type Principal,
  type ReturnEvent,
  type ReturnsStore,
} from "@returnkit/core";
import { afterEach, expect, it, vi } from "vitest";
import { type FlakyReceiver, startFlakyReceiver } from "./test-support/flaky-receiver";

const RETURNS = 1_000;
/** Returns driven at the same time. */
const DRIVERS = 50;
/** Flag/unflag can go round forever; a walk stops after this many events. */
const MAX_STEPS = 12;
const FAILURE_RATE = 0.3;
const SEED = 20_261_122;

const portal: Principal = { kind: "portal", id: "cus_1", scopes: ["portal:returns.write"] };
const merchant: Principal = { kind: "merchant", id: "staff_1", scopes: ["merchant:returns.write"] };
const REASONS = ["TOO_SMALL", "TOO_LARGE_AT_WAIST", "DAMAGED", "CHANGED_MIND"];

let receiver: FlakyReceiver | undefined;
let close: (() => Promise<void>) | undefined;

afterEach(async () => {
  await close?.();
  await receiver?.close();
});

/** mulberry32: a seeded generator, so a failing run can be replayed. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

it("dispatcher - delivers every transition of 1,000 random lifecycles once and in order through a receiver failing 30 % of requests", async () => {
  const random = seeded(SEED + 1);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  receiver = await startFlakyReceiver({ failureRate: FAILURE_RATE, seed: SEED });
  const store: ReturnsStore = memoryStore();
  const service = createReturnsService({
    store,
    idempotency: { required: false },
    webhooks: {
      endpoints: [{ url: receiver.url, secret: generateWebhookSecret() }],
      allowedDestinations: [new URL(receiver.url).hostname],
      // Long enough that 15 failures in a row (0.3^15) never happen; short enough for a test.
      retrySchedule: [0, 10, 20, 40, 80, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100],
      // Generous, so that only the receiver's own silence times out, never a busy test process:
      // on a starved CI core a 204 that arrives after the timeout is, correctly, retried, and
      // the receiver would then see that webhook-id answered twice.
      timeoutMs: 6_000,
      concurrency: 128,
    },
  });
  close = () => service.close();
  service.dispatcher.start();

  async function walk(index: number): Promise<string> {
    const created = await service.createReturn(
      {
        order_id: `ord_${index}`,
        line: { sku: "SKU-1", quantity: 1, size: "M" },
        reason: pick(REASONS),
        resolution: "REFUND",
      },
      { principal: portal },
    );
    const id = created.record.id;
    let state = created.record.state;
    for (let step = 0; step < MAX_STEPS; step++) {
      const allowed = [...allowedEventsIn(state, "portal"), ...allowedEventsIn(state, "merchant")];
      if (allowed.length === 0) break;
      const event: ReturnEvent = pick(allowed);
      const result =
        event === "update"
          ? await service.updateDraft(id, { reason: pick(REASONS) }, { principal: portal })
          : event === "submit"
            ? await service.submit(id, {}, { principal: portal })
            : event === "cancel"
              ? await service.cancel(id, {}, { principal: portal })
              : await service.advance(id, event, {}, { principal: merchant });
      state = result.record.state;
    }
    return id;
  }

  const ids: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: DRIVERS }, async () => {
      while (next < RETURNS) ids.push(await walk(next++));
    }),
  );

  await vi.waitFor(
    async () => expect(await store.listDeliveries({ status: "pending" })).toHaveLength(0),
    { timeout: 90_000, interval: 200 },
  );
  await service.dispatcher.stop();

  expect(await store.listDeliveries({ status: "dead" })).toHaveLength(0);
  const requests = await receiver.requests();
  const accepted = requests.filter((request) => request.answer === 204);
  const acceptedCount = new Map<string, number>();
  const acceptedByReturn = new Map<string, string[]>();
  for (const request of accepted) {
    acceptedCount.set(request.id, (acceptedCount.get(request.id) ?? 0) + 1);
    acceptedByReturn.set(request.returnId, [
      ...(acceptedByReturn.get(request.returnId) ?? []),
      request.id,
    ]);
  }
  let committed = 0;
  for (const id of ids) {
    const events = await store.listEvents(id);
    committed += events.length;
    // Every event accepted once, in the order the commits wrote them (seq order).
    expect(acceptedByReturn.get(id)).toEqual(events.map((event) => event.id));
    // Every event here records a transition, so each has its seq.
    const seqs = events.map((event) => event.seq!);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
  }
  expect([...acceptedCount.values()].filter((count) => count !== 1)).toEqual([]);
  expect(acceptedCount.size).toBe(committed);
  // The receiver really did fail its share, in all three ways.
  const failures = requests.filter((request) => request.answer !== 204);
  expect(failures.length / requests.length).toBeGreaterThan(0.2);
  expect(new Set(failures.map((request) => request.answer))).toEqual(
    new Set([500, "hang", "reset"]),
  );
}, 150_000);
