/**
 * @module testing/cases/subscribers — subscribers run by a dispatcher over the store under
 * test: order per return, retries, dead letters, redelivery, and processes that do not run
 * a subscriber leaving its deliveries alone. The guarantees are the pair's: the store hands
 * out the deliveries, the dispatcher calls `handle`.
 */

import type { ReturnsStore } from "@returnkit/core";
import {
  createWebhookDispatcher,
  type Subscriber,
  type SubscriberEvent,
  type WebhookDispatcher,
  type WebhookDispatcherOptions,
} from "@returnkit/core";
import { afterEach, describe, expect, it } from "vitest";
import { T0 } from "../fixtures";
import { advanceReturn, type Committed, createReturn, type StoreSubject } from "../subject";

/** Later than every event the fixtures commit, so all of them are due. */
const START = T0 + 60_000;
const RETRY_MS = 1_000;

/** A return with `steps` transitions after its creation; resolves with its events' ids. */
async function returnWithEvents(store: ReturnsStore, steps: number): Promise<string[]> {
  const lifecycle = ["submit", "approve", "ship", "receive", "grade", "close"] as const;
  let committed: Committed = await createReturn(store);
  const ids = committed.events.map((e) => e.id);
  for (const step of lifecycle.slice(0, steps)) {
    committed = await advanceReturn(store, committed.stored, step);
    ids.push(...committed.events.map((e) => e.id));
  }
  return ids;
}

async function deliverAll(dispatcher: WebhookDispatcher): Promise<number> {
  let total = 0;
  for (let made = await dispatcher.deliverNext(); made > 0; made = await dispatcher.deliverNext())
    total += made;
  return total;
}

export function describeSubscribers(subject: StoreSubject): void {
  describe("subscribers", () => {
    let now = START;
    const opened: WebhookDispatcher[] = [];

    /** A dispatcher on the case's clock, without jitter; stopped after the case, store kept. */
    async function dispatcherWith(
      subscribers: Subscriber[],
      options: Partial<WebhookDispatcherOptions> = {},
    ): Promise<WebhookDispatcher> {
      const dispatcher = createWebhookDispatcher({
        store: subject.store,
        clock: () => now,
        random: () => 0.5,
        retrySchedule: [0, RETRY_MS],
        subscribers,
        ...options,
      });
      opened.push(dispatcher);
      await dispatcher.ready;
      return dispatcher;
    }

    afterEach(async () => {
      now = START;
      for (const dispatcher of opened.splice(0)) await dispatcher.stop();
    });

    it("subscribers - handle gets every return's events in seq order, each once when it succeeds", async () => {
      const handled: SubscriberEvent[] = [];
      const dispatcher = await dispatcherWith([
        { name: "refunds", handle: (event) => void handled.push(event) },
      ]);
      const first = await returnWithEvents(subject.store, 3);
      const second = await returnWithEvents(subject.store, 2);

      await deliverAll(dispatcher);

      const handledIds = handled.map((e) => e.id);
      expect(handledIds.filter((id) => first.includes(id))).toEqual(first);
      expect(handledIds.filter((id) => second.includes(id))).toEqual(second);
      expect(handledIds).toHaveLength(first.length + second.length);
      for (const returnId of new Set(handled.map((e) => e.return_id))) {
        const seqs = handled.filter((e) => e.return_id === returnId).map((e) => e.seq);
        expect(seqs).toEqual([...seqs].sort((a, b) => a! - b!));
      }
    });

    it("subscribers - a throw is retried on the schedule, and the return's later events wait for it", async () => {
      const handled: string[] = [];
      let failures = 1;
      const dispatcher = await dispatcherWith([
        {
          name: "refunds",
          handle(event) {
            if (failures-- > 0) throw new Error("refund service unavailable");
            handled.push(event.id);
          },
        },
      ]);
      const events = await returnWithEvents(subject.store, 1);

      expect(await dispatcher.deliverNext()).toBe(1);
      expect(await dispatcher.deliverNext()).toBe(0);
      now += RETRY_MS;
      await deliverAll(dispatcher);

      expect(handled).toEqual(events);
      const [retried] = await subject.store.listDeliveries({ eventId: events[0]! });
      expect(retried).toMatchObject({ status: "delivered", attempt_count: 2 });
      expect(retried!.attempts.map((a) => [a.status, a.error])).toEqual([
        [null, "refund service unavailable"],
        [null, null],
      ]);
    });

    it("subscribers - dead-lettered after the schedule without holding back later events; redeliver runs it again", async () => {
      const handled: string[] = [];
      const refused = new Set<string>();
      const dispatcher = await dispatcherWith(
        [
          {
            name: "refunds",
            async handle(event) {
              if (refused.has(event.id)) throw new Error("rejected by the ledger");
              handled.push(event.id);
            },
          },
        ],
        { retrySchedule: [0] },
      );
      const [first, second] = await returnWithEvents(subject.store, 1);
      refused.add(first!);

      await deliverAll(dispatcher);

      expect(handled).toEqual([second]);
      const [dead] = await subject.store.listDeliveries({ eventId: first! });
      expect(dead).toMatchObject({ status: "dead", attempt_count: 1 });
      expect(dead!.attempts[0]!.error).toBe("rejected by the ledger");

      refused.clear();
      expect(await dispatcher.redeliver(first!, { endpointId: "sub_refunds" })).toEqual({
        revived: 1,
        skipped: 0,
      });
      await deliverAll(dispatcher);

      expect(handled).toEqual([second, first]);
      expect(await subject.store.listDeliveries({ status: "dead" })).toEqual([]);
    });

    it("subscribers - a dispatcher that does not run the subscriber leaves its deliveries alone", async () => {
      const handled: string[] = [];
      const runner = await dispatcherWith([
        { name: "refunds", handle: (event) => void handled.push(event.id) },
      ]);
      const events = await returnWithEvents(subject.store, 2);
      const before = await subject.store.listDeliveries({ status: "pending" });
      // With nothing it may take, it neither attempts nor fails them, nor waits on them.
      const other = await dispatcherWith([], { retrySchedule: [0] });

      expect(await other.deliverNext()).toBe(0);
      await other.drain({ timeoutMs: 5_000 });

      expect(await subject.store.listDeliveries({ status: "pending" })).toEqual(before);
      expect(before).toHaveLength(events.length);
      await deliverAll(runner);
      expect(handled).toEqual(events);
    });
  });
}
