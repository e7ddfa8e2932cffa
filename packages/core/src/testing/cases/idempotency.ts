/**
 * @module testing/cases/idempotency — claim, complete and release of idempotency keys, their
 * completion inside a commit, a key's first use recorded by a commit, and (through the
 * service) what a key stores.
 */
import { describe, expect, it } from "vitest";
import type {
  IdempotencyClaimRequest,
  IdempotencyFirstUse,
  IdempotentResponse,
  ReturnsStore,
} from "../../store/types";
import {
  advanceStoredReturn,
  makeEndpoint,
  makeOutboxEvent,
  makeStoredReturn,
  T0,
} from "../fixtures";
import { advanceReturn, createReturn, type StoreSubject } from "../subject";
import { describeKeyedWrites } from "./keyed-writes";

const LEASE_MS = 30_000;
const TTL_MS = 86_400_000;
const CONCURRENT_CLAIMS = 8;

let keys = 0;
/** Keys are scoped like the service scopes them: caller, method, path, client key. */
const newKey = () =>
  `portal:user-42 POST /v1/portal/returns k-${++keys}-${Math.random().toString(36).slice(2)}`;

function claimAt(key: string, now: number, fingerprint = "fp-1"): IdempotencyClaimRequest {
  return { key, fingerprint, now, lockedUntil: now + LEASE_MS, expiresAt: now + TTL_MS };
}

const created: IdempotentResponse = {
  status: 201,
  body: { id: "ret_01JD3M6X4R9V6T0Q8Z2W7K5B1C", object: "return" },
  headers: {
    location: "https://shop.example/v1/portal/returns/ret_01JD3M6X4R9V6T0Q8Z2W7K5B1C",
    etag: '"1"',
  },
};

/** A commit's first use of `key` at `now`, storing the `created` response. */
function firstUse(key: string, now: number, fingerprint = "fp-1"): IdempotencyFirstUse {
  return { key, fingerprint, now, expiresAt: now + TTL_MS, response: created };
}

async function claimToken(store: ReturnsStore, key: string, now = T0): Promise<string> {
  const claim = await store.claimIdempotencyKey(claimAt(key, now));
  if (!claim.claimed) throw new Error(`fixture: ${key} could not be claimed`);
  return claim.token;
}

export function describeIdempotency(subject: StoreSubject): void {
  describe("idempotency", () => {
    it("claimIdempotencyKey - claims an absent key with a token", async () => {
      const claim = await subject.store.claimIdempotencyKey(claimAt(newKey(), T0));

      expect(claim.claimed).toBe(true);
      expect(claim.claimed && claim.token.length).toBeGreaterThan(0);
    });

    it("claimIdempotencyKey - reports in_progress with the fingerprint while the lease holds", async () => {
      const key = newKey();
      await claimToken(subject.store, key);

      const again = await subject.store.claimIdempotencyKey(
        claimAt(key, T0 + LEASE_MS - 1, "fp-2"),
      );

      expect(again).toEqual({
        claimed: false,
        record: { state: "in_progress", fingerprint: "fp-1" },
      });
    });

    it("claimIdempotencyKey - returns the completed record with its response", async () => {
      const key = newKey();
      const token = await claimToken(subject.store, key);
      await subject.store.completeIdempotencyKey({
        key,
        token,
        response: created,
        expiresAt: T0 + TTL_MS,
      });

      // Long after the lease: a completed record is kept until it expires.
      const again = await subject.store.claimIdempotencyKey(claimAt(key, T0 + TTL_MS - 1, "fp-2"));

      expect(again).toEqual({
        claimed: false,
        record: { state: "completed", fingerprint: "fp-1", response: created },
      });
    });

    it(`claimIdempotencyKey - of ${CONCURRENT_CLAIMS} concurrent claims on one key exactly one succeeds`, async () => {
      const key = newKey();

      const claims = await Promise.all(
        Array.from({ length: CONCURRENT_CLAIMS }, () =>
          subject.store.claimIdempotencyKey(claimAt(key, T0)),
        ),
      );

      expect(claims.filter((claim) => claim.claimed)).toHaveLength(1);
      expect(claims.filter((claim) => !claim.claimed)).toEqual(
        Array(CONCURRENT_CLAIMS - 1).fill({
          claimed: false,
          record: { state: "in_progress", fingerprint: "fp-1" },
        }),
      );
    });

    it("claimIdempotencyKey - takes over an in_progress key once its lease ran out", async () => {
      const key = newKey();
      const first = await claimToken(subject.store, key);

      const takeover = await subject.store.claimIdempotencyKey(claimAt(key, T0 + LEASE_MS, "fp-2"));

      expect(takeover.claimed).toBe(true);
      expect(takeover.claimed && takeover.token).not.toBe(first);
      // The new holder's lease and fingerprint now stand.
      expect(await subject.store.claimIdempotencyKey(claimAt(key, T0 + LEASE_MS + 1))).toEqual({
        claimed: false,
        record: { state: "in_progress", fingerprint: "fp-2" },
      });
    });

    it("claimIdempotencyKey - of concurrent takeovers of a stale lease exactly one succeeds", async () => {
      const key = newKey();
      await claimToken(subject.store, key);

      const claims = await Promise.all(
        Array.from({ length: CONCURRENT_CLAIMS }, () =>
          subject.store.claimIdempotencyKey(claimAt(key, T0 + LEASE_MS + 5)),
        ),
      );

      expect(claims.filter((claim) => claim.claimed)).toHaveLength(1);
    });

    it("claimIdempotencyKey - claims a completed key again once it expired", async () => {
      const key = newKey();
      const token = await claimToken(subject.store, key);
      await subject.store.completeIdempotencyKey({
        key,
        token,
        response: created,
        expiresAt: T0 + 1_000,
      });

      const before = await subject.store.claimIdempotencyKey(claimAt(key, T0 + 999));
      const after = await subject.store.claimIdempotencyKey(claimAt(key, T0 + 1_000));

      expect(before.claimed).toBe(false);
      expect(after.claimed).toBe(true);
    });

    it("claimIdempotencyKey - claims an in_progress key again once it expired", async () => {
      const key = newKey();
      await subject.store.claimIdempotencyKey({
        key,
        fingerprint: "fp-1",
        now: T0,
        lockedUntil: T0 + 10_000,
        expiresAt: T0 + 5_000,
      });

      const again = await subject.store.claimIdempotencyKey(claimAt(key, T0 + 5_000));

      expect(again.claimed).toBe(true);
    });

    it("completeIdempotencyKey - completes only under the claiming token", async () => {
      const key = newKey();
      const token = await claimToken(subject.store, key);

      const wrong = await subject.store.completeIdempotencyKey({
        key,
        token: `${token}-other`,
        response: created,
        expiresAt: T0 + TTL_MS,
      });
      const stillRunning = await subject.store.claimIdempotencyKey(claimAt(key, T0 + 1));
      const right = await subject.store.completeIdempotencyKey({
        key,
        token,
        response: created,
        expiresAt: T0 + TTL_MS,
      });

      expect(wrong).toBe(false);
      expect(stillRunning).toEqual({
        claimed: false,
        record: { state: "in_progress", fingerprint: "fp-1" },
      });
      expect(right).toBe(true);
    });

    it("completeIdempotencyKey - refuses a holder whose lease was taken over", async () => {
      const key = newKey();
      const stale = await claimToken(subject.store, key);
      await claimToken(subject.store, key, T0 + LEASE_MS);

      const completed = await subject.store.completeIdempotencyKey({
        key,
        token: stale,
        response: created,
        expiresAt: T0 + TTL_MS,
      });

      expect(completed).toBe(false);
      expect(await subject.store.claimIdempotencyKey(claimAt(key, T0 + LEASE_MS + 1))).toEqual({
        claimed: false,
        record: { state: "in_progress", fingerprint: "fp-1" },
      });
    });

    it("completeIdempotencyKey - refuses a key that is already completed or unknown", async () => {
      const key = newKey();
      const token = await claimToken(subject.store, key);
      const completion = { key, token, response: created, expiresAt: T0 + TTL_MS };
      await subject.store.completeIdempotencyKey(completion);

      const twice = await subject.store.completeIdempotencyKey({
        ...completion,
        response: { ...created, status: 200 },
      });
      const unknown = await subject.store.completeIdempotencyKey({ ...completion, key: newKey() });

      expect(twice).toBe(false);
      expect(unknown).toBe(false);
      expect(await subject.store.claimIdempotencyKey(claimAt(key, T0 + 1))).toEqual({
        claimed: false,
        record: { state: "completed", fingerprint: "fp-1", response: created },
      });
    });

    it("releaseIdempotencyKey - forgets an in_progress key so the retry runs again", async () => {
      const key = newKey();
      const token = await claimToken(subject.store, key);

      await subject.store.releaseIdempotencyKey(key, token);

      expect((await subject.store.claimIdempotencyKey(claimAt(key, T0 + 1))).claimed).toBe(true);
    });

    it("releaseIdempotencyKey - ignores a wrong token and a completed key", async () => {
      const running = newKey();
      const runningToken = await claimToken(subject.store, running);
      const done = newKey();
      const doneToken = await claimToken(subject.store, done);
      await subject.store.completeIdempotencyKey({
        key: done,
        token: doneToken,
        response: created,
        expiresAt: T0 + TTL_MS,
      });

      await subject.store.releaseIdempotencyKey(running, `${runningToken}-other`);
      await subject.store.releaseIdempotencyKey(done, doneToken);

      expect(await subject.store.claimIdempotencyKey(claimAt(running, T0 + 1))).toEqual({
        claimed: false,
        record: { state: "in_progress", fingerprint: "fp-1" },
      });
      expect(await subject.store.claimIdempotencyKey(claimAt(done, T0 + 1))).toEqual({
        claimed: false,
        record: { state: "completed", fingerprint: "fp-1", response: created },
      });
    });

    it("commit - completes the idempotency key with the state change", async () => {
      const key = newKey();
      const token = await claimToken(subject.store, key);
      const stored = makeStoredReturn();

      const result = await subject.store.commit({
        next: stored,
        expectedVersion: null,
        events: [makeOutboxEvent(stored)],
        idempotency: { key, token, response: created, expiresAt: T0 + TTL_MS },
      });

      expect(result.ok).toBe(true);
      expect(await subject.store.claimIdempotencyKey(claimAt(key, T0 + 1))).toEqual({
        claimed: false,
        record: { state: "completed", fingerprint: "fp-1", response: created },
      });
    });

    it("commit - with a token that was taken over writes nothing (create)", async () => {
      const key = newKey();
      const stale = await claimToken(subject.store, key);
      await claimToken(subject.store, key, T0 + LEASE_MS);
      const stored = makeStoredReturn();
      await subject.store.saveEndpoint(makeEndpoint());
      const event = makeOutboxEvent(stored);

      const result = await subject.store.commit({
        next: stored,
        expectedVersion: null,
        events: [event],
        idempotency: { key, token: stale, response: created, expiresAt: T0 + TTL_MS },
      });

      expect(result).toEqual({ ok: false, reason: "idempotency_lost" });
      expect(await subject.store.getReturn(stored.record.id)).toBeNull();
      expect(await subject.store.listEvents(stored.record.id)).toEqual([]);
      expect(await subject.store.listDeliveries({ eventId: event.id })).toEqual([]);
      expect(await subject.store.claimIdempotencyKey(claimAt(key, T0 + LEASE_MS + 1))).toEqual({
        claimed: false,
        record: { state: "in_progress", fingerprint: "fp-1" },
      });
    });

    it("commit - with a token that was taken over writes nothing (change)", async () => {
      const { stored, events } = await createReturn(subject.store);
      const key = newKey();
      const stale = await claimToken(subject.store, key);
      await claimToken(subject.store, key, T0 + LEASE_MS);
      const next = advanceStoredReturn(stored, "submit");

      const result = await subject.store.commit({
        next,
        expectedVersion: 1,
        events: [makeOutboxEvent(next)],
        idempotency: { key, token: stale, response: created, expiresAt: T0 + TTL_MS },
      });

      expect(result).toEqual({ ok: false, reason: "idempotency_lost" });
      expect(await subject.store.getReturn(stored.record.id)).toEqual(stored);
      expect(await subject.store.listEvents(stored.record.id)).toEqual(events);
    });

    it("commit - with a released, completed or unknown key writes nothing", async () => {
      const released = newKey();
      const releasedToken = await claimToken(subject.store, released);
      await subject.store.releaseIdempotencyKey(released, releasedToken);
      const done = newKey();
      const doneToken = await claimToken(subject.store, done);
      await subject.store.completeIdempotencyKey({
        key: done,
        token: doneToken,
        response: created,
        expiresAt: T0 + TTL_MS,
      });
      const attempts = [
        { key: released, token: releasedToken },
        { key: done, token: doneToken },
        { key: newKey(), token: "idk_unknown" },
      ];

      for (const { key, token } of attempts) {
        const stored = makeStoredReturn();
        const result = await subject.store.commit({
          next: stored,
          expectedVersion: null,
          events: [makeOutboxEvent(stored)],
          idempotency: { key, token, response: created, expiresAt: T0 + TTL_MS },
        });

        expect(result).toEqual({ ok: false, reason: "idempotency_lost" });
        expect(await subject.store.getReturn(stored.record.id)).toBeNull();
      }
    });

    it("commit - succeeds under a token whose lease ran out while nobody took over", async () => {
      // The lease (T0 + 30 s) only decides who may claim; the token decides who may commit.
      // A commit carries no clock, so a store must not judge the lease by its own.
      const key = newKey();
      const token = await claimToken(subject.store, key);
      const stored = makeStoredReturn();

      const result = await subject.store.commit({
        next: stored,
        expectedVersion: null,
        events: [],
        idempotency: { key, token, response: created, expiresAt: T0 + TTL_MS },
      });

      expect(result.ok).toBe(true);
      expect(await subject.store.getReturn(stored.record.id)).toEqual(stored);
    });

    it("commit - of two holders racing after a takeover only the current one commits", async () => {
      const { stored } = await createReturn(subject.store);
      const key = newKey();
      const stale = await claimToken(subject.store, key);
      const current = await claimToken(subject.store, key, T0 + LEASE_MS);
      const commitWith = (token: string) => {
        const next = advanceStoredReturn(stored, "submit");
        return subject.store.commit({
          next,
          expectedVersion: 1,
          events: [makeOutboxEvent(next)],
          idempotency: { key, token, response: created, expiresAt: T0 + TTL_MS },
        });
      };

      const [staleResult, currentResult] = await Promise.all([
        commitWith(stale),
        commitWith(current),
      ]);

      expect(currentResult.ok).toBe(true);
      expect(staleResult.ok).toBe(false);
      expect((await subject.store.getReturn(stored.record.id))?.record.version).toBe(2);
      expect(await subject.store.listEvents(stored.record.id)).toHaveLength(2);
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
      expect(await subject.store.claimIdempotencyKey(claimAt(key, T0 + 1))).toEqual({
        claimed: false,
        record: { state: "completed", fingerprint: "fp-1", response: created },
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
        record: { state: "completed", fingerprint: "fp-1", response: created },
      });
      expect(await subject.store.getReturn(stored.record.id)).toEqual(stored);
      expect(await subject.store.listEvents(stored.record.id)).toEqual(events);
      expect(await subject.store.listDeliveries({ eventId: event.id })).toEqual([]);
    });

    it("commit - a first use of a key claimed by a live lease reports it in_progress", async () => {
      const key = newKey();
      await claimToken(subject.store, key);
      const stored = makeStoredReturn();

      const result = await subject.store.commit({
        next: stored,
        expectedVersion: null,
        events: [makeOutboxEvent(stored)],
        idempotency: firstUse(key, T0 + LEASE_MS - 1),
      });

      expect(result).toEqual({
        ok: false,
        reason: "idempotency_conflict",
        record: { state: "in_progress", fingerprint: "fp-1" },
      });
      expect(await subject.store.getReturn(stored.record.id)).toBeNull();
    });

    it("commit - a first use takes over an expired key and a lease that ran out", async () => {
      const expired = newKey();
      await subject.store.commit({
        next: makeStoredReturn(),
        expectedVersion: null,
        events: [],
        idempotency: firstUse(expired, T0),
      });
      const stale = newKey();
      const staleToken = await claimToken(subject.store, stale);

      for (const [key, now] of [
        [expired, T0 + TTL_MS],
        [stale, T0 + LEASE_MS],
      ] as const) {
        const stored = makeStoredReturn();
        const result = await subject.store.commit({
          next: stored,
          expectedVersion: null,
          events: [],
          idempotency: firstUse(key, now, "fp-new"),
        });

        expect(result.ok).toBe(true);
        expect(await subject.store.getReturn(stored.record.id)).toEqual(stored);
        expect(await subject.store.claimIdempotencyKey(claimAt(key, now + 1))).toEqual({
          claimed: false,
          record: { state: "completed", fingerprint: "fp-new", response: created },
        });
      }
      // The holder whose lease was taken over can no longer complete the key.
      expect(
        await subject.store.completeIdempotencyKey({
          key: stale,
          token: staleToken,
          response: created,
          expiresAt: T0 + TTL_MS,
        }),
      ).toBe(false);
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

    it(`commit - of ${CONCURRENT_CLAIMS} concurrent first uses of one key exactly one writes`, async () => {
      const key = newKey();
      const candidates = Array.from({ length: CONCURRENT_CLAIMS }, () => makeStoredReturn());

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
          record: { state: "completed", fingerprint: "fp-1", response: created },
        });
      }
      for (const stored of candidates) {
        expect(await subject.store.getReturn(stored.record.id)).toEqual(
          stored === winners[0] ? stored : null,
        );
      }
    });

    describeKeyedWrites(subject);
  });
}
