/**
 * @module testing/cases/return-requests — `commitMany`, the commit of a return request's
 * returns: all of them with their events and the key, or none, whichever change is refused
 * and even when the store fails part-way; and `listReturns` by `request_id`.
 */

import type { ReturnData, ReturnsStore } from "@returnkit/core";
import { newReturnRequestId } from "@returnkit/core";
import type {
  IdempotencyFirstUse,
  ReturnCommit,
  ReturnsCommit,
  StoredReturn,
} from "@returnkit/core/store";
import { describe, expect, it } from "vitest";
import {
  advanceStoredReturn,
  makeEndpoint,
  makeOutboxEvent,
  makeStoredReturn,
  T0,
} from "../fixtures";
import { claimDue, createReturn, type StoreSubject, withoutPosition } from "../subject";

type Change = ReturnsCommit["changes"][number];
type Line = ReturnData["line"];

const ORDER = "ord_3001";
const TEE_M: Line = { sku: "TEE-BLK", quantity: 1, size: "M" };
const CAP: Line = { sku: "CAP-RED", quantity: 1, size: null };

/** The create change of a new draft of `line` in request `requestId`, with its allowance. */
function createChange(requestId: string, line: Line, purchased = 5): Change {
  const next = makeStoredReturn({ order_id: ORDER, line, request_id: requestId });
  return {
    next,
    expectedVersion: null,
    events: [makeOutboxEvent(next)],
    lineAllowance: { purchased },
  };
}

/** The change sending `event` to `stored`. */
function eventChange(stored: StoredReturn, event: "submit" | "approve" | "ship"): Change {
  const next = advanceStoredReturn(stored, event);
  return { next, expectedVersion: stored.record.version, events: [makeOutboxEvent(next)] };
}

/** The next version of `stored` with nothing else changed and no event. */
function silentChange(stored: StoredReturn): Change {
  const next = { ...stored, record: { ...stored.record, version: stored.record.version + 1 } };
  return { next, expectedVersion: stored.record.version, events: [] };
}

function keyUse(key: string, body: unknown = { requested: true }): IdempotencyFirstUse {
  return {
    key,
    fingerprint: `fp-${key}`,
    response: { status: 201, body, headers: { location: "/v1/portal/return-requests/x" } },
    now: T0,
    expiresAt: T0 + 86_400_000,
  };
}

/** What the store holds of `ids`: each return (or null) and its events, for before/after checks. */
async function holdings(store: ReturnsStore, ids: string[]) {
  return Promise.all(
    ids.map(async (id) => ({
      stored: await store.getReturn(id),
      events: await store.listEvents(id),
    })),
  );
}

async function committedMany(store: ReturnsStore, commit: ReturnsCommit) {
  const result = await store.commitMany(commit);
  if (!result.ok) throw new Error(`fixture: commitMany refused: ${result.reason}`);
  return result.events;
}

export function describeReturnRequests(subject: StoreSubject): void {
  describe("return requests (commitMany)", () => {
    it("commitMany - writes every change and its events, positions in order per return", async () => {
      const request = newReturnRequestId();
      const first = createChange(request, TEE_M);
      const second = createChange(request, CAP);
      second.events.push(makeOutboxEvent(second.next, { type: "return.flagged" }));

      const result = await subject.store.commitMany({ changes: [first, second] });

      if (!result.ok) throw new Error(`commitMany failed: ${result.reason}`);
      expect(result.events.map((events) => events.map(withoutPosition))).toEqual([
        first.events,
        second.events,
      ]);
      const [a, b] = result.events[1]!;
      expect(a!.position).toBeLessThan(b!.position);
      expect(await subject.store.getReturn(first.next.record.id)).toEqual(first.next);
      expect(await subject.store.getReturn(second.next.record.id)).toEqual(second.next);
      expect(await subject.store.listEvents(second.next.record.id)).toEqual(result.events[1]);
    });

    it("commitMany - applies changes computed from the current versions", async () => {
      const request = newReturnRequestId();
      const events = await committedMany(subject.store, {
        changes: [createChange(request, TEE_M), createChange(request, CAP)],
      });
      const drafts = await Promise.all(
        events.map(async (list) => (await subject.store.getReturn(list[0]!.return_id!))!),
      );

      const changes = drafts.map((draft) => eventChange(draft, "submit"));
      await committedMany(subject.store, { changes });

      for (const change of changes) {
        expect(await subject.store.getReturn(change.next.record.id)).toEqual(change.next);
        const stored = await subject.store.listEvents(change.next.record.id);
        expect(stored.map((event) => event.type)).toEqual(["return.created", "return.submitted"]);
        expect(stored[0]!.position).toBeLessThan(stored[1]!.position);
      }
    });

    it("commitMany - a version conflict at one change refuses all, naming its index", async () => {
      const one = await createReturn(subject.store, { order_id: ORDER });
      const two = await createReturn(subject.store, { order_id: ORDER, line: CAP });
      const stale = eventChange(two.stored, "submit");
      await subject.store.commit(eventChange(two.stored, "submit"));
      const before = await holdings(subject.store, [one.stored.record.id, two.stored.record.id]);

      const result = await subject.store.commitMany({
        changes: [eventChange(one.stored, "submit"), stale],
        idempotency: keyUse("conflicted"),
      });

      expect(result).toMatchObject({
        ok: false,
        reason: "version_conflict",
        currentVersion: 2,
        index: 1,
      });
      expect(await holdings(subject.store, [one.stored.record.id, two.stored.record.id])).toEqual(
        before,
      );
      expect(await subject.store.getIdempotencyRecord("conflicted", T0)).toBeNull();
    });

    it("commitMany - creating a return that exists refuses all with already_exists and its index", async () => {
      const existing = await createReturn(subject.store, { order_id: ORDER });
      const fresh = createChange(newReturnRequestId(), CAP);
      const again = makeStoredReturn({ id: existing.stored.record.id, order_id: ORDER });

      const result = await subject.store.commitMany({
        changes: [fresh, { next: again, expectedVersion: null, events: [makeOutboxEvent(again)] }],
      });

      expect(result).toMatchObject({ ok: false, reason: "already_exists", index: 1 });
      expect(await subject.store.getReturn(fresh.next.record.id)).toBeNull();
      expect(await subject.store.listEvents(existing.stored.record.id)).toHaveLength(1);
    });

    it("commitMany - a line allowance exceeded at one change refuses all, naming the units in returns", async () => {
      await subject.store.commit(createChange(newReturnRequestId(), TEE_M, 2) as ReturnCommit);
      const request = newReturnRequestId();
      const cap = createChange(request, CAP, 1);
      const tees = createChange(request, { ...TEE_M, quantity: 2 }, 2);

      const result = await subject.store.commitMany({ changes: [cap, tees] });

      expect(result).toEqual({ ok: false, reason: "quantity_exceeded", inReturns: 1, index: 1 });
      expect(await subject.store.getReturn(cap.next.record.id)).toBeNull();
      expect(await subject.store.returnedQuantities(ORDER)).toEqual([{ ...TEE_M, quantity: 1 }]);
    });

    it("commitMany - counts the units its own earlier changes take of a line", async () => {
      const request = newReturnRequestId();
      const first = createChange(request, TEE_M, 2);
      const second = createChange(request, { ...TEE_M, quantity: 2 }, 2);

      const result = await subject.store.commitMany({ changes: [first, second] });

      expect(result).toEqual({ ok: false, reason: "quantity_exceeded", inReturns: 1, index: 1 });
      expect(await subject.store.getReturn(first.next.record.id)).toBeNull();
      expect(await subject.store.returnedQuantities(ORDER)).toEqual([]);
    });

    it("commitMany - records the key once with the commit; a second use writes nothing", async () => {
      const request = newReturnRequestId();
      const body = { id: request, returns: 2 };
      await committedMany(subject.store, {
        changes: [createChange(request, TEE_M), createChange(request, CAP)],
        idempotency: keyUse("rq-key", body),
      });
      const again = createChange(newReturnRequestId(), TEE_M);

      const result = await subject.store.commitMany({
        changes: [again],
        idempotency: { ...keyUse("rq-key", { other: true }), fingerprint: "fp-other" },
      });

      expect(result).toEqual({
        ok: false,
        reason: "idempotency_conflict",
        record: { fingerprint: "fp-rq-key", response: keyUse("rq-key", body).response },
      });
      expect(await subject.store.getReturn(again.next.record.id)).toBeNull();
      expect(await subject.store.getIdempotencyRecord("rq-key", T0)).toEqual({
        fingerprint: "fp-rq-key",
        response: keyUse("rq-key", body).response,
      });
    });

    it("commitMany - creates a delivery for every event of every change", async () => {
      const endpoint = makeEndpoint();
      await subject.store.saveEndpoint(endpoint);
      const request = newReturnRequestId();

      const events = await committedMany(subject.store, {
        changes: [createChange(request, TEE_M), createChange(request, CAP)],
      });

      const claimed = await claimDue(subject.store, T0 + 60_000, { limit: 10 });
      expect(claimed.map(({ event }) => event.id).sort()).toEqual(
        events
          .flat()
          .map((event) => event.id)
          .sort(),
      );
      expect(claimed.every(({ endpoint: to }) => to.id === endpoint.id)).toBe(true);
    });

    it("commitMany - writes a change without events: its new version, nothing in the outbox", async () => {
      const request = newReturnRequestId();
      const events = await committedMany(subject.store, {
        changes: [createChange(request, TEE_M), createChange(request, CAP)],
      });
      const [tee, cap] = await Promise.all(
        events.map(async (list) => (await subject.store.getReturn(list[0]!.return_id!))!),
      );
      // What a return's write does to a sibling whose share it moved: a version, no event.
      const sibling = silentChange(cap!);

      const result = await subject.store.commitMany({
        changes: [eventChange(tee!, "submit"), sibling],
      });

      if (!result.ok) throw new Error(`commitMany failed: ${result.reason}`);
      expect(result.events[1]).toEqual([]);
      expect(await subject.store.getReturn(cap!.record.id)).toEqual(sibling.next);
      expect(await subject.store.listEvents(cap!.record.id)).toEqual(events[1]);
    });

    it("commitMany - of two concurrent commits each writing both returns from the same versions, exactly one lands", async () => {
      const request = newReturnRequestId();
      const events = await committedMany(subject.store, {
        changes: [createChange(request, TEE_M), createChange(request, CAP)],
      });
      const [tee, cap] = await Promise.all(
        events.map(async (list) => (await subject.store.getReturn(list[0]!.return_id!))!),
      );
      // Each submits one return and writes the other's version with it, in opposite orders.
      const commits: ReturnsCommit[] = [
        { changes: [eventChange(tee!, "submit"), silentChange(cap!)] },
        { changes: [eventChange(cap!, "submit"), silentChange(tee!)] },
      ];

      const results = await Promise.all(commits.map((commit) => subject.store.commitMany(commit)));

      const winners = results.flatMap((result, index) => (result.ok ? [index] : []));
      expect(winners).toHaveLength(1);
      const loser = results.find((result) => !result.ok);
      expect(loser).toMatchObject({ ok: false, reason: "version_conflict", currentVersion: 2 });
      const won = commits[winners[0]!]!.changes;
      for (const change of won) {
        expect(await subject.store.getReturn(change.next.record.id)).toEqual(change.next);
      }
      const written = await Promise.all(
        [tee!, cap!].map((stored) => subject.store.listEvents(stored.record.id)),
      );
      expect(written.flat()).toHaveLength(3);
    });

    it("commitMany - a store failing part-way writes nothing (a throw or a refusal, never half)", async () => {
      const request = newReturnRequestId();
      const good = createChange(request, TEE_M);
      const broken = createChange(request, CAP);
      // A version other than expectedVersion + 1 is a programming error a store may throw on.
      broken.next = { ...broken.next, record: { ...broken.next.record, version: 7 } };

      const outcome = await subject.store
        .commitMany({ changes: [good, broken], idempotency: keyUse("crashed") })
        .then(
          (result) => result,
          (error: unknown) => error,
        );

      expect(outcome instanceof Error || (outcome as { ok?: boolean }).ok === false).toBe(true);
      expect(await holdings(subject.store, [good.next.record.id, broken.next.record.id])).toEqual([
        { stored: null, events: [] },
        { stored: null, events: [] },
      ]);
      expect(await subject.store.getIdempotencyRecord("crashed", T0)).toBeNull();
      expect(await subject.store.returnedQuantities(ORDER)).toEqual([]);
    });

    it("listReturns - filters by request_id, newest first, paging like the other filters", async () => {
      const request = newReturnRequestId();
      await committedMany(subject.store, {
        changes: [createChange(request, TEE_M), createChange(request, CAP)],
      });
      await committedMany(subject.store, {
        changes: [createChange(newReturnRequestId(), { ...TEE_M, size: "L" })],
      });
      await createReturn(subject.store, { order_id: ORDER, line: { ...TEE_M, size: "S" } });

      const all = await subject.store.listReturns({ request_id: request, limit: 10 });
      const first = await subject.store.listReturns({ request_id: request, limit: 1 });
      const rest = await subject.store.listReturns({
        request_id: request,
        limit: 1,
        cursor: first.next_cursor!,
      });

      expect(all.data.map(({ record }) => record.line.sku)).toEqual(["CAP-RED", "TEE-BLK"]);
      expect(all.data.every(({ record }) => record.request_id === request)).toBe(true);
      expect(all.next_cursor).toBeNull();
      expect([...first.data, ...rest.data]).toEqual(all.data);
      expect(rest.next_cursor).toBeNull();
      expect(
        (await subject.store.listReturns({ request_id: newReturnRequestId(), limit: 10 })).data,
      ).toEqual([]);
    });
  });
}
