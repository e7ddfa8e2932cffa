/** @module testing/cases/commits — `commit` and `getReturn`: atomic writes with a version check. */

import type { CommitResult, StoredReturn } from "@returnkit/core/store";
import { describe, expect, it } from "vitest";
import { advanceStoredReturn, makeOutboxEvent, makeStoredReturn } from "../fixtures";
import { advanceReturn, createReturn, type StoreSubject, withoutPosition } from "../subject";

const CONCURRENT_WRITERS = 8;

/**
 * A version conflict names the version the store saw; a store that hands that version over
 * (`current`, optional) must hand over exactly what is stored.
 */
function expectVersionConflict(result: CommitResult, version: number, stored: StoredReturn) {
  expect(result).toMatchObject({ ok: false, reason: "version_conflict", currentVersion: version });
  if (!result.ok && result.reason === "version_conflict" && result.current !== undefined) {
    expect(result.current).toEqual(stored);
  }
}

export function describeCommits(subject: StoreSubject): void {
  describe("commit", () => {
    it("getReturn - returns null for a return that was never committed", async () => {
      expect(await subject.store.getReturn(makeStoredReturn().record.id)).toBeNull();
    });

    it("commit - creates a return that getReturn reads back unchanged", async () => {
      const stored = makeStoredReturn();
      const result = await subject.store.commit({
        next: stored,
        expectedVersion: null,
        events: [],
      });

      expect(result).toEqual({ ok: true, events: [] });
      expect(await subject.store.getReturn(stored.record.id)).toEqual(stored);
    });

    it("commit - a graded return's refund and accepted units come back identical, in the record and its event", async () => {
      const graded = makeStoredReturn({
        state: "graded",
        line: { sku: "TEE-BLK-M", quantity: 3, size: "M" },
      });
      const stored: StoredReturn = {
        ...graded,
        record: {
          ...graded.record,
          grade: { condition: "USED", disposition: "RESTOCK", accepted_quantity: 1 },
          refund: {
            currency: "KWD",
            currency_exponent: 3,
            item_amount: 9_876,
            restocking_fee: 987,
            return_shipping_fee: 1_500,
            total: 7_389,
            method: "original_payment",
            status: "final",
          },
        },
      };
      const event = makeOutboxEvent(stored, { type: "return.graded" });
      const result = await subject.store.commit({
        next: stored,
        expectedVersion: null,
        events: [event],
      });

      expect(result.ok).toBe(true);
      expect(await subject.store.getReturn(stored.record.id)).toEqual(stored);
      const [published] = await subject.store.listEvents(stored.record.id);
      expect(published?.payload).toEqual(event.payload);
      const page = await subject.store.listReturns({ order_id: stored.record.order_id, limit: 10 });
      expect(page.data.map((found) => found.record.refund)).toContainEqual(stored.record.refund);
    });

    it("commit - returns the written events with positions in array order", async () => {
      const stored = makeStoredReturn({ state: "approved" });
      const inputs = [
        makeOutboxEvent(stored, { type: "return.created" }),
        makeOutboxEvent(stored, { type: "return.submitted" }),
        makeOutboxEvent(stored, { type: "return.approved" }),
      ];
      const result = await subject.store.commit({
        next: stored,
        expectedVersion: null,
        events: inputs,
      });

      if (!result.ok) throw new Error(`commit failed: ${result.reason}`);
      expect(result.events.map(withoutPosition)).toEqual(inputs);
      const positions = result.events.map((event) => event.position);
      expect(positions[0]).toBeLessThan(positions[1]!);
      expect(positions[1]).toBeLessThan(positions[2]!);
    });

    it("commit - refuses to create a return that already exists and writes nothing", async () => {
      const { stored } = await createReturn(subject.store);
      const again = makeStoredReturn({ id: stored.record.id, order_id: "ord_other" });

      const result = await subject.store.commit({
        next: again,
        expectedVersion: null,
        events: [makeOutboxEvent(again)],
      });

      expect(result).toEqual({ ok: false, reason: "already_exists" });
      expect(await subject.store.getReturn(stored.record.id)).toEqual(stored);
      expect(await subject.store.listEvents(stored.record.id)).toHaveLength(1);
    });

    it("commit - applies a change computed from the current version", async () => {
      const { stored } = await createReturn(subject.store);
      const next = advanceStoredReturn(stored, "submit");

      const result = await subject.store.commit({
        next,
        expectedVersion: 1,
        events: [makeOutboxEvent(next)],
      });

      expect(result.ok).toBe(true);
      expect(await subject.store.getReturn(stored.record.id)).toEqual(next);
    });

    it("commit - rejects a stale version with version_conflict and the current version, writing nothing", async () => {
      const created = await createReturn(subject.store);
      const submitted = await advanceReturn(subject.store, created.stored, "submit");
      const stale = advanceStoredReturn(created.stored, "cancel");

      const result = await subject.store.commit({
        next: stale,
        expectedVersion: 1,
        events: [makeOutboxEvent(stale)],
      });

      expectVersionConflict(result, 2, submitted.stored);
      expect(await subject.store.getReturn(created.stored.record.id)).toEqual(submitted.stored);
      expect((await subject.store.listEvents(created.stored.record.id)).map((e) => e.id)).toEqual([
        ...created.events.map((e) => e.id),
        ...submitted.events.map((e) => e.id),
      ]);
    });

    it("commit - reports version_conflict with currentVersion null when the return does not exist", async () => {
      const next = advanceStoredReturn(makeStoredReturn(), "submit");

      const result = await subject.store.commit({
        next,
        expectedVersion: 1,
        events: [makeOutboxEvent(next)],
      });

      expect(result).toEqual({ ok: false, reason: "version_conflict", currentVersion: null });
      expect(await subject.store.getReturn(next.record.id)).toBeNull();
      expect(await subject.store.listEvents(next.record.id)).toEqual([]);
    });

    it(`commit - of ${CONCURRENT_WRITERS} concurrent commits from one version exactly one succeeds`, async () => {
      const { stored } = await createReturn(subject.store);
      // Each writer changes something different, so the winner is recognisable.
      const candidates = Array.from({ length: CONCURRENT_WRITERS }, (_, index) => {
        const next = advanceStoredReturn(stored, "update");
        return { ...next, record: { ...next.record, reason: `REASON_${index}` } };
      });

      const results = await Promise.all(
        candidates.map((next) =>
          subject.store.commit({ next, expectedVersion: 1, events: [makeOutboxEvent(next)] }),
        ),
      );

      const winners = results.flatMap((result, index) => (result.ok ? [index] : []));
      expect(winners).toHaveLength(1);
      const winner = winners[0]!;
      for (const result of results) {
        if (!result.ok) expectVersionConflict(result, 2, candidates[winner]!);
      }
      expect(await subject.store.getReturn(stored.record.id)).toEqual(candidates[winner]);
      const events = await subject.store.listEvents(stored.record.id);
      expect(events).toHaveLength(2);
      const won = results[winner]!;
      expect(won.ok && won.events[0]!.id).toBe(events[1]!.id);
    });

    it(`commit - of ${CONCURRENT_WRITERS} concurrent creates of one id exactly one succeeds`, async () => {
      const first = makeStoredReturn();
      const candidates = Array.from({ length: CONCURRENT_WRITERS }, (_, index) =>
        makeStoredReturn({ id: first.record.id, order_id: `ord_${index}` }),
      );

      const results = await Promise.all(
        candidates.map((next) =>
          subject.store.commit({ next, expectedVersion: null, events: [makeOutboxEvent(next)] }),
        ),
      );

      const winners = results.flatMap((result, index) => (result.ok ? [index] : []));
      expect(winners).toHaveLength(1);
      expect(results.filter((result) => !result.ok)).toEqual(
        Array(CONCURRENT_WRITERS - 1).fill({ ok: false, reason: "already_exists" }),
      );
      expect(await subject.store.getReturn(first.record.id)).toEqual(candidates[winners[0]!]);
      expect(await subject.store.listEvents(first.record.id)).toHaveLength(1);
    });

    it("commit - keeps its own copy: changing the caller's objects afterwards alters nothing", async () => {
      const stored = makeStoredReturn();
      const expected = structuredClone(stored);
      const event = makeOutboxEvent(stored);
      const expectedEvent = structuredClone(event);
      await subject.store.commit({ next: stored, expectedVersion: null, events: [event] });

      stored.record.order_id = "ord_mutated";
      stored.record.history.push({ ...stored.record.history[0]!, seq: 2 });
      event.payload.data.mutated = true;

      expect(await subject.store.getReturn(expected.record.id)).toEqual(expected);
      expect((await subject.store.listEvents(expected.record.id)).map(withoutPosition)).toEqual([
        expectedEvent,
      ]);
    });

    it("commit - carries every version of a return through its lifecycle", async () => {
      let { stored } = await createReturn(subject.store);
      for (const event of ["submit", "approve", "ship", "receive", "grade", "close"] as const) {
        ({ stored } = await advanceReturn(subject.store, stored, event));
      }

      const read = await subject.store.getReturn(stored.record.id);
      expect(read).toEqual(stored);
      expect(read?.record).toMatchObject({ state: "closed", version: 7 });
    });

    it("init - may be called again without harm", async () => {
      const { stored } = await createReturn(subject.store);
      await subject.store.init?.();

      expect(await subject.store.getReturn(stored.record.id)).toEqual(stored);
    });
  });
}
