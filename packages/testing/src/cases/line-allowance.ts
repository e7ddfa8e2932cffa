/**
 * @module testing/cases/line-allowance — `commit` with a `lineAllowance`, and
 * `returnedQuantities`: the active returns of an order line never hold more units than were
 * bought, however many commits race for the last ones.
 */

import type { ReturnData, ReturnEvent, ReturnsStore } from "@returnkit/core";
import type { CommitResult, ReturnCommit, StoredReturn } from "@returnkit/core/store";
import { describe, expect, it } from "vitest";
import { advanceStoredReturn, makeOutboxEvent, makeStoredReturn, T0 } from "../fixtures";
import type { StoreSubject } from "../subject";

type Line = ReturnData["line"];

const ORDER = "ord_2001";
const TEE_M: Line = { sku: "TEE-BLK", quantity: 1, size: "M" };
const CONCURRENT_WRITERS = 8;
const RACE_ROUNDS = 5;

/** The create commit of a new return of `line` on `order`, carrying `purchased` as its allowance. */
function createCommit(line: Line, purchased: number, order = ORDER): ReturnCommit {
  const next = makeStoredReturn({ order_id: order, line });
  return {
    next,
    expectedVersion: null,
    events: [makeOutboxEvent(next)],
    lineAllowance: { purchased },
  };
}

/** The commit that applies `event` to `stored` and gives it `line`, with an allowance. */
function changeCommit(
  stored: StoredReturn,
  line: Line,
  purchased: number,
  event: ReturnEvent = "update",
): ReturnCommit {
  const advanced = advanceStoredReturn(stored, event);
  const next = { ...advanced, record: { ...advanced.record, line } };
  return {
    next,
    expectedVersion: stored.record.version,
    events: [makeOutboxEvent(next)],
    lineAllowance: { purchased },
  };
}

function withoutAllowance({ lineAllowance: _allowance, ...commit }: ReturnCommit): ReturnCommit {
  return commit;
}

/** Commits and fails loudly on a refusal: the steps a case stands on. */
async function committed(store: ReturnsStore, commit: ReturnCommit): Promise<StoredReturn> {
  const result = await store.commit(commit);
  if (!result.ok) throw new Error(`fixture: commit of ${commit.next.record.id}: ${result.reason}`);
  return commit.next;
}

/** `returnedQuantities` in a stable order, since the contract names none. */
async function returned(store: ReturnsStore, order = ORDER) {
  const lines = await store.returnedQuantities(order);
  const key = (line: { sku: string; size: string | null }) => JSON.stringify([line.sku, line.size]);
  return [...lines].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

const exceeded = (inReturns: number): CommitResult => ({
  ok: false,
  reason: "quantity_exceeded",
  inReturns,
});

export function describeLineAllowance(subject: StoreSubject): void {
  describe("line allowance", () => {
    it("commit - takes units of an order line up to what was purchased", async () => {
      await committed(subject.store, createCommit({ ...TEE_M, quantity: 2 }, 3));
      await committed(subject.store, createCommit(TEE_M, 3));

      expect(await returned(subject.store)).toEqual([{ ...TEE_M, quantity: 3 }]);
    });

    it("commit - refuses a create that would exceed the line with quantity_exceeded, writing nothing", async () => {
      await committed(subject.store, createCommit({ ...TEE_M, quantity: 2 }, 2));
      const refused = createCommit(TEE_M, 2);
      const key = `key-${refused.next.record.id}`;
      const response = { status: 201, body: { id: refused.next.record.id }, headers: {} };

      const result = await subject.store.commit({
        ...refused,
        idempotency: { key, fingerprint: "f", response, now: T0, expiresAt: T0 + 60_000 },
      });

      expect(result).toEqual(exceeded(2));
      expect(await subject.store.getReturn(refused.next.record.id)).toBeNull();
      expect(await subject.store.listEvents(refused.next.record.id)).toEqual([]);
      expect(await subject.store.getIdempotencyRecord(key, T0)).toBeNull();
      expect(await returned(subject.store)).toEqual([{ ...TEE_M, quantity: 2 }]);
    });

    it("commit - counts only returns of the same order, sku and size; a null size matches only null", async () => {
      const unsized: Line = { sku: "TEE-BLK", quantity: 1, size: null };
      await committed(subject.store, createCommit(TEE_M, 1));
      await committed(subject.store, createCommit(TEE_M, 1, "ord_other"));
      await committed(subject.store, createCommit({ ...TEE_M, size: "L" }, 1));
      await committed(subject.store, createCommit({ ...TEE_M, sku: "TEE-WHT" }, 1));
      await committed(subject.store, createCommit(unsized, 1));

      expect(await subject.store.commit(createCommit(TEE_M, 1))).toEqual(exceeded(1));
      expect(await subject.store.commit(createCommit(unsized, 1))).toEqual(exceeded(1));
      // "null" the text is a size like any other, not the absent one.
      await committed(subject.store, createCommit({ ...unsized, size: "null" }, 1));
      expect(await returned(subject.store)).toEqual([
        { sku: "TEE-BLK", size: "L", quantity: 1 },
        { sku: "TEE-BLK", size: "M", quantity: 1 },
        { sku: "TEE-BLK", size: "null", quantity: 1 },
        { sku: "TEE-BLK", size: null, quantity: 1 },
        { sku: "TEE-WHT", size: "M", quantity: 1 },
      ]);
      expect(await returned(subject.store, "ord_other")).toEqual([{ ...TEE_M, quantity: 1 }]);
    });

    it("commit - cancelled and rejected returns free their units", async () => {
      const cancelled = await committed(subject.store, createCommit(TEE_M, 3));
      await committed(subject.store, createCommit(TEE_M, 3));
      await committed(subject.store, createCommit(TEE_M, 3));
      // Cancelling needs no allowance; the freed unit is there for the next create.
      await committed(subject.store, withoutAllowance(changeCommit(cancelled, TEE_M, 3, "cancel")));
      const rejected = makeStoredReturn({ order_id: ORDER, line: TEE_M, state: "rejected" });
      await committed(subject.store, { next: rejected, expectedVersion: null, events: [] });

      expect(await returned(subject.store)).toEqual([{ ...TEE_M, quantity: 2 }]);
      await committed(subject.store, createCommit(TEE_M, 3));
      expect(await subject.store.commit(createCommit(TEE_M, 3))).toEqual(exceeded(3));
    });

    it("returnedQuantities - leaves out lines whose returns are all cancelled or rejected, and unknown orders", async () => {
      const stored = await committed(subject.store, createCommit(TEE_M, 1));
      await committed(subject.store, withoutAllowance(changeCommit(stored, TEE_M, 1, "cancel")));

      expect(await subject.store.returnedQuantities(ORDER)).toEqual([]);
      expect(await subject.store.returnedQuantities("ord_never")).toEqual([]);
    });

    it("returnedQuantities - a return whose latest version names another order counts there only", async () => {
      const stored = await committed(subject.store, createCommit(TEE_M, 1));
      const moved = changeCommit(stored, TEE_M, 1);
      moved.next.record.order_id = "ord_other";

      await committed(subject.store, moved);

      expect(await subject.store.returnedQuantities(ORDER)).toEqual([]);
      expect(await returned(subject.store, "ord_other")).toEqual([{ ...TEE_M, quantity: 1 }]);
      await committed(subject.store, createCommit(TEE_M, 1));
    });

    it("commit - counts a changed return's next version, not its previous one", async () => {
      const stored = await committed(subject.store, createCommit(TEE_M, 2));
      // 2 units, not 1 + 2: the version being replaced holds nothing.
      const raised = await committed(
        subject.store,
        changeCommit(stored, { ...TEE_M, quantity: 2 }, 2),
      );
      expect(await returned(subject.store)).toEqual([{ ...TEE_M, quantity: 2 }]);

      const third = changeCommit(raised, { ...TEE_M, quantity: 3 }, 2);
      expect(await subject.store.commit(third)).toEqual(exceeded(0));
      expect(await subject.store.getReturn(stored.record.id)).toEqual(raised);
    });

    it("commit - refuses raising a return's quantity past what other returns of the line leave", async () => {
      await committed(subject.store, createCommit(TEE_M, 3));
      const stored = await committed(subject.store, createCommit(TEE_M, 3));

      const raise = changeCommit(stored, { ...TEE_M, quantity: 3 }, 3);
      expect(await subject.store.commit(raise)).toEqual(exceeded(1));
      expect(await subject.store.getReturn(stored.record.id)).toEqual(stored);
      expect(await subject.store.listEvents(stored.record.id)).toHaveLength(1);
      await committed(subject.store, changeCommit(stored, { ...TEE_M, quantity: 2 }, 3));
      expect(await returned(subject.store)).toEqual([{ ...TEE_M, quantity: 3 }]);
    });

    it("commit - moving a return to another sku frees its old line and counts against the new one", async () => {
      const white: Line = { ...TEE_M, sku: "TEE-WHT" };
      const grey: Line = { ...TEE_M, sku: "TEE-GRY" };
      const moving = await committed(subject.store, createCommit(TEE_M, 1));
      await committed(subject.store, createCommit(white, 1));

      expect(await subject.store.commit(changeCommit(moving, white, 1))).toEqual(exceeded(1));
      await committed(subject.store, changeCommit(moving, grey, 1));
      await committed(subject.store, createCommit(TEE_M, 1));
      expect(await returned(subject.store)).toEqual([
        { ...TEE_M, quantity: 1 },
        { ...grey, quantity: 1 },
        { ...white, quantity: 1 },
      ]);
    });

    it("commit - without a lineAllowance takes any quantity, which later allowances count", async () => {
      await committed(subject.store, withoutAllowance(createCommit({ ...TEE_M, quantity: 5 }, 0)));

      expect(await subject.store.commit(createCommit(TEE_M, 5))).toEqual(exceeded(5));
      expect(await returned(subject.store)).toEqual([{ ...TEE_M, quantity: 5 }]);
    });

    it("commit - reports already_exists, version_conflict and idempotency_conflict before quantity_exceeded", async () => {
      const stored = await committed(subject.store, createCommit({ ...TEE_M, quantity: 2 }, 2));
      const again = createCommit({ ...TEE_M, quantity: 2 }, 2);
      const sameId = {
        ...again,
        next: { ...again.next, record: { ...again.next.record, id: stored.record.id } },
        events: [],
      };
      expect(await subject.store.commit(sameId)).toEqual({ ok: false, reason: "already_exists" });

      const stale = changeCommit(stored, { ...TEE_M, quantity: 3 }, 2);
      await committed(subject.store, changeCommit(stored, TEE_M, 2));
      expect(await subject.store.commit(stale)).toMatchObject({
        ok: false,
        reason: "version_conflict",
        currentVersion: 2,
      });

      const response = { status: 201, body: {}, headers: {} };
      const use = { key: "key-taken", fingerprint: "f", response, now: T0, expiresAt: T0 + 60_000 };
      await subject.store.recordIdempotencyAnswer(use);
      const keyed = { ...createCommit({ ...TEE_M, quantity: 2 }, 2), idempotency: use };
      expect(await subject.store.commit(keyed)).toMatchObject({
        ok: false,
        reason: "idempotency_conflict",
      });
    });

    it("commit - of two concurrent creates for the last unit exactly one commits", async () => {
      // Several rounds, one order each: a race a store gets wrong is not lost by every round.
      for (let round = 0; round < RACE_ROUNDS; round++) {
        const order = `ord_race_${round}`;
        await committed(subject.store, createCommit(TEE_M, 2, order));
        const racing = [createCommit(TEE_M, 2, order), createCommit(TEE_M, 2, order)];

        const results = await Promise.all(racing.map((commit) => subject.store.commit(commit)));

        expect(results.filter((result) => result.ok)).toHaveLength(1);
        expect(results.filter((result) => !result.ok)).toEqual([exceeded(2)]);
        expect(await returned(subject.store, order)).toEqual([{ ...TEE_M, quantity: 2 }]);
        const written = await Promise.all(
          racing.map((c) => subject.store.getReturn(c.next.record.id)),
        );
        expect(written.filter((stored) => stored !== null)).toHaveLength(1);
      }
    });

    it(`commit - of ${CONCURRENT_WRITERS} concurrent creates of one unit each, exactly as many as were purchased commit`, async () => {
      const purchased = 3;
      const racing = Array.from({ length: CONCURRENT_WRITERS }, () =>
        createCommit(TEE_M, purchased),
      );

      const results = await Promise.all(racing.map((commit) => subject.store.commit(commit)));

      expect(results.filter((result) => result.ok)).toHaveLength(purchased);
      expect(results.filter((result) => !result.ok)).toEqual(
        Array(CONCURRENT_WRITERS - purchased).fill(exceeded(purchased)),
      );
      expect(await returned(subject.store)).toEqual([{ ...TEE_M, quantity: purchased }]);
    });

    it("commit - a raise and a create racing for the last unit: exactly one commits", async () => {
      const stored = await committed(subject.store, createCommit(TEE_M, 2));
      const raise = changeCommit(stored, { ...TEE_M, quantity: 2 }, 2);
      const create = createCommit(TEE_M, 2);

      const [raised, created] = await Promise.all([
        subject.store.commit(raise),
        subject.store.commit(create),
      ]);

      expect([raised, created].filter((result) => result.ok)).toHaveLength(1);
      expect(raised.ok ? created : raised).toEqual(exceeded(raised.ok ? 2 : 1));
      expect(await returned(subject.store)).toEqual([{ ...TEE_M, quantity: 2 }]);
    });

    it("commit - a move to another sku and a create racing for that sku's last unit: exactly one commits", async () => {
      const white: Line = { ...TEE_M, sku: "TEE-WHT" };
      const moving = await committed(subject.store, createCommit(TEE_M, 1));
      const move = changeCommit(moving, white, 1);
      const create = createCommit(white, 1);

      const results = await Promise.all([move, create].map((c) => subject.store.commit(c)));

      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(results.filter((result) => !result.ok)).toEqual([exceeded(1)]);
      const lines = await returned(subject.store);
      // Whichever won, white holds one unit; black kept its unit only if the move lost.
      expect(lines).toContainEqual({ ...white, quantity: 1 });
      expect(lines).toHaveLength(results[0]!.ok ? 1 : 2);
    });

    // The service never hands a store such text; a caller of the store itself might.
    it("returnedQuantities - an order id holding a lone surrogate finds no other order's lines", async () => {
      await committed(subject.store, createCommit(TEE_M, 1, "ord_\ufffd"));

      for (const lone of ["\ud800", "\udfff"]) {
        expect(await subject.store.returnedQuantities(`ord_${lone}`), JSON.stringify(lone)).toEqual(
          [],
        );
      }
      expect(await subject.store.returnedQuantities("ord_\ufffd")).toEqual([
        { ...TEE_M, quantity: 1 },
      ]);
    });
  });
}
