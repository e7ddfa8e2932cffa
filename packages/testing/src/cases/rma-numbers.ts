/**
 * @module testing/cases/rma-numbers — `ReturnsCommit.rma`: a return request's RMA number,
 * claimed by its commit, unique in the store (of concurrent claims of one code at most one
 * succeeds; a refused commit claims nothing), and `listReturns({ rma })` finding its returns.
 */

import { newReturnRequestId, type ReturnsStore } from "@returnkit/core";
import type { ReturnsCommit } from "@returnkit/core/store";
import { describe, expect, it } from "vitest";
import { makeOutboxEvent, makeStoredReturn, T0 } from "../fixtures";
import type { StoreSubject } from "../subject";

const ORDER = "ord_4001";

/** A request of `skus` (one unit each) claiming `rma`, as the service commits one. */
function requestCommit(rma: string, skus: readonly string[] = ["TEE-BLK", "CAP-RED"]) {
  const request_id = newReturnRequestId();
  const changes = skus.map((sku) => {
    const next = makeStoredReturn({
      order_id: ORDER,
      line: { sku, quantity: 1, size: null },
      request_id,
      rma,
    });
    return { next, expectedVersion: null, events: [makeOutboxEvent(next)] };
  });
  return { request_id, commit: { changes, rma: { rma, request_id } } satisfies ReturnsCommit };
}

async function idsWithRma(store: ReturnsStore, rma: string) {
  const page = await store.listReturns({ rma, limit: 100 });
  return page.data.map((stored) => stored.record.id).sort();
}

export function describeRmaNumbers(subject: StoreSubject): void {
  describe("RMA numbers (commitMany rma, listReturns rma)", () => {
    it("commitMany - claims the request's RMA number; listReturns by it finds the request's returns", async () => {
      const { commit } = requestCommit("RMA-7KQ3-X9TD");
      const other = requestCommit("RMA-7KQ3-X9TE");
      expect((await subject.store.commitMany(commit)).ok).toBe(true);
      expect((await subject.store.commitMany(other.commit)).ok).toBe(true);

      const ids = commit.changes.map((change) => change.next.record.id).sort();
      expect(await idsWithRma(subject.store, "RMA-7KQ3-X9TD")).toEqual(ids);
      expect(await idsWithRma(subject.store, "RMA-0000-0000")).toEqual([]);
      const page = await subject.store.listReturns({ rma: "RMA-7KQ3-X9TD", limit: 1 });
      expect(page.data).toHaveLength(1);
      expect(page.next_cursor).not.toBeNull();
      const both = await subject.store.listReturns({
        rma: "RMA-7KQ3-X9TD",
        request_id: other.request_id,
        limit: 10,
      });
      expect(both.data).toEqual([]);
    });

    it("commitMany - an RMA number another request holds refuses the commit, writing nothing", async () => {
      const first = requestCommit("RMA-AAAA-BBBB");
      expect((await subject.store.commitMany(first.commit)).ok).toBe(true);
      const second = requestCommit("RMA-AAAA-BBBB", ["SOCK-GRY"]);
      const key = {
        key: "rma-taken-key",
        fingerprint: "fp",
        response: { status: 201, body: {}, headers: {} },
        now: T0,
        expiresAt: T0 + 86_400_000,
      };

      const result = await subject.store.commitMany({ ...second.commit, idempotency: key });

      expect(result).toEqual({ ok: false, reason: "rma_taken" });
      const refused = second.commit.changes[0]!.next.record.id;
      expect(await subject.store.getReturn(refused)).toBeNull();
      expect(await subject.store.listEvents(refused)).toEqual([]);
      expect(await subject.store.getIdempotencyRecord("rma-taken-key", T0)).toBeNull();
      expect(await subject.store.returnedQuantities(ORDER)).not.toContainEqual(
        expect.objectContaining({ sku: "SOCK-GRY" }),
      );
    });

    it("commitMany - a commit refused for another reason claims nothing; a key taken is said first", async () => {
      const first = requestCommit("RMA-CCCC-DDDD");
      const key = {
        key: "rma-key",
        fingerprint: "fp",
        response: { status: 201, body: {}, headers: {} },
        now: T0,
        expiresAt: T0 + 86_400_000,
      };
      expect((await subject.store.commitMany({ ...first.commit, idempotency: key })).ok).toBe(true);

      // The same key and code again: the key is the answer (a replay), not the code.
      const retry = requestCommit("RMA-CCCC-DDDD");
      const replayed = await subject.store.commitMany({ ...retry.commit, idempotency: key });
      expect(replayed).toMatchObject({ ok: false, reason: "idempotency_conflict" });

      // Refused for its key, the other code was not claimed: a later request takes it.
      const refused = requestCommit("RMA-EEEE-FFFF");
      await subject.store.commitMany({ ...refused.commit, idempotency: key });
      const later = requestCommit("RMA-EEEE-FFFF");
      expect((await subject.store.commitMany(later.commit)).ok).toBe(true);
    });

    it("commitMany - of concurrent commits claiming one RMA number, exactly one succeeds", async () => {
      const commits = Array.from({ length: 4 }, (_, i) =>
        requestCommit("RMA-GGGG-HHHH", [`SKU-${i}`]),
      );

      const results = await Promise.all(
        commits.map(({ commit }) => subject.store.commitMany(commit)),
      );

      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(results.filter((result) => !result.ok)).toEqual(
        Array(3).fill({ ok: false, reason: "rma_taken" }),
      );
      const winner = commits[results.findIndex((result) => result.ok)]!;
      expect(await idsWithRma(subject.store, "RMA-GGGG-HHHH")).toEqual([
        winner.commit.changes[0]!.next.record.id,
      ]);
    });
  });
}
