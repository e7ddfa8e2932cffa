/**
 * @module testing/cases/redelivery — redeliver: dead deliveries revived by event, endpoint or
 * time, never a removed endpoint's, never a pending or delivered one.
 */

import type { ReturnsStore } from "@returnkit/core";
import { describe, expect, it } from "vitest";
import { iso, makeDeliveryAttempt, makeEndpoint, T0 } from "../fixtures";
import { claimDue, createReturn, type StoreSubject } from "../subject";
import { eventIds, record, withEndpoint } from "./delivery-fixtures";

/** Reviving dead deliveries. */
export function describeRedelivery(subject: StoreSubject): void {
  describe("redeliver", () => {
    /** Kills every due delivery, each attempt at `at`. */
    async function killAll(store: ReturnsStore, now: number, at = now) {
      const claimed = await claimDue(store, now);
      for (const c of claimed) await record(store, c, { kind: "dead" }, at);
      return claimed;
    }

    it("redeliver - revives the dead deliveries of one event, due now, count reset, history kept", async () => {
      await withEndpoint(subject.store);
      await withEndpoint(subject.store);
      const { events } = await createReturn(subject.store);
      const other = await createReturn(subject.store);
      await killAll(subject.store, T0);

      const revived = await subject.store.redeliver({ eventId: events[0]!.id, now: T0 + 10_000 });

      expect(revived).toEqual({ revived: 2, skipped: 0 });
      const deliveries = await subject.store.listDeliveries({ eventId: events[0]!.id });
      for (const delivery of deliveries) {
        expect(delivery).toMatchObject({
          status: "pending",
          attempt_count: 0,
          next_attempt_at: T0 + 10_000,
          dead_at: null,
          attempts: [makeDeliveryAttempt(T0, 503)],
        });
      }
      expect(
        await subject.store.listDeliveries({ returnId: other.stored.record.id, status: "dead" }),
      ).toHaveLength(2);
      expect(eventIds(await claimDue(subject.store, T0 + 10_000))).toEqual([
        events[0]!.id,
        events[0]!.id,
      ]);
    });

    it("redeliver - revives one endpoint's delivery of an event", async () => {
      const first = await withEndpoint(subject.store);
      const second = await withEndpoint(subject.store);
      const { events } = await createReturn(subject.store);
      await killAll(subject.store, T0);

      const revived = await subject.store.redeliver({
        eventId: events[0]!.id,
        endpointId: second.id,
        now: T0,
      });

      expect(revived).toEqual({ revived: 1, skipped: 0 });
      const statuses = (await subject.store.listDeliveries({ eventId: events[0]!.id })).map((d) => [
        d.endpoint_id,
        d.status,
      ]);
      expect(statuses.sort()).toEqual(
        [
          [first.id, "dead"],
          [second.id, "pending"],
        ].sort(),
      );
    });

    it("redeliver - revives every delivery that died at or after since", async () => {
      await withEndpoint(subject.store);
      const returns = [];
      for (const diedAt of [T0 + 1_000, T0 + 2_000, T0 + 3_000]) {
        const created = await createReturn(subject.store);
        await killAll(subject.store, T0, diedAt);
        returns.push(created);
      }

      const revived = await subject.store.redeliver({ since: iso(T0 + 2_000), now: T0 + 10_000 });

      expect(revived).toEqual({ revived: 2, skipped: 0 });
      const pending = await subject.store.listDeliveries({ status: "pending" });
      expect(pending.map((d) => d.return_id).sort()).toEqual(
        [returns[1]!.stored.record.id, returns[2]!.stored.record.id].sort(),
      );
    });

    it("redeliver - never revives a delivery of a removed endpoint, even once a new endpoint takes its id, and counts it skipped", async () => {
      const removed = await withEndpoint(subject.store, { id: "we_removed" });
      const retaken = await withEndpoint(subject.store, { id: "we_retaken" });
      const kept = await withEndpoint(subject.store, { id: "we_kept" });
      const { events } = await createReturn(subject.store);
      await killAll(subject.store, T0, T0 + 1_000);
      await subject.store.removeEndpoint(removed.id);
      await subject.store.removeEndpoint(retaken.id);
      await subject.store.saveEndpoint(
        makeEndpoint({ id: retaken.id, url: "https://new.example/" }),
      );

      const recovered = await subject.store.redeliver({ since: iso(T0), now: T0 + 10_000 });
      const byEvent = await subject.store.redeliver({ eventId: events[0]!.id, now: T0 + 10_000 });

      expect(recovered).toEqual({ revived: 1, skipped: 2 });
      expect(byEvent).toEqual({ revived: 0, skipped: 2 });
      const byStatus = async (status: "pending" | "dead") =>
        (await subject.store.listDeliveries({ status })).map((d) => d.endpoint_id).sort();
      expect(await byStatus("pending")).toEqual([kept.id]);
      expect(await byStatus("dead")).toEqual([removed.id, retaken.id]);
      expect(await claimDue(subject.store, T0 + 10_000)).toHaveLength(1);
    });

    it("redeliver - leaves pending and delivered deliveries alone and needs an event or a time", async () => {
      await withEndpoint(subject.store);
      const delivered = await createReturn(subject.store);
      const [claimed] = await claimDue(subject.store, T0);
      await record(subject.store, claimed!, { kind: "delivered" }, T0);
      const dead = await createReturn(subject.store);
      const [dying] = await claimDue(subject.store, T0);
      await record(subject.store, dying!, { kind: "dead" }, T0);
      const pending = await createReturn(subject.store);

      const byDeliveredEvent = await subject.store.redeliver({
        eventId: delivered.events[0]!.id,
        now: T0,
      });
      const byPendingEvent = await subject.store.redeliver({
        eventId: pending.events[0]!.id,
        now: T0,
      });
      const withoutSelection = await subject.store.redeliver({ now: T0 });

      expect([byDeliveredEvent, byPendingEvent, withoutSelection]).toEqual(
        [0, 0, 0].map(() => ({ revived: 0, skipped: 0 })),
      );
      const byStatus = async (status: "pending" | "delivered" | "dead") =>
        (await subject.store.listDeliveries({ status })).map((d) => d.return_id);
      expect(await byStatus("delivered")).toEqual([delivered.stored.record.id]);
      expect(await byStatus("dead")).toEqual([dead.stored.record.id]);
      expect(await byStatus("pending")).toEqual([pending.stored.record.id]);
    });
  });
}
