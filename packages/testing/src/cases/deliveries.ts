/**
 * @module testing/cases/deliveries — claiming deliveries under a lease, per-pair order,
 * recording attempts and reviving dead deliveries.
 */

import type { ReturnsStore, WebhookEndpoint } from "@returnkit/core";
import type { ClaimedDelivery, DeliveryOutcome } from "@returnkit/core/store";
import { describe, expect, it } from "vitest";
import { iso, makeDeliveryAttempt, makeEndpoint, T0 } from "../fixtures";
import { advanceReturn, claimDue, createReturn, LEASE_MS, type StoreSubject } from "../subject";

function record(
  store: ReturnsStore,
  claimed: ClaimedDelivery,
  outcome: DeliveryOutcome,
  at: number,
  dispatcherId = "d1",
) {
  const status = outcome.kind === "delivered" ? 200 : 503;
  return store.recordDeliveryAttempt({
    deliveryId: claimed.delivery.id,
    dispatcherId,
    attempt: makeDeliveryAttempt(at, status),
    outcome,
  });
}

async function withEndpoint(
  store: ReturnsStore,
  options: Partial<WebhookEndpoint> = {},
): Promise<WebhookEndpoint> {
  const endpoint = makeEndpoint(options);
  await store.saveEndpoint(endpoint);
  return endpoint;
}

/** A return with `count` events in a row (create, submit, approve, ...), all delivered to every endpoint. */
async function returnWithEvents(store: ReturnsStore, count: number, at = T0) {
  const steps = ["submit", "approve", "ship", "receive", "grade", "close"] as const;
  let committed = await createReturn(store, { at });
  const events = [...committed.events];
  for (const step of steps.slice(0, count - 1)) {
    committed = await advanceReturn(store, committed.stored, step);
    events.push(...committed.events);
  }
  return { stored: committed.stored, events };
}

const eventIds = (claimed: ClaimedDelivery[]) => claimed.map((c) => c.event.id);

/**
 * Lets a 1 ms lease run out on either lease clock (see `claimDeliveries`): the caller's,
 * through the `now` the next claim passes (1 ms later), and a store's own, by waiting.
 */
const SHORT_LEASE_MS = 1;
const outlastShortLease = () => new Promise((resolve) => setTimeout(resolve, 20));

export function describeDeliveries(subject: StoreSubject): void {
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
