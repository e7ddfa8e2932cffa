/**
 * @module testing/cases/delivery-claims — claimDeliveries: a due delivery under a lease, one head
 * per (return, endpoint) pair, at most `limit`, never to two claimers, never a removed endpoint's.
 */

import { describe, expect, it } from "vitest";
import { T0 } from "../fixtures";
import { claimDue, createReturn, LEASE_MS, type StoreSubject } from "../subject";
import {
  eventIds,
  outlastShortLease,
  record,
  returnWithEvents,
  SHORT_LEASE_MS,
  withEndpoint,
} from "./delivery-fixtures";

/** Claims: leases, per-pair order and limits. */
export function describeDeliveryClaims(subject: StoreSubject): void {
  describe("claimDeliveries", () => {
    it("claimDeliveries - claims a due delivery with its event and endpoint", async () => {
      const endpoint = await withEndpoint(subject.store);
      const { events } = await createReturn(subject.store);

      const claimed = await claimDue(subject.store, T0);

      expect(claimed).toHaveLength(1);
      expect(claimed[0]!.event).toEqual(events[0]);
      expect(claimed[0]!.endpoint).toEqual(endpoint);
      expect(claimed[0]!.delivery).toMatchObject({
        event_id: events[0]!.id,
        endpoint_id: endpoint.id,
        status: "pending",
      });
    });

    it("claimDeliveries - hands out only the earliest pending delivery of a (return, endpoint) pair", async () => {
      await withEndpoint(subject.store);
      const a = await returnWithEvents(subject.store, 3);
      const b = await returnWithEvents(subject.store, 1);

      const claimed = await claimDue(subject.store, T0 + 60_000);

      expect(eventIds(claimed).sort()).toEqual([a.events[0]!.id, b.events[0]!.id].sort());
    });

    it("claimDeliveries - keeps (return, endpoint) pairs independent", async () => {
      const first = await withEndpoint(subject.store);
      const second = await withEndpoint(subject.store);
      const { events } = await returnWithEvents(subject.store, 2);

      const claimed = await claimDue(subject.store, T0 + 60_000);

      expect(claimed.map((c) => [c.event.id, c.endpoint.id]).sort()).toEqual(
        [
          [events[0]!.id, first.id],
          [events[0]!.id, second.id],
        ].sort(),
      );
    });

    it("claimDeliveries - does not claim a delivery before next_attempt_at", async () => {
      await withEndpoint(subject.store);
      await createReturn(subject.store, { at: T0 + 5_000 });

      expect(await claimDue(subject.store, T0 + 4_999)).toEqual([]);
      expect(await claimDue(subject.store, T0 + 5_000)).toHaveLength(1);
    });

    it("claimDeliveries - claims at most limit deliveries per call", async () => {
      await withEndpoint(subject.store);
      for (let i = 0; i < 5; i++) await createReturn(subject.store);

      const first = await claimDue(subject.store, T0, { limit: 2 });
      const second = await claimDue(subject.store, T0, { limit: 2 });
      const third = await claimDue(subject.store, T0, { limit: 2 });
      const fourth = await claimDue(subject.store, T0, { limit: 2 });

      expect([first.length, second.length, third.length, fourth.length]).toEqual([2, 2, 1, 0]);
      expect(new Set([...first, ...second, ...third].map((c) => c.delivery.id)).size).toBe(5);
    });

    it("claimDeliveries - does not hand a leased delivery to anyone until the lease runs out", async () => {
      await withEndpoint(subject.store);
      await createReturn(subject.store);
      const [held] = await claimDue(subject.store, T0, { dispatcherId: "d1" });

      const during = await claimDue(subject.store, T0 + LEASE_MS - 1, { dispatcherId: "d2" });

      expect(held).toBeDefined();
      expect(during).toEqual([]);
    });

    it("claimDeliveries - hands a delivery whose lease ran out to the next claimer", async () => {
      await withEndpoint(subject.store);
      await createReturn(subject.store);
      const [held] = await claimDue(subject.store, T0, {
        dispatcherId: "d1",
        leaseMs: SHORT_LEASE_MS,
      });
      await outlastShortLease();

      const after = await claimDue(subject.store, T0 + SHORT_LEASE_MS, { dispatcherId: "d2" });

      expect(after.map((c) => c.delivery.id)).toEqual([held!.delivery.id]);
    });

    it("claimDeliveries - concurrent claimers never receive the same delivery", async () => {
      await withEndpoint(subject.store);
      await withEndpoint(subject.store);
      for (let i = 0; i < 15; i++) await createReturn(subject.store);
      const seen: string[] = [];

      for (let round = 0; round < 20; round++) {
        const batches = await Promise.all(
          Array.from({ length: 6 }, (_, n) =>
            claimDue(subject.store, T0, { dispatcherId: `d${n}`, limit: 4 }),
          ),
        );
        const claimed = batches.flat();
        if (claimed.length === 0) break;
        seen.push(...claimed.map((c) => c.delivery.id));
      }

      expect(seen).toHaveLength(30);
      expect(new Set(seen).size).toBe(30);
    });

    it("claimDeliveries - makes the next delivery of a pair claimable once the head is delivered", async () => {
      await withEndpoint(subject.store);
      const { events } = await returnWithEvents(subject.store, 3);
      const now = T0 + 60_000;

      const order: string[] = [];
      for (let i = 0; i < 4; i++) {
        const [head, ...rest] = await claimDue(subject.store, now);
        expect(rest).toEqual([]);
        if (!head) break;
        order.push(head.event.id);
        expect(await record(subject.store, head, { kind: "delivered" }, now)).toBe(true);
      }

      expect(order).toEqual(events.map((event) => event.id));
    });

    it("claimDeliveries - holds later deliveries back while the head waits for its retry", async () => {
      await withEndpoint(subject.store);
      const { events } = await returnWithEvents(subject.store, 2);
      const [head] = await claimDue(subject.store, T0);
      await record(subject.store, head!, { kind: "retry", next_attempt_at: T0 + 5_000 }, T0);

      const early = await claimDue(subject.store, T0 + 4_999);
      const due = await claimDue(subject.store, T0 + 5_000);

      expect(early).toEqual([]);
      expect(eventIds(due)).toEqual([events[0]!.id]);
      expect(due[0]!.delivery.attempt_count).toBe(1);
    });

    it("claimDeliveries - a dead delivery does not hold back the next one", async () => {
      await withEndpoint(subject.store);
      const { events } = await returnWithEvents(subject.store, 2);
      const [head] = await claimDue(subject.store, T0 + 60_000);
      await record(subject.store, head!, { kind: "dead" }, T0 + 60_000);

      const next = await claimDue(subject.store, T0 + 60_000);

      expect(eventIds(next)).toEqual([events[1]!.id]);
    });

    it("claimDeliveries - never hands out a delivery whose endpoint was removed", async () => {
      const endpoint = await withEndpoint(subject.store);
      await createReturn(subject.store);
      const [claimed] = await claimDue(subject.store, T0);
      await record(subject.store, claimed!, { kind: "dead" }, T0);
      await subject.store.removeEndpoint(endpoint.id);

      await subject.store.redeliver({ eventId: claimed!.event.id, now: T0 });

      expect(await claimDue(subject.store, T0 + 1)).toEqual([]);
    });
  });
}
