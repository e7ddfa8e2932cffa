/**
 * @module testing/cases/delivery-attempts — recordDeliveryAttempt: delivered, retried or dead, and
 * only from the dispatcher that holds the lease.
 */

import { describe, expect, it } from "vitest";
import { iso, makeDeliveryAttempt, T0 } from "../fixtures";
import { claimDue, createReturn, LEASE_MS, type StoreSubject } from "../subject";
import { outlastShortLease, record, SHORT_LEASE_MS, withEndpoint } from "./delivery-fixtures";

/** Recording attempts: outcomes, and the lease that must be held. */
export function describeDeliveryAttempts(subject: StoreSubject): void {
  describe("recordDeliveryAttempt", () => {
    it("recordDeliveryAttempt - marks a delivery delivered with its attempt and releases it", async () => {
      await withEndpoint(subject.store);
      const { events } = await createReturn(subject.store);
      const [claimed] = await claimDue(subject.store, T0);

      const recorded = await record(subject.store, claimed!, { kind: "delivered" }, T0 + 100);

      expect(recorded).toBe(true);
      expect(await subject.store.listDeliveries({ eventId: events[0]!.id })).toEqual([
        {
          ...claimed!.delivery,
          status: "delivered",
          attempt_count: 1,
          attempts: [makeDeliveryAttempt(T0 + 100, 200)],
          delivered_at: iso(T0 + 100),
        },
      ]);
      expect(await claimDue(subject.store, T0 + 10 * LEASE_MS)).toEqual([]);
    });

    it("recordDeliveryAttempt - keeps a retried delivery pending until its new time, with every attempt", async () => {
      await withEndpoint(subject.store);
      const { events } = await createReturn(subject.store);
      const [first] = await claimDue(subject.store, T0);
      await record(subject.store, first!, { kind: "retry", next_attempt_at: T0 + 5_000 }, T0);
      const [second] = await claimDue(subject.store, T0 + 5_000);
      await record(
        subject.store,
        second!,
        { kind: "retry", next_attempt_at: T0 + 305_000 },
        T0 + 5_000,
      );

      const [delivery] = await subject.store.listDeliveries({ eventId: events[0]!.id });

      expect(delivery).toMatchObject({
        status: "pending",
        attempt_count: 2,
        next_attempt_at: T0 + 305_000,
        attempts: [makeDeliveryAttempt(T0, 503), makeDeliveryAttempt(T0 + 5_000, 503)],
        delivered_at: null,
        dead_at: null,
      });
    });

    it("recordDeliveryAttempt - marks a delivery dead with the time it died", async () => {
      await withEndpoint(subject.store);
      const { events } = await createReturn(subject.store);
      const [claimed] = await claimDue(subject.store, T0);

      await record(subject.store, claimed!, { kind: "dead" }, T0 + 100);

      const [delivery] = await subject.store.listDeliveries({ eventId: events[0]!.id });
      expect(delivery).toMatchObject({
        status: "dead",
        attempt_count: 1,
        attempts: [makeDeliveryAttempt(T0 + 100, 503)],
        delivered_at: null,
        dead_at: iso(T0 + 100),
      });
    });

    it("recordDeliveryAttempt - ignores a dispatcher that does not hold the lease", async () => {
      await withEndpoint(subject.store);
      const { events } = await createReturn(subject.store);
      const [claimed] = await claimDue(subject.store, T0, { dispatcherId: "d1" });

      const recorded = await record(subject.store, claimed!, { kind: "delivered" }, T0, "d2");

      expect(recorded).toBe(false);
      expect(await subject.store.listDeliveries({ eventId: events[0]!.id })).toEqual([
        claimed!.delivery,
      ]);
      expect(await claimDue(subject.store, T0 + 1, { dispatcherId: "d2" })).toEqual([]);
    });

    it("recordDeliveryAttempt - ignores a holder whose lease was taken over", async () => {
      await withEndpoint(subject.store);
      const { events } = await createReturn(subject.store);
      const [stale] = await claimDue(subject.store, T0, {
        dispatcherId: "d1",
        leaseMs: SHORT_LEASE_MS,
      });
      await outlastShortLease();
      const [current] = await claimDue(subject.store, T0 + SHORT_LEASE_MS, { dispatcherId: "d2" });

      const staleRecorded = await record(subject.store, stale!, { kind: "dead" }, T0 + 1_500, "d1");
      const currentRecorded = await record(
        subject.store,
        current!,
        { kind: "delivered" },
        T0 + 1_600,
        "d2",
      );

      expect([staleRecorded, currentRecorded]).toEqual([false, true]);
      const [delivery] = await subject.store.listDeliveries({ eventId: events[0]!.id });
      expect(delivery).toMatchObject({
        status: "delivered",
        attempts: [makeDeliveryAttempt(T0 + 1_600, 200)],
      });
    });

    it("recordDeliveryAttempt - ignores a second record after the lease was released, and unknown deliveries", async () => {
      await withEndpoint(subject.store);
      await createReturn(subject.store);
      const [claimed] = await claimDue(subject.store, T0);
      await record(subject.store, claimed!, { kind: "retry", next_attempt_at: T0 + 5_000 }, T0);

      const again = await record(subject.store, claimed!, { kind: "delivered" }, T0 + 1);
      const unknown = await subject.store.recordDeliveryAttempt({
        deliveryId: "dlv_unknown",
        dispatcherId: "d1",
        attempt: makeDeliveryAttempt(T0),
        outcome: { kind: "delivered" },
      });

      expect([again, unknown]).toEqual([false, false]);
      const [delivery] = await subject.store.listDeliveries({ eventId: claimed!.event.id });
      expect(delivery).toMatchObject({ status: "pending", attempt_count: 1 });
    });
  });
}
