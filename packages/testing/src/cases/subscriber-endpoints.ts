/**
 * @module testing/cases/subscriber-endpoints — subscriber endpoints in the store: fanned out
 * to like webhook endpoints, but claimed only by a caller that runs the subscriber.
 */

import type { ReturnsStore } from "@returnkit/core";
import type { ClaimedDelivery, DeliveryOutcome } from "@returnkit/core/store";
import { describe, expect, it } from "vitest";
import { makeDeliveryAttempt, makeEndpoint, makeSubscriberEndpoint, T0 } from "../fixtures";
import { advanceReturn, claimDue, createReturn, type StoreSubject } from "../subject";

function record(
  store: ReturnsStore,
  claimed: ClaimedDelivery,
  outcome: DeliveryOutcome,
  at: number,
) {
  return store.recordDeliveryAttempt({
    deliveryId: claimed.delivery.id,
    dispatcherId: "d1",
    // What a failed or successful call of `handle` records: no HTTP status.
    attempt: {
      ...makeDeliveryAttempt(at, null),
      error: outcome.kind === "delivered" ? null : "boom",
    },
    outcome,
  });
}

const eventIds = (claimed: ClaimedDelivery[]) => claimed.map((c) => c.event.id);

export function describeSubscriberEndpoints(subject: StoreSubject): void {
  describe("subscriber endpoints", () => {
    it("saveEndpoint - keeps a subscriber endpoint, without url or secrets, beside webhook endpoints", async () => {
      const webhook = makeEndpoint();
      const subscriber = makeSubscriberEndpoint({ types: ["return.closed"] });
      await subject.store.saveEndpoint(webhook);
      await subject.store.saveEndpoint(subscriber);

      const listed = await subject.store.listEndpoints();

      expect(listed.sort((a, b) => (a.id < b.id ? -1 : 1))).toEqual(
        [webhook, subscriber].sort((a, b) => (a.id < b.id ? -1 : 1)),
      );
    });

    it("commit - creates one pending delivery per subscriber endpoint whose types match", async () => {
      const all = makeSubscriberEndpoint();
      const closedOnly = makeSubscriberEndpoint({ types: ["return.closed"] });
      const webhook = makeEndpoint();
      for (const endpoint of [all, closedOnly, webhook]) await subject.store.saveEndpoint(endpoint);

      const { events } = await createReturn(subject.store);

      const deliveries = await subject.store.listDeliveries({ eventId: events[0]!.id });
      expect(deliveries.map((d) => d.endpoint_id).sort()).toEqual([all.id, webhook.id].sort());
      for (const delivery of deliveries)
        expect(delivery).toMatchObject({ status: "pending", attempt_count: 0, attempts: [] });
    });

    it("claimDeliveries - hands a subscriber's deliveries only to a caller that names it", async () => {
      const webhook = makeEndpoint();
      const refunds = makeSubscriberEndpoint();
      const exchanges = makeSubscriberEndpoint();
      for (const endpoint of [webhook, refunds, exchanges])
        await subject.store.saveEndpoint(endpoint);
      await createReturn(subject.store);

      // A caller without subscribers gets the webhook's, however small its limit.
      const plain = await claimDue(subject.store, T0, { limit: 1 });
      const named = await claimDue(subject.store, T0, { subscribers: [refunds.id] });
      const other = await claimDue(subject.store, T0, { subscribers: ["sub_not_here"] });

      expect(plain.map((c) => c.endpoint)).toEqual([webhook]);
      expect(named.map((c) => c.endpoint)).toEqual([refunds]);
      expect(other).toEqual([]);
      expect(
        (await claimDue(subject.store, T0, { subscribers: [exchanges.id] })).map(
          (c) => c.endpoint.id,
        ),
      ).toEqual([exchanges.id]);
    });

    it("claimDeliveries - a caller without the subscriber leaves its deliveries as they were", async () => {
      const refunds = makeSubscriberEndpoint();
      await subject.store.saveEndpoint(refunds);
      const { events } = await createReturn(subject.store);
      const before = await subject.store.listDeliveries({ eventId: events[0]!.id });

      expect(await claimDue(subject.store, T0 + 60_000)).toEqual([]);

      expect(await subject.store.listDeliveries({ eventId: events[0]!.id })).toEqual(before);
      // Not leased either: the caller that runs it claims it at once.
      expect(
        eventIds(await claimDue(subject.store, T0 + 60_000, { subscribers: [refunds.id] })),
      ).toEqual([events[0]!.id]);
    });

    it("claimDeliveries - a subscriber gets a return's events in order, retried and dead-lettered like a webhook's", async () => {
      const refunds = makeSubscriberEndpoint();
      await subject.store.saveEndpoint(refunds);
      const created = await createReturn(subject.store);
      const submitted = await advanceReturn(subject.store, created.stored, "submit");
      const approved = await advanceReturn(subject.store, submitted.stored, "approve");
      const subscribers = [refunds.id];

      const [first, ...rest] = await claimDue(subject.store, T0, { subscribers });
      expect(rest).toEqual([]);
      await record(subject.store, first!, { kind: "retry", next_attempt_at: T0 + 5_000 }, T0);
      expect(await claimDue(subject.store, T0 + 4_999, { subscribers })).toEqual([]);
      const [again] = await claimDue(subject.store, T0 + 5_000, { subscribers });
      await record(subject.store, again!, { kind: "dead" }, T0 + 5_000);
      const [second] = await claimDue(subject.store, T0 + 5_000, { subscribers });
      await record(subject.store, second!, { kind: "delivered" }, T0 + 5_000);
      const [third] = await claimDue(subject.store, T0 + 5_000, { subscribers });

      expect([first, again, second, third].map((c) => c!.event.id)).toEqual([
        created.events[0]!.id,
        created.events[0]!.id,
        submitted.events[0]!.id,
        approved.events[0]!.id,
      ]);
      const [dead] = await subject.store.listDeliveries({ eventId: created.events[0]!.id });
      expect(dead).toMatchObject({
        status: "dead",
        attempt_count: 2,
        attempts: [
          { status: null, error: "boom" },
          { status: null, error: "boom" },
        ],
      });
    });

    it("redeliver - revives a subscriber's dead delivery for the caller that runs it", async () => {
      const refunds = makeSubscriberEndpoint();
      await subject.store.saveEndpoint(refunds);
      const { events } = await createReturn(subject.store);
      const [claimed] = await claimDue(subject.store, T0, { subscribers: [refunds.id] });
      await record(subject.store, claimed!, { kind: "dead" }, T0);

      const revived = await subject.store.redeliver({
        eventId: events[0]!.id,
        endpointId: refunds.id,
        now: T0 + 1_000,
      });

      expect(revived).toEqual({ revived: 1, skipped: 0 });
      expect(await claimDue(subject.store, T0 + 1_000)).toEqual([]);
      const [again] = await claimDue(subject.store, T0 + 1_000, { subscribers: [refunds.id] });
      expect(again!.delivery).toMatchObject({ event_id: events[0]!.id, attempt_count: 0 });
    });

    it("nextDeliveryDueAt - counts a subscriber's deliveries only for a caller that names it", async (ctx) => {
      if (!subject.store.nextDeliveryDueAt)
        return ctx.skip("the store does not implement nextDeliveryDueAt");
      const refunds = makeSubscriberEndpoint();
      await subject.store.saveEndpoint(refunds);
      await createReturn(subject.store, { at: T0 + 5_000 });

      // A process without it must not be woken for work it may not take: it would spin.
      expect(await subject.store.nextDeliveryDueAt(T0)).toBeNull();
      expect(await subject.store.nextDeliveryDueAt(T0, ["sub_not_here"])).toBeNull();
      expect(await subject.store.nextDeliveryDueAt(T0, [refunds.id])).toBe(T0 + 5_000);
    });
  });
}
