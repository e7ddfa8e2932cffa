/**
 * @module testing/cases/idempotency — idempotency answers recorded and looked up, a key's
 * first use recorded by a commit, and (through the service) what a key stores.
 */

import type { IdempotencyFirstUse, IdempotentResponse } from "@returnkit/core/store";
import { describe, expect, it } from "vitest";
import {
  advanceStoredReturn,
  makeEndpoint,
  makeOutboxEvent,
  makeStoredReturn,
  T0,
} from "../fixtures";
import { advanceReturn, createReturn, type StoreSubject } from "../subject";
import { describeKeyedWrites } from "./keyed-writes";

const TTL_MS = 86_400_000;
const CONCURRENT_RECORDERS = 8;

let keys = 0;
/** Keys are scoped like the service scopes them: caller, method, path, client key. */
const newKey = () =>
  `portal:user-42 POST /v1/portal/returns k-${++keys}-${Math.random().toString(36).slice(2)}`;

const created: IdempotentResponse = {
  status: 201,
  body: { id: "ret_01JD3M6X4R9V6T0Q8Z2W7K5B1C", object: "return" },
  headers: {
    location: "https://shop.example/v1/portal/returns/ret_01JD3M6X4R9V6T0Q8Z2W7K5B1C",
    etag: '"1"',
  },
};

/** A stored refusal: what a final 404 answers. */
const notFound: IdempotentResponse = {
  status: 404,
  body: { type: "urn:returnkit:problem:not-found", title: "Return not found", status: 404 },
  headers: {},
};

/** A key's use at `now`, storing `response` (a commit's first use, or a recorded answer). */
function firstUse(
  key: string,
  now: number,
  fingerprint = "fp-1",
  response: IdempotentResponse = created,
): IdempotencyFirstUse {
  return { key, fingerprint, now, expiresAt: now + TTL_MS, response };
}

export function describeIdempotency(subject: StoreSubject): void {
  describe("idempotency", () => {
    it("recordIdempotencyAnswer - records an absent key", async () => {
      const key = newKey();

      const result = await subject.store.recordIdempotencyAnswer(
        firstUse(key, T0, "fp-1", notFound),
      );

      expect(result).toEqual({ recorded: true });
      expect(await subject.store.getIdempotencyRecord(key, T0 + 1)).toEqual({
        fingerprint: "fp-1",
        response: notFound,
      });
    });

    it("recordIdempotencyAnswer - leaves a live key as it is and returns its record", async () => {
      const key = newKey();
      await subject.store.recordIdempotencyAnswer(firstUse(key, T0, "fp-1", notFound));

      // Just before it expires, with another fingerprint and response.
      const again = await subject.store.recordIdempotencyAnswer(
        firstUse(key, T0 + TTL_MS - 1, "fp-2", created),
      );

      expect(again).toEqual({
        recorded: false,
        record: { fingerprint: "fp-1", response: notFound },
      });
      expect(await subject.store.getIdempotencyRecord(key, T0 + TTL_MS - 1)).toEqual({
        fingerprint: "fp-1",
        response: notFound,
      });
    });

    it("recordIdempotencyAnswer - records an expired key again", async () => {
      const key = newKey();
      await subject.store.recordIdempotencyAnswer({
        ...firstUse(key, T0, "fp-1", notFound),
        expiresAt: T0 + 1_000,
      });

      const before = await subject.store.recordIdempotencyAnswer(
        firstUse(key, T0 + 999, "fp-2", created),
      );
      const after = await subject.store.recordIdempotencyAnswer(
        firstUse(key, T0 + 1_000, "fp-2", created),
      );

      expect(before.recorded).toBe(false);
      expect(after).toEqual({ recorded: true });
      expect(await subject.store.getIdempotencyRecord(key, T0 + 1_001)).toEqual({
        fingerprint: "fp-2",
        response: created,
      });
    });

    it(`recordIdempotencyAnswer - of ${CONCURRENT_RECORDERS} concurrent recorders of one key exactly one records`, async () => {
      const key = newKey();

      const results = await Promise.all(
        Array.from({ length: CONCURRENT_RECORDERS }, (_, index) =>
          subject.store.recordIdempotencyAnswer(
            firstUse(key, T0, `fp-${index}`, { ...notFound, headers: { n: String(index) } }),
          ),
        ),
      );

      const winner = results.findIndex((result) => result.recorded);
      expect(results.filter((result) => result.recorded)).toHaveLength(1);
      const record = {
        fingerprint: `fp-${winner}`,
        response: { ...notFound, headers: { n: String(winner) } },
      };
      expect(results.filter((result) => !result.recorded)).toEqual(
        Array(CONCURRENT_RECORDERS - 1).fill({ recorded: false, record }),
      );
      expect(await subject.store.getIdempotencyRecord(key, T0 + 1)).toEqual(record);
    });

    it("recordIdempotencyAnswer - keeps its own copy of the response", async () => {
      const key = newKey();
      const response = structuredClone(notFound);
      await subject.store.recordIdempotencyAnswer(firstUse(key, T0, "fp-1", response));

      response.status = 500;
      (response.body as { title: string }).title = "changed";

      expect(await subject.store.getIdempotencyRecord(key, T0 + 1)).toEqual({
        fingerprint: "fp-1",
        response: notFound,
      });
    });

    it("getIdempotencyRecord - returns a live record only", async () => {
      const key = newKey();
      await subject.store.recordIdempotencyAnswer({
        ...firstUse(key, T0, "fp-1", notFound),
        expiresAt: T0 + 1_000,
      });

      expect(await subject.store.getIdempotencyRecord(newKey(), T0)).toBeNull();
      expect(await subject.store.getIdempotencyRecord(key, T0 + 999)).toEqual({
        fingerprint: "fp-1",
        response: notFound,
      });
      expect(await subject.store.getIdempotencyRecord(key, T0 + 1_000)).toBeNull();
      // A look-up changes nothing: the key is still free to record after it.
      expect(await subject.store.recordIdempotencyAnswer(firstUse(newKey(), T0 + 1_000))).toEqual({
        recorded: true,
      });
    });

    it("recordIdempotencyAnswer - a key a commit's first use recorded is not recorded again", async () => {
      const key = newKey();
      const stored = makeStoredReturn();
      await subject.store.commit({
        next: stored,
        expectedVersion: null,
        events: [],
        idempotency: firstUse(key, T0),
      });

      const result = await subject.store.recordIdempotencyAnswer(
        firstUse(key, T0 + 1, "fp-2", notFound),
      );

      expect(result).toEqual({
        recorded: false,
        record: { fingerprint: "fp-1", response: created },
      });
    });

    it("commit - a first use of a key with a recorded answer writes nothing and reports it", async () => {
      const key = newKey();
      await subject.store.recordIdempotencyAnswer(firstUse(key, T0, "fp-1", notFound));
      const stored = makeStoredReturn();

      const result = await subject.store.commit({
        next: stored,
        expectedVersion: null,
        events: [makeOutboxEvent(stored)],
        idempotency: firstUse(key, T0 + 1),
      });

      expect(result).toEqual({
        ok: false,
        reason: "idempotency_conflict",
        record: { fingerprint: "fp-1", response: notFound },
      });
      expect(await subject.store.getReturn(stored.record.id)).toBeNull();
    });

    // ---------------------------------------------------------------- first use in a commit

    it("commit - records a key's first use as completed, with the change", async () => {
      const key = newKey();
      const stored = makeStoredReturn();

      const result = await subject.store.commit({
        next: stored,
        expectedVersion: null,
        events: [makeOutboxEvent(stored)],
        idempotency: firstUse(key, T0),
      });

      expect(result.ok).toBe(true);
      expect(await subject.store.getReturn(stored.record.id)).toEqual(stored);
      expect(await subject.store.getIdempotencyRecord(key, T0 + 1)).toEqual({
        fingerprint: "fp-1",
        response: created,
      });
    });

    it("commit - a first use of a key already answered writes nothing and reports its record", async () => {
      const { stored, events } = await createReturn(subject.store);
      const key = newKey();
      const first = makeStoredReturn();
      await subject.store.commit({
        next: first,
        expectedVersion: null,
        events: [],
        idempotency: firstUse(key, T0),
      });
      const next = advanceStoredReturn(stored, "submit");
      await subject.store.saveEndpoint(makeEndpoint());
      const event = makeOutboxEvent(next);

      const result = await subject.store.commit({
        next,
        expectedVersion: 1,
        events: [event],
        idempotency: firstUse(key, T0 + 1, "fp-2"),
      });

      expect(result).toEqual({
        ok: false,
        reason: "idempotency_conflict",
        record: { fingerprint: "fp-1", response: created },
      });
      expect(await subject.store.getReturn(stored.record.id)).toEqual(stored);
      expect(await subject.store.listEvents(stored.record.id)).toEqual(events);
      expect(await subject.store.listDeliveries({ eventId: event.id })).toEqual([]);
    });

    it("commit - a first use takes over an expired key", async () => {
      const expired = newKey();
      await subject.store.commit({
        next: makeStoredReturn(),
        expectedVersion: null,
        events: [],
        idempotency: firstUse(expired, T0),
      });
      const stored = makeStoredReturn();

      const result = await subject.store.commit({
        next: stored,
        expectedVersion: null,
        events: [],
        idempotency: firstUse(expired, T0 + TTL_MS, "fp-new"),
      });

      expect(result.ok).toBe(true);
      expect(await subject.store.getReturn(stored.record.id)).toEqual(stored);
      expect(await subject.store.getIdempotencyRecord(expired, T0 + TTL_MS + 1)).toEqual({
        fingerprint: "fp-new",
        response: created,
      });
    });

    it("commit - a version conflict is reported before a key already answered", async () => {
      const created1 = await createReturn(subject.store);
      const key = newKey();
      await subject.store.commit({
        next: makeStoredReturn(),
        expectedVersion: null,
        events: [],
        idempotency: firstUse(key, T0),
      });
      const stale = advanceStoredReturn(created1.stored, "submit");
      await advanceReturn(subject.store, created1.stored, "submit");

      const result = await subject.store.commit({
        next: stale,
        expectedVersion: 1,
        events: [],
        idempotency: firstUse(key, T0 + 1),
      });

      expect(result).toMatchObject({ ok: false, reason: "version_conflict", currentVersion: 2 });
    });

    it(`commit - of ${CONCURRENT_RECORDERS} concurrent first uses of one key exactly one writes`, async () => {
      const key = newKey();
      const candidates = Array.from({ length: CONCURRENT_RECORDERS }, () => makeStoredReturn());

      const results = await Promise.all(
        candidates.map((stored) =>
          subject.store.commit({
            next: stored,
            expectedVersion: null,
            events: [makeOutboxEvent(stored)],
            idempotency: firstUse(key, T0),
          }),
        ),
      );

      const winners = candidates.filter((_, index) => results[index]!.ok);
      expect(winners).toHaveLength(1);
      for (const result of results.filter((r) => !r.ok)) {
        expect(result).toEqual({
          ok: false,
          reason: "idempotency_conflict",
          record: { fingerprint: "fp-1", response: created },
        });
      }
      for (const stored of candidates) {
        expect(await subject.store.getReturn(stored.record.id)).toEqual(
          stored === winners[0] ? stored : null,
        );
      }
    });

    // Service-level: they hold on any store keeping the cases above.
    if (subject.serviceCases !== false) describeKeyedWrites(subject);
  });
}
