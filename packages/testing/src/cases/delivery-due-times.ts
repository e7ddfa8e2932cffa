/**
 * @module testing/cases/delivery-due-times — when the next delivery is due (`nextDeliveryDueAt`,
 * so a dispatcher sleeps exactly) and how long the oldest due one has waited (health's
 * `oldestDueAt`).
 */

import { describe, expect, it } from "vitest";
import { T0 } from "../fixtures";
import { claimDue, createReturn, LEASE_MS, type StoreSubject } from "../subject";
import { record, returnWithEvents, withEndpoint } from "./delivery-fixtures";

/** When deliveries fall due: nextDeliveryDueAt and health's oldestDueAt. */
export function describeDeliveryDueTimes(subject: StoreSubject): void {
  describe("nextDeliveryDueAt", () => {
    it("nextDeliveryDueAt - is null when nothing is pending", async (ctx) => {
      if (!subject.store.nextDeliveryDueAt)
        return ctx.skip("the store does not implement nextDeliveryDueAt");
      await createReturn(subject.store);

      expect(await subject.store.nextDeliveryDueAt()).toBeNull();
    });

    it("nextDeliveryDueAt - is the earliest time a pending delivery can be claimed", async (ctx) => {
      if (!subject.store.nextDeliveryDueAt)
        return ctx.skip("the store does not implement nextDeliveryDueAt");
      await withEndpoint(subject.store);
      await createReturn(subject.store, { at: T0 + 5_000 });
      await createReturn(subject.store, { at: T0 + 9_000 });
      expect(await subject.store.nextDeliveryDueAt()).toBe(T0 + 5_000);

      const [first] = await claimDue(subject.store, T0 + 5_000, { limit: 1 });
      await record(
        subject.store,
        first!,
        { kind: "retry", next_attempt_at: T0 + 20_000 },
        T0 + 5_000,
      );

      expect(await subject.store.nextDeliveryDueAt()).toBe(T0 + 9_000);
    });

    it("nextDeliveryDueAt - counts only deliveries a claim could return: heads, enabled, unleased", async (ctx) => {
      if (!subject.store.nextDeliveryDueAt)
        return ctx.skip("the store does not implement nextDeliveryDueAt");
      const endpoint = await withEndpoint(subject.store);
      await returnWithEvents(subject.store, 3);
      const [head] = await claimDue(subject.store, T0, { leaseMs: LEASE_MS });

      // The head is leased: nothing of this pair can be claimed before the lease runs out,
      // which, on the caller's clock, is at most LEASE_MS after its `now` (a store with a
      // lease clock of its own gives what is left of the lease).
      const leased = await subject.store.nextDeliveryDueAt(T0);
      expect(leased).toBeGreaterThan(T0);
      expect(leased).toBeLessThanOrEqual(T0 + LEASE_MS);

      await record(subject.store, head!, { kind: "retry", next_attempt_at: T0 + 60_000 }, T0);
      expect(await subject.store.nextDeliveryDueAt(T0)).toBe(T0 + 60_000);

      await subject.store.disableEndpoint(endpoint.id, "410 Gone");
      expect(await subject.store.nextDeliveryDueAt(T0)).toBeNull();
    });
  });

  describe("health's oldestDueAt", () => {
    it("health - given a probe, oldestDueAt is when the delivery a claim would take first became due", async (ctx) => {
      const probe = (now: number) =>
        subject.store.health?.({ now, subscribers: [], timeoutMs: 5_000 });
      const measured = await probe(T0);
      if (measured?.oldestDueAt === undefined)
        return ctx.skip("the store's health check does not measure the outbox lag");
      expect(measured.oldestDueAt).toBeNull();

      const endpoint = await withEndpoint(subject.store);
      await createReturn(subject.store, { at: T0 + 5_000 });
      await createReturn(subject.store, { at: T0 + 9_000 });
      // Not due yet, then the older of the two.
      expect((await probe(T0 + 1_000))?.oldestDueAt).toBeNull();
      expect((await probe(T0 + 60_000))?.oldestDueAt).toBe(T0 + 5_000);

      // One in flight (leased) is not waiting; one retrying later is not due.
      const [first] = await claimDue(subject.store, T0 + 60_000, { limit: 1, leaseMs: LEASE_MS });
      expect((await probe(T0 + 60_000))?.oldestDueAt).toBe(T0 + 9_000);
      await record(subject.store, first!, { kind: "retry", next_attempt_at: T0 + 90_000 }, T0);
      expect((await probe(T0 + 60_000))?.oldestDueAt).toBe(T0 + 9_000);

      // A disabled endpoint's deliveries wait for it, not for a dispatcher.
      await subject.store.disableEndpoint(endpoint.id, "410 Gone");
      expect((await probe(T0 + 60_000))?.oldestDueAt).toBeNull();
    });
  });
}
