/** @module testing/cases/retention — `purge`: bounded deletion of what is no longer needed. */

import type { ReturnsStore } from "@returnkit/core";
import { describe, expect, it } from "vitest";
import { makeDeliveryAttempt, makeEndpoint, T0 } from "../fixtures";
import { claimDue, createReturn, type StoreSubject } from "../subject";

const HOUR = 3_600_000;
const KEY_RESPONSE = { status: 404, body: { title: "Return not found" }, headers: {} };

/** Claims every due delivery and finishes each with `kind` at `at`. */
async function finishAll(store: ReturnsStore, now: number, kind: "delivered" | "dead", at = now) {
  const claimed = await claimDue(store, now, { leaseMs: 1_000 });
  for (const c of claimed) {
    await store.recordDeliveryAttempt({
      deliveryId: c.delivery.id,
      dispatcherId: "d1",
      attempt: makeDeliveryAttempt(at, kind === "delivered" ? 200 : 500),
      outcome: { kind },
    });
  }
  return claimed.length;
}

async function expireKeys(
  store: ReturnsStore,
  count: number,
  expiresAt: number,
): Promise<string[]> {
  const keys: string[] = [];
  for (let i = 0; i < count; i++) {
    const key = `purge-${expiresAt}-${i}-${Math.random().toString(36).slice(2)}`;
    await store.recordIdempotencyAnswer({
      key,
      fingerprint: "fp",
      now: T0,
      expiresAt,
      response: KEY_RESPONSE,
    });
    keys.push(key);
  }
  return keys;
}

export function describeRetention(subject: StoreSubject): void {
  describe("purge", () => {
    it("purge - removes expired idempotency records and keeps live ones", async () => {
      await expireKeys(subject.store, 1, T0 + 1_000);
      const [live] = await expireKeys(subject.store, 1, T0 + 5_000);

      const removed = await subject.store.purge({
        now: T0 + 1_000,
        deliveredBefore: 0,
        limit: 100,
      });

      expect(removed).toBe(1);
      expect(await subject.store.getIdempotencyRecord(live!, T0 + 1_000)).toEqual({
        fingerprint: "fp",
        response: KEY_RESPONSE,
      });
    });

    it("purge - removes old delivered deliveries and their events, and keeps everything undelivered", async () => {
      await subject.store.saveEndpoint(makeEndpoint());
      const old = await createReturn(subject.store);
      await finishAll(subject.store, T0, "delivered", T0 + 1_000);
      const dead = await createReturn(subject.store);
      await finishAll(subject.store, T0, "dead", T0 + 1_000);
      const recent = await createReturn(subject.store, { at: T0 + 2 * HOUR });
      await finishAll(subject.store, T0 + 2 * HOUR, "delivered");
      const pending = await createReturn(subject.store);

      const removed = await subject.store.purge({
        now: T0,
        deliveredBefore: T0 + HOUR,
        limit: 100,
      });

      // The old delivery and its event, which nothing refers to any more.
      expect(removed).toBe(2);
      expect(await subject.store.listDeliveries({ returnId: old.stored.record.id })).toEqual([]);
      expect(await subject.store.listEvents(old.stored.record.id)).toEqual([]);
      expect(await subject.store.getReturn(old.stored.record.id)).toEqual(old.stored);
      for (const [kept, status] of [
        [dead, "dead"],
        [recent, "delivered"],
        [pending, "pending"],
      ] as const) {
        const deliveries = await subject.store.listDeliveries({ returnId: kept.stored.record.id });
        expect(deliveries.map((d) => d.status)).toEqual([status]);
        expect(await subject.store.listEvents(kept.stored.record.id)).toEqual(kept.events);
      }
    });

    it("purge - removes at most limit rows per call and finishes over several calls", async () => {
      await subject.store.saveEndpoint(makeEndpoint());
      await expireKeys(subject.store, 5, T0 + 1_000);
      for (let i = 0; i < 3; i++) await createReturn(subject.store);
      await finishAll(subject.store, T0, "delivered");
      const request = { now: T0 + HOUR, deliveredBefore: T0 + HOUR, limit: 2 };

      const counts: number[] = [];
      for (let call = 0; call < 20; call++) {
        const removed = await subject.store.purge(request);
        counts.push(removed);
        if (removed === 0) break;
      }

      // 5 keys, 3 deliveries, 3 events.
      expect(counts.every((count) => count <= 2)).toBe(true);
      expect(counts.reduce((sum, count) => sum + count, 0)).toBe(11);
      expect(counts[counts.length - 1]).toBe(0);
    });
  });
}
