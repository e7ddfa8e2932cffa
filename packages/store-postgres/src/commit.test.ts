import type { ReturnsStore } from "@returnkit/core";
import { advanceStoredReturn, makeOutboxEvent, makeStoredReturn, T0 } from "@returnkit/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { toDriver } from "./drivers";
import type { SqlDriver } from "./drivers/types";
import { postgresStore } from "./postgres-store";
import { backends, storesForCases, warnWithoutServer } from "./test-support";

warnWithoutServer("the commit cases");

const response = { status: 200, body: { ok: true }, headers: { etag: '"2"' } };

for (const backend of backends()) {
  describe.skipIf(backend.skip)(`commit on ${backend.name}`, () => {
    // Two stores on two connections: two processes sharing one database.
    const opened = storesForCases(backend, "commit");
    const { schema } = opened;
    let first: ReturnsStore;
    let second: ReturnsStore;
    beforeAll(() => {
      first = opened.stores[0]!;
      second = opened.stores[1]!;
    });

    it("commit - keeps the key order of records and payloads as given", async () => {
      const stored = makeStoredReturn();
      const event = makeOutboxEvent(stored);
      await first.commit({ next: stored, expectedVersion: null, events: [event] });

      const read = await second.getReturn(stored.record.id);
      const [listed] = await second.listEvents(stored.record.id);

      expect(JSON.stringify(read)).toBe(JSON.stringify(stored));
      expect(JSON.stringify(listed!.payload)).toBe(JSON.stringify(event.payload));
    });

    it("commit - refuses an event of another return before sending anything", async () => {
      const stored = makeStoredReturn();
      const other = makeStoredReturn();
      const neighbour = makeStoredReturn();
      const [refused, written] = await Promise.allSettled([
        first.commit({ next: stored, expectedVersion: null, events: [makeOutboxEvent(other)] }),
        first.commit({
          next: neighbour,
          expectedVersion: null,
          events: [makeOutboxEvent(neighbour)],
        }),
      ]);

      expect(refused).toMatchObject({ status: "rejected", reason: expect.any(TypeError) });
      expect(written).toMatchObject({ status: "fulfilled", value: { ok: true } });
      expect(await second.getReturn(stored.record.id)).toBeNull();
      expect(await second.listEvents(other.record.id)).toEqual([]);
    });

    it("commit - racing a recorded answer across connections, exactly one records the key", async () => {
      const outcomes = { committed: 0, answered: 0 };
      const refusal = { status: 404, body: { title: "Return not found" }, headers: {} };
      for (let round = 0; round < 30; round++) {
        const stored = makeStoredReturn();
        await first.commit({
          next: stored,
          expectedVersion: null,
          events: [makeOutboxEvent(stored)],
        });
        const key = `race-${stored.record.id}`;
        const use = { key, fingerprint: "fp", now: T0, expiresAt: T0 + 86_400_000 };
        const next = advanceStoredReturn(stored, "submit");

        const [commit, answer] = await Promise.all([
          first.commit({
            next,
            expectedVersion: 1,
            events: [makeOutboxEvent(next)],
            idempotency: { ...use, response },
          }),
          second.recordIdempotencyAnswer({ ...use, response: refusal }),
        ]);

        // Both winning would mean a state change whose key answers something else.
        expect([commit.ok, answer.recorded]).not.toEqual([true, true]);
        expect([commit.ok, answer.recorded]).not.toEqual([false, false]);
        if (commit.ok) {
          outcomes.committed++;
          expect(answer).toEqual({ recorded: false, record: { fingerprint: "fp", response } });
        } else {
          outcomes.answered++;
          expect(commit).toEqual({
            ok: false,
            reason: "idempotency_conflict",
            record: { fingerprint: "fp", response: refusal },
          });
          expect(await second.getReturn(stored.record.id)).toEqual(stored);
        }
      }
      expect(outcomes.committed + outcomes.answered).toBe(30);
    });

    /**
     * A store on its own connection that reports every error a statement meets, even one the
     * store would quietly run again (a deadlock).
     */
    function watchedStore(onError: (error: unknown) => void): ReturnsStore {
      const inner = toDriver(backend.connect());
      const watch = async <T>(run: () => Promise<T>): Promise<T> => {
        try {
          return await run();
        } catch (error) {
          onError(error);
          throw error;
        }
      };
      const watched: SqlDriver = {
        ...inner,
        query: (text, values, options) => watch(() => inner.query(text, values, options)),
        transaction: (fn) =>
          inner.transaction((tx) =>
            fn({ ...tx, query: (text, values) => watch(() => tx.query(text, values)) }),
          ),
      };
      return postgresStore({ db: watched, schema });
    }

    it("commit - concurrent commits each get their own outcome", async () => {
      const store = postgresStore({ db: backend.connect(), schema });
      const created = Array.from({ length: 10 }, () => makeStoredReturn());
      const creates = await Promise.all(
        created.map((stored) =>
          store.commit({ next: stored, expectedVersion: null, events: [makeOutboxEvent(stored)] }),
        ),
      );
      expect(creates.every((r) => r.ok)).toBe(true);

      // One batch of mixed fortunes: fresh versions, stale ones, a key already answered.
      const answered = `answered-${created[0]!.record.id}`;
      const response = { status: 200, body: { first: true }, headers: {} };
      const firstUse = (key: string) => ({
        key,
        fingerprint: "fp",
        response,
        now: T0,
        expiresAt: T0 + 86_400_000,
      });
      const before = (await store.getReturn(created[0]!.record.id))!;
      const keyed = advanceStoredReturn(before, "submit");
      expect(
        (
          await store.commit({
            next: keyed,
            expectedVersion: 1,
            events: [],
            idempotency: firstUse(answered),
          })
        ).ok,
      ).toBe(true);
      const outcomes = await Promise.all(
        created.slice(1).map((stored, index) => {
          const next = advanceStoredReturn(stored, "submit");
          if (index % 3 === 0)
            return store.commit({ next, expectedVersion: 1, events: [makeOutboxEvent(next)] });
          if (index % 3 === 1) {
            const stale = advanceStoredReturn(next, "approve");
            return store.commit({ next: stale, expectedVersion: 2, events: [] });
          }
          return store.commit({
            next,
            expectedVersion: 1,
            events: [],
            idempotency: firstUse(answered),
          });
        }),
      );

      outcomes.forEach((outcome, index) => {
        const id = created[index + 1]!.record.id;
        if (index % 3 === 0) expect(outcome, id).toMatchObject({ ok: true });
        else if (index % 3 === 1)
          expect(outcome, id).toMatchObject({
            ok: false,
            reason: "version_conflict",
            currentVersion: 1,
          });
        else
          expect(outcome, id).toMatchObject({
            ok: false,
            reason: "idempotency_conflict",
            record: { fingerprint: "fp", response },
          });
      });
      for (const [index, stored] of created.slice(1).entries()) {
        const read = (await store.getReturn(stored.record.id))!;
        expect(read.record.version).toBe(index % 3 === 0 ? 2 : 1);
        expect(await store.listEvents(stored.record.id)).toHaveLength(index % 3 === 0 ? 2 : 1);
      }
      await store.close?.();
    });

    for (const groupCommit of [true, false])
      it(`commit - a commit the server refuses fails alone; concurrent ones are written (groupCommit: ${groupCommit})`, async () => {
        const store = postgresStore({ db: backend.connect(), schema, groupCommit });
        const [a, b, c] = [makeStoredReturn(), makeStoredReturn(), makeStoredReturn()];
        const event = makeOutboxEvent(a);
        // Being written while the three arrive, so grouped they go together as the next group.
        const first = store.commit({ next: makeStoredReturn(), expectedVersion: null, events: [] });
        const keyed = { key: `beside-${c.record.id}`, fingerprint: "fp", response, now: T0 };
        const results = await Promise.allSettled([
          store.commit({ next: a, expectedVersion: null, events: [event] }),
          // The same event id again: the outbox's primary key refuses that commit (and, grouped,
          // its group's INSERT, so each of the group's commits runs again alone).
          store.commit({
            next: b,
            expectedVersion: null,
            events: [{ ...event, return_id: b.record.id }],
          }),
          store.commit({
            next: c,
            expectedVersion: null,
            events: [makeOutboxEvent(c)],
            idempotency: { ...keyed, expiresAt: T0 + 86_400_000 },
          }),
        ]);
        await first;

        // a and b race for one event id: whichever commits second is refused, and only it.
        const statuses = results.map((r) => r.status);
        expect(statuses.filter((status) => status === "rejected")).toHaveLength(1);
        expect(results[2]).toMatchObject({ status: "fulfilled", value: { ok: true } });
        const [aWritten, bWritten] = [statuses[0] === "fulfilled", statuses[1] === "fulfilled"];
        expect(await store.getReturn(a.record.id)).toEqual(aWritten ? a : null);
        expect(await store.getReturn(b.record.id)).toEqual(bWritten ? b : null);
        expect(await store.getReturn(c.record.id)).toEqual(c);
        expect(await store.getIdempotencyRecord(keyed.key, T0)).toMatchObject({
          fingerprint: "fp",
        });
        await store.close?.();
      });

    it("commit - commits from two stores that touch overlapping returns in any order never deadlock", async () => {
      // Two stores on their own connections; any error a statement meets is kept, even one
      // (a deadlock) the store would quietly run again.
      const failures: unknown[] = [];
      const stores = [1, 2].map(() => watchedStore((error) => failures.push(error)));
      const returns = Array.from({ length: 6 }, () => makeStoredReturn());
      await Promise.all(
        returns.map((stored) => first.commit({ next: stored, expectedVersion: null, events: [] })),
      );
      const rounds = 40;
      // Each round a store reads the six returns, then commits all six at once, listed in an
      // order of its own, while the other store does the same.
      const writer = async (store: ReturnsStore, seed: number) => {
        for (let round = 0; round < rounds; round++) {
          // One store lists them forwards, the other backwards.
          const order = seed === 0 ? returns : [...returns].reverse();
          const current = await Promise.all(
            order.map(async (stored) => (await store.getReturn(stored.record.id))!),
          );
          const results = await Promise.all(
            current.map((now) => {
              const next = advanceStoredReturn(now, "update");
              return store.commit({
                next,
                expectedVersion: now.record.version,
                events: [makeOutboxEvent(next)],
              });
            }),
          );
          for (const result of results)
            if (!result.ok) expect(result.reason).toBe("version_conflict");
        }
      };

      await Promise.all(stores.map((store, seed) => writer(store, seed)));

      expect(failures).toEqual([]);
      for (const stored of returns) {
        const final = (await first.getReturn(stored.record.id))!;
        const events = await second.listEvents(stored.record.id);
        expect(final.record.history.map((h) => h.seq)).toEqual(
          Array.from({ length: final.record.version }, (_, i) => i + 1),
        );
        expect(events.map((e) => e.seq)).toEqual(
          Array.from({ length: final.record.version - 1 }, (_, i) => i + 2),
        );
      }
      await Promise.all(stores.map((store) => store.close?.()));
    });

    it("commit - two creates of one id with their own keys, across connections: the loser's key stays free", async () => {
      // The loser's insert waits for the winner's; its key must not be recorded for a return
      // it did not write. PGlite has one connection, so its creates never overlap.
      const failures: unknown[] = [];
      const stores = [1, 2].map(() => watchedStore((error) => failures.push(error)));
      for (let round = 0; round < 20; round++) {
        const stored = makeStoredReturn();
        const createAs = (store: ReturnsStore, key: string) =>
          store.commit({
            next: stored,
            expectedVersion: null,
            events: [makeOutboxEvent(stored)],
            idempotency: { key, fingerprint: "fp", response, now: T0, expiresAt: T0 + 86_400_000 },
          });
        const keys = [`a-${stored.record.id}`, `b-${stored.record.id}`];
        const results = await Promise.all(stores.map((store, i) => createAs(store, keys[i]!)));

        expect(results.filter((result) => result.ok)).toHaveLength(1);
        const loser = results.findIndex((result) => !result.ok);
        expect(results[loser]).toMatchObject({ ok: false, reason: "already_exists" });
        expect(await first.getIdempotencyRecord(keys[loser]!, T0)).toBeNull();
        expect(await first.listEvents(stored.record.id)).toHaveLength(1);
      }
      expect(failures).toEqual([]);
      await Promise.all(stores.map((store) => store.close?.()));
    });

    it("commit - writers on two connections build one gapless history with positions in commit order", async () => {
      const stored = makeStoredReturn();
      await first.commit({
        next: stored,
        expectedVersion: null,
        events: [makeOutboxEvent(stored)],
      });
      const target = 25;
      const writer = async (store: ReturnsStore) => {
        for (;;) {
          const current = (await store.getReturn(stored.record.id))!;
          if (current.record.version >= target) return;
          const next = advanceStoredReturn(current, "update");
          const result = await store.commit({
            next,
            expectedVersion: current.record.version,
            events: [makeOutboxEvent(next)],
          });
          // Losing to another writer is expected; anything else is not.
          if (!result.ok) expect(result.reason).toBe("version_conflict");
        }
      };

      await Promise.all([first, second, first, second, first, second].map(writer));

      const final = (await first.getReturn(stored.record.id))!;
      expect(final.record.version).toBe(target);
      expect(final.record.history.map((h) => h.seq)).toEqual(
        Array.from({ length: target }, (_, i) => i + 1),
      );
      const events = await second.listEvents(stored.record.id);
      expect(events.map((e) => e.seq)).toEqual(Array.from({ length: target }, (_, i) => i + 1));
      for (let i = 1; i < events.length; i++)
        expect(events[i]!.position).toBeGreaterThan(events[i - 1]!.position);
    });
  });
}
