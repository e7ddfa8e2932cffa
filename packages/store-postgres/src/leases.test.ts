/**
 * Delivery leases judged by the database's clock, not by each caller's: dispatchers in
 * processes whose clocks disagree must still never hold one delivery at once.
 */
import type { ReturnsStore } from "@returnkit/core";
import { makeDeliveryAttempt, makeEndpoint } from "@returnkit/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { backends, commitNewReturn, storesForCases, warnWithoutServer } from "./test-support";

warnWithoutServer("the clock-skew lease cases");

const TWO_MINUTES = 120_000;
const LEASE_MS = 60_000;

for (const backend of backends()) {
  describe.skipIf(backend.skip)(`delivery leases on ${backend.name}`, () => {
    /** Two processes: each its own connection (its own Pool on a server) and its own clock. */
    const opened = storesForCases(backend, "leases");
    let stores: [ReturnsStore, ReturnsStore];
    beforeAll(async () => {
      stores = opened.stores as [ReturnsStore, ReturnsStore];
      await stores[0].saveEndpoint(makeEndpoint());
    });

    const claim = (store: ReturnsStore, dispatcherId: string, now: number, leaseMs = LEASE_MS) =>
      store.claimDeliveries({ dispatcherId, now, limit: 10, leaseMs });

    /** Leaves only this case's delivery pending: the earlier cases' are recorded delivered. */
    async function deliverEverything(store: ReturnsStore) {
      const leftovers = await claim(store, "sweeper", Date.now() + 10 * TWO_MINUTES, 1);
      for (const { delivery } of leftovers)
        await store.recordDeliveryAttempt({
          deliveryId: delivery.id,
          dispatcherId: "sweeper",
          attempt: makeDeliveryAttempt(Date.now()),
          outcome: { kind: "delivered" },
        });
    }

    it("claimDeliveries - a claimer whose clock runs two minutes ahead does not take over a delivery still leased", async () => {
      const [first, second] = stores;
      await deliverEverything(first);
      const stored = await commitNewReturn(first);
      const [held] = await claim(first, "on-time", Date.now());
      expect(held?.delivery.return_id).toBe(stored.record.id);

      // Two minutes ahead, the 60 s lease looks long over to this caller.
      const ahead = await claim(second, "ahead", Date.now() + TWO_MINUTES);

      expect(ahead).toEqual([]);
      expect(
        await first.recordDeliveryAttempt({
          deliveryId: held!.delivery.id,
          dispatcherId: "on-time",
          attempt: makeDeliveryAttempt(Date.now()),
          outcome: { kind: "delivered" },
        }),
      ).toBe(true);
    });

    it("claimDeliveries - a claimer whose clock runs two minutes behind takes over a lease that ran out", async () => {
      const [first, second] = stores;
      await deliverEverything(first);
      const stored = await commitNewReturn(first);
      const [held] = await claim(first, "holder", Date.now(), 1);
      expect(held?.delivery.return_id).toBe(stored.record.id);
      // The 1 ms lease runs out on the database's clock.
      await new Promise((resolve) => setTimeout(resolve, 20));

      const behind = await claim(second, "behind", Date.now() - TWO_MINUTES);

      expect(behind.map((c) => c.delivery.id)).toEqual([held!.delivery.id]);
    });

    it("nextDeliveryDueAt - tells a caller when a leased head's lease ends on the caller's own clock", async () => {
      const [first, second] = stores;
      await deliverEverything(first);
      await commitNewReturn(first);
      const before = Date.now();
      await claim(first, "holder", before);

      // A caller two minutes ahead is told the lease ends about LEASE_MS from its now.
      const aheadNow = Date.now() + TWO_MINUTES;
      const due = await second.nextDeliveryDueAt?.(aheadNow);

      expect(due).toBeGreaterThan(aheadNow);
      expect(due).toBeLessThanOrEqual(aheadNow + LEASE_MS);
    });
  });
}
