/**
 * @module testing/cases/timers — timers of a return (`ReturnCommit.timers`): set, replaced and
 * cleared by commits, atomically (a refused commit changes none); claimed under a lease
 * (`claimDueTimers`), due times (`nextTimerDueAt`); fired by a commit that the store refuses
 * (`timer_gone`) once the timer was fired, cleared or set again, so that of two firings of one
 * timer exactly one commits; dropped when a firing finds nothing to do (`dropTimer`).
 */

import type { ReturnsStore } from "@returnkit/core";
import type { ReturnCommit, StoredReturn, Timer, TimerChanges } from "@returnkit/core/store";
import { describe, expect, it } from "vitest";
import { makeRecordedEvent, recordedVersion, T0 } from "../fixtures";
import { createReturn, type StoreSubject } from "../subject";
import { outlastShortLease, SHORT_LEASE_MS } from "./delivery-fixtures";

const HOUR = 3_600_000;
const LEASE = 30_000;

/** The commit of the next version of `stored` (nothing else changed) with `timers`. */
function timerCommit(stored: StoredReturn, timers: TimerChanges, events = true): ReturnCommit {
  const next = recordedVersion(stored);
  return {
    next,
    expectedVersion: stored.record.version,
    events: events ? [makeRecordedEvent(next)] : [],
    timers,
  };
}

/** Commits `timers` on the latest version of `stored`'s return; fails loudly when refused. */
async function commitTimers(store: ReturnsStore, stored: StoredReturn, timers: TimerChanges) {
  const commit = timerCommit(stored, timers);
  const result = await store.commit(commit);
  if (!result.ok) throw new Error(`fixture: timers commit refused: ${result.reason}`);
  return commit.next;
}

const claim = (store: ReturnsStore, now: number, workerId = "w1", leaseMs = LEASE, limit = 100) =>
  store.claimDueTimers({ workerId, now, limit, leaseMs });

const timer = (return_id: string, name: string, due_at: number): Timer => ({
  return_id,
  name,
  due_at,
});

export function describeTimers(subject: StoreSubject): void {
  describe("timers (commit timers, claimDueTimers, dropTimer, nextTimerDueAt)", () => {
    it("commit - sets a return's timers with it; set again replaces, clear removes", async () => {
      const { stored } = await createReturn(subject.store);
      const id = stored.record.id;
      const v2 = await commitTimers(subject.store, stored, {
        set: [
          { name: "exchange_hold", due_at: T0 + 2 * HOUR },
          { name: "payment_wait", due_at: T0 + HOUR },
        ],
      });
      expect(await subject.store.listTimers(id)).toEqual([
        timer(id, "payment_wait", T0 + HOUR),
        timer(id, "exchange_hold", T0 + 2 * HOUR),
      ]);

      const v3 = await commitTimers(subject.store, v2, {
        set: [{ name: "payment_wait", due_at: T0 + 3 * HOUR }],
        clear: ["exchange_hold", "never_set"],
      });

      expect(await subject.store.listTimers(id)).toEqual([
        timer(id, "payment_wait", T0 + 3 * HOUR),
      ]);
      await commitTimers(subject.store, v3, { clear: ["payment_wait"] });
      expect(await subject.store.listTimers(id)).toEqual([]);
    });

    it("commit - a refused commit sets and clears no timer", async () => {
      const { stored } = await createReturn(subject.store);
      const id = stored.record.id;
      const v2 = await commitTimers(subject.store, stored, {
        set: [{ name: "exchange_hold", due_at: T0 + HOUR }],
      });

      // Computed from version 1 again: a lost version race.
      const stale = await subject.store.commit(
        timerCommit(stored, { set: [{ name: "other", due_at: T0 }], clear: ["exchange_hold"] }),
      );

      expect(stale).toMatchObject({ ok: false, reason: "version_conflict" });
      expect(await subject.store.listTimers(id)).toEqual([timer(id, "exchange_hold", T0 + HOUR)]);
      expect((await subject.store.getReturn(id))?.record.version).toBe(v2.record.version);
    });

    it("commitMany - sets each change's timers, and none when refused", async () => {
      const a = (await createReturn(subject.store)).stored;
      const b = (await createReturn(subject.store)).stored;
      const set = (name: string) => ({ set: [{ name, due_at: T0 + HOUR }] });

      const refused = await subject.store.commitMany({
        changes: [timerCommit(a, set("first")), timerCommit(recordedVersion(b), set("second"))],
      });
      expect(refused).toMatchObject({ ok: false, reason: "version_conflict", index: 1 });
      expect(await subject.store.listTimers(a.record.id)).toEqual([]);

      const result = await subject.store.commitMany({
        changes: [timerCommit(a, set("first")), timerCommit(b, set("second"))],
      });
      expect(result.ok).toBe(true);
      expect(await subject.store.listTimers(a.record.id)).toEqual([
        timer(a.record.id, "first", T0 + HOUR),
      ]);
      expect(await subject.store.listTimers(b.record.id)).toEqual([
        timer(b.record.id, "second", T0 + HOUR),
      ]);
    });

    it("claimDueTimers - only due timers, earliest first, at most limit, never while leased", async () => {
      const a = (await createReturn(subject.store)).stored;
      const b = (await createReturn(subject.store)).stored;
      await commitTimers(subject.store, a, { set: [{ name: "hold", due_at: T0 + 2 }] });
      await commitTimers(subject.store, b, {
        set: [
          { name: "hold", due_at: T0 + 1 },
          { name: "later", due_at: T0 + HOUR },
        ],
      });

      const first = await claim(subject.store, T0 + 10, "w1", LEASE, 1);
      const second = await claim(subject.store, T0 + 10, "w2");
      const third = await claim(subject.store, T0 + 10, "w3");

      expect(first).toEqual([timer(b.record.id, "hold", T0 + 1)]);
      expect(second).toEqual([timer(a.record.id, "hold", T0 + 2)]);
      expect(third).toEqual([]);
      // Claimed, not removed: the timers wait for the commit that fires them.
      expect(await subject.store.listTimers(b.record.id)).toHaveLength(2);
    });

    it("claimDueTimers - concurrent claimers never receive the same timer", async () => {
      const stored = (await createReturn(subject.store)).stored;
      const set = Array.from({ length: 12 }, (_, i) => ({ name: `t${i}`, due_at: T0 + i }));
      await commitTimers(subject.store, stored, { set });

      const batches = await Promise.all(
        Array.from({ length: 5 }, (_, n) => claim(subject.store, T0 + HOUR, `w${n}`, LEASE, 4)),
      );

      const names = batches.flat().map((claimed) => claimed.name);
      expect(names).toHaveLength(12);
      expect(new Set(names).size).toBe(12);
    });

    it("claimDueTimers - a lease that ran out, or a timer set again, is claimed anew", async () => {
      const stored = (await createReturn(subject.store)).stored;
      const v2 = await commitTimers(subject.store, stored, {
        set: [
          { name: "reset", due_at: T0 },
          { name: "short", due_at: T0 + 1 },
        ],
      });
      expect(await claim(subject.store, T0, "w1", LEASE)).toHaveLength(1);
      expect(await claim(subject.store, T0 + 1, "w1", SHORT_LEASE_MS)).toHaveLength(1);
      await outlastShortLease();

      const afterLease = await claim(subject.store, T0 + 1 + SHORT_LEASE_MS, "w2");
      expect(afterLease.map((claimed) => claimed.name)).toEqual(["short"]);
      await commitTimers(subject.store, v2, { set: [{ name: "reset", due_at: T0 + 5 }] });
      const afterReset = await claim(subject.store, T0 + 5, "w3");
      expect(afterReset).toEqual([timer(stored.record.id, "reset", T0 + 5)]);
    });

    it("nextTimerDueAt - the earliest due time a claim could return, null when none", async () => {
      if (!subject.store.nextTimerDueAt) return;
      expect(await subject.store.nextTimerDueAt(T0)).toBeNull();
      const stored = (await createReturn(subject.store)).stored;
      await commitTimers(subject.store, stored, {
        set: [
          { name: "late", due_at: T0 + HOUR },
          { name: "early", due_at: T0 + 60_000 },
        ],
      });
      expect(await subject.store.nextTimerDueAt(T0)).toBe(T0 + 60_000);

      await claim(subject.store, T0 + 60_000, "w1", LEASE);

      // Leased: due again when its lease ends, on the caller's clock; the other is later still.
      const due = await subject.store.nextTimerDueAt(T0 + 60_000);
      expect(due).toBeGreaterThan(T0 + 60_000);
      expect(due).toBeLessThanOrEqual(T0 + 60_000 + LEASE + 1_000);
    });

    it("commit - firing removes the timer; firing it again is refused timer_gone, writing nothing", async () => {
      const { stored } = await createReturn(subject.store);
      const id = stored.record.id;
      const hold = { name: "exchange_hold", due_at: T0 + HOUR };
      const v2 = await commitTimers(subject.store, stored, { set: [hold] });

      const fired = await subject.store.commit(timerCommit(v2, { fire: hold }));
      expect(fired.ok).toBe(true);
      expect(await subject.store.listTimers(id)).toEqual([]);

      const v3 = (await subject.store.getReturn(id))!;
      const again = timerCommit(v3, { fire: hold });
      expect(await subject.store.commit(again)).toEqual({ ok: false, reason: "timer_gone" });
      expect((await subject.store.getReturn(id))?.record.version).toBe(v3.record.version);
      expect(await subject.store.listEvents(id)).not.toContainEqual(
        expect.objectContaining({ id: again.events[0]!.id }),
      );
    });

    it("commit - firing a timer cleared, or set again for another time, is refused timer_gone", async () => {
      const { stored } = await createReturn(subject.store);
      const id = stored.record.id;
      const hold = { name: "hold", due_at: T0 + HOUR };
      const wait = { name: "wait", due_at: T0 + HOUR };
      const v2 = await commitTimers(subject.store, stored, { set: [hold, wait] });
      const v3 = await commitTimers(subject.store, v2, {
        clear: ["hold"],
        set: [{ name: "wait", due_at: T0 + 2 * HOUR }],
      });

      const cleared = await subject.store.commit(timerCommit(v3, { fire: hold }));
      const reset = await subject.store.commit(timerCommit(v3, { fire: wait }));

      expect(cleared).toEqual({ ok: false, reason: "timer_gone" });
      expect(reset).toEqual({ ok: false, reason: "timer_gone" });
      expect(await subject.store.listTimers(id)).toEqual([timer(id, "wait", T0 + 2 * HOUR)]);
    });

    it("commit - a firing may set the timer again (a next deadline) in the same commit", async () => {
      const { stored } = await createReturn(subject.store);
      const id = stored.record.id;
      const first = { name: "reminder", due_at: T0 + HOUR };
      const v2 = await commitTimers(subject.store, stored, { set: [first] });

      await commitTimers(subject.store, v2, {
        fire: first,
        set: [{ name: "reminder", due_at: T0 + 2 * HOUR }],
      });

      expect(await subject.store.listTimers(id)).toEqual([timer(id, "reminder", T0 + 2 * HOUR)]);
    });

    it("commit - of concurrent firings of one timer exactly one commits, even after a retry", async () => {
      const { stored } = await createReturn(subject.store);
      const id = stored.record.id;
      const hold = { name: "exchange_hold", due_at: T0 + HOUR };
      const v2 = await commitTimers(subject.store, stored, { set: [hold] });

      const results = await Promise.all([
        subject.store.commit(timerCommit(v2, { fire: hold })),
        subject.store.commit(timerCommit(v2, { fire: hold })),
      ]);
      // The loser reads again and fires from the version the winner left: refused.
      const latest = (await subject.store.getReturn(id))!;
      const retried = await subject.store.commit(timerCommit(latest, { fire: hold }));

      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(results.find((result) => !result.ok)).toMatchObject({ reason: "version_conflict" });
      expect(retried).toEqual({ ok: false, reason: "timer_gone" });
      const noted = (await subject.store.listEvents(id)).filter((event) => event.seq === null);
      // One recorded event set the timer, one fired it.
      expect(noted).toHaveLength(2);
    });

    it("dropTimer - removes the timer only at its due time and the return's version", async () => {
      const { stored } = await createReturn(subject.store);
      const id = stored.record.id;
      const v2 = await commitTimers(subject.store, stored, {
        set: [{ name: "hold", due_at: T0 + HOUR }],
      });
      const version = v2.record.version;

      expect(await subject.store.dropTimer({ ...timer(id, "hold", T0 + HOUR), version: 1 })).toBe(
        false,
      );
      expect(await subject.store.dropTimer({ ...timer(id, "hold", T0), version })).toBe(false);
      expect(await subject.store.listTimers(id)).toHaveLength(1);
      expect(await subject.store.dropTimer({ ...timer(id, "hold", T0 + HOUR), version })).toBe(
        true,
      );
      expect(await subject.store.listTimers(id)).toEqual([]);
      expect(await subject.store.dropTimer({ ...timer(id, "hold", T0 + HOUR), version })).toBe(
        false,
      );
    });
  });
}
