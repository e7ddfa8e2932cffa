/** @module testing/cases/notifications — `onDeliveriesCreated`: waking dispatchers. */
import { describe, expect, it, vi } from "vitest";
import { makeDeliveryAttempt, makeEndpoint, T0 } from "../fixtures";
import { claimDue, createReturn, type StoreSubject } from "../subject";

export function describeNotifications(subject: StoreSubject): void {
  describe("onDeliveriesCreated", () => {
    it("onDeliveriesCreated - calls the listener after a commit that created deliveries", async (ctx) => {
      if (!subject.store.onDeliveriesCreated)
        return ctx.skip("the store does not implement onDeliveriesCreated");
      await subject.store.saveEndpoint(makeEndpoint());
      const listener = vi.fn();
      const unsubscribe = subject.store.onDeliveriesCreated(listener);

      await createReturn(subject.store);

      await vi.waitFor(() => expect(listener).toHaveBeenCalled(), { timeout: 5_000 });
      unsubscribe();
    });

    it("onDeliveriesCreated - calls the listener after redeliver revived deliveries", async (ctx) => {
      if (!subject.store.onDeliveriesCreated)
        return ctx.skip("the store does not implement onDeliveriesCreated");
      await subject.store.saveEndpoint(makeEndpoint());
      // The create's own notification heard first, so none of it reaches the listener below.
      const created = vi.fn();
      const unsubscribeCreated = subject.store.onDeliveriesCreated(created);
      const { events } = await createReturn(subject.store);
      await vi.waitFor(() => expect(created).toHaveBeenCalled(), { timeout: 5_000 });
      unsubscribeCreated();
      const [claimed] = await claimDue(subject.store, T0, { limit: 1, leaseMs: 1_000 });
      await subject.store.recordDeliveryAttempt({
        deliveryId: claimed!.delivery.id,
        dispatcherId: "d1",
        attempt: makeDeliveryAttempt(T0, 500),
        outcome: { kind: "dead" },
      });
      const listener = vi.fn();
      const unsubscribe = subject.store.onDeliveriesCreated(listener);

      await subject.store.redeliver({ eventId: events[0]!.id, now: T0 });

      await vi.waitFor(() => expect(listener).toHaveBeenCalled(), { timeout: 5_000 });
      unsubscribe();
    });

    it("onDeliveriesCreated - stops calling a listener that unsubscribed", async (ctx) => {
      if (!subject.store.onDeliveriesCreated)
        return ctx.skip("the store does not implement onDeliveriesCreated");
      await subject.store.saveEndpoint(makeEndpoint());
      const kept = vi.fn();
      const dropped = vi.fn();
      const unsubscribeKept = subject.store.onDeliveriesCreated(kept);
      const unsubscribeDropped = subject.store.onDeliveriesCreated(dropped);
      await createReturn(subject.store);
      await vi.waitFor(() => expect(dropped).toHaveBeenCalled(), { timeout: 5_000 });
      unsubscribeDropped();
      const callsBefore = dropped.mock.calls.length;
      const keptBefore = kept.mock.calls.length;

      await createReturn(subject.store);
      // One notification calls every subscribed listener: `kept` heard it, so `dropped` would have.
      await vi.waitFor(() => expect(kept.mock.calls.length).toBeGreaterThan(keptBefore), {
        timeout: 5_000,
      });

      expect(dropped).toHaveBeenCalledTimes(callsBefore);
      unsubscribeKept();
    });
  });
}
