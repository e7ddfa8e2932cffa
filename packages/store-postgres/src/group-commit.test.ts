import { type ReturnsStore, StoreUnavailableError } from "@returnkit/core";
import type { CommitResult, ReturnCommit, StoredReturn } from "@returnkit/core/store";
import {
  advanceStoredReturn,
  makeCustomerEvent,
  makeOutboxEvent,
  makeStoredReturn,
} from "@returnkit/testing";
import pg from "pg";
import { ulid } from "ulidx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toDriver } from "./drivers";
import type { SqlDriver } from "./drivers/types";
import { sqlNames } from "./names";
import { postgresStore } from "./postgres-store";
import {
  backends,
  query,
  storesForCases,
  type TestDatabase,
  warnWithoutServer,
} from "./test-support";

warnWithoutServer("the groupCommit cases");

const response = { status: 201, body: { ok: true }, headers: {} };

/** A new return's first commit, keyed when `key` is given. */
function createOf(stored: StoredReturn, key?: string, fingerprint = "fp"): ReturnCommit {
  return {
    next: stored,
    expectedVersion: null,
    events: [makeOutboxEvent(stored)],
    ...(key
      ? {
          idempotency: {
            key,
            fingerprint,
            now: Date.now(),
            expiresAt: Date.now() + 60_000,
            response,
          },
        }
      : {}),
  };
}

for (const backend of backends()) {
  describe.skipIf(backend.skip)(`groupCommit on ${backend.name}`, () => {
    const opened = storesForCases(backend, "group", { count: 1, groupCommit: true });
    const { schema } = opened;
    let db: TestDatabase;
    let store: ReturnsStore;
    beforeAll(() => {
      db = opened.db;
      store = opened.stores[0]!;
    });

    const transactionsOf = async (ids: string[]) => {
      const { rows } = await query<{ n: number }>(
        db,
        `SELECT count(DISTINCT xmin::text)::int AS n FROM ${sqlNames({ schema }).table("returns")} WHERE id = ANY($1)`,
        [ids],
      );
      return rows[0]!.n;
    };

    it("groupCommit - commits that arrive together share transactions, each answered with its own events", async () => {
      const created = Array.from({ length: 30 }, () => makeStoredReturn());
      const results = await Promise.all(
        created.map((stored, i) => store.commit(createOf(stored, `together-${i}`))),
      );

      for (const [i, result] of results.entries()) {
        expect(result).toMatchObject({ ok: true, events: [{ return_id: created[i]!.record.id }] });
        const [listed] = await store.listEvents(created[i]!.record.id);
        expect(listed).toEqual((result as Extract<CommitResult, { ok: true }>).events[0]);
      }
      expect(await transactionsOf(created.map((stored) => stored.record.id))).toBeLessThan(30);
      // The first found the store idle and went alone, beside the first group, so its event
      // may come before or after that group's; the ones that waited are written in arrival order.
      const waited = results.slice(1).map((result) => (result.ok ? result.events[0]!.position : 0));
      expect(waited).toEqual([...waited].sort((a, b) => a - b));
    });

    /** A create of one unit of `sku` on `order_id`, bought once: the line's only unit. */
    const boundCreate = (order_id: string, sku: string, key?: string): ReturnCommit => ({
      ...createOf(makeStoredReturn({ order_id, line: { sku, size: null, quantity: 1 } }), key),
      lineAllowance: { purchased: 1 },
    });

    it("groupCommit - commits bound to other order lines share transactions; a line's last unit goes to one", async () => {
      const order = `ord_${ulid()}`;
      const lines = Array.from({ length: 8 }, (_, i) => `SKU-${i}`);
      const first = lines.flatMap((sku, i) => [
        boundCreate(order, sku, `bound-${order}-${i}`),
        boundCreate(`${order}-b`, sku),
      ]);
      // After the first of each line: each wants the unit already taken.
      const late = lines.slice(0, 3).map((sku) => boundCreate(order, sku));

      const results = await Promise.all([...first, ...late].map((commit) => store.commit(commit)));

      for (const result of results.slice(0, first.length))
        expect(result).toMatchObject({ ok: true });
      expect(results.slice(first.length)).toEqual(
        late.map(() => ({ ok: false, reason: "quantity_exceeded", inReturns: 1 })),
      );
      const ids = first.map((commit) => commit.next.record.id);
      expect(await transactionsOf(ids)).toBeLessThan(ids.length / 2);
      const { rows } = await query<{ units: number }>(
        db,
        `SELECT count(*)::int AS units FROM ${sqlNames({ schema }).table("returns")}
         WHERE order_id IN ($1, $2) GROUP BY order_id, record -> 'line' ->> 'sku'`,
        [order, `${order}-b`],
      );
      expect(rows.map((row) => row.units)).toEqual(Array(16).fill(1));
    });

    it("groupCommit - requests join groups as one unit each, answered with their own events", async () => {
      const requests = Array.from({ length: 6 }, (_, r) => {
        const request_id = `rrq_${ulid()}`;
        const order_id = `ord_${ulid()}`;
        const changes = ["A", "B", "C"].map((sku) => {
          const made = boundCreate(order_id, sku);
          const next = { ...made.next, record: { ...made.next.record, request_id } };
          return { ...made, next, events: [makeOutboxEvent(next)] };
        });
        return {
          changes,
          events: [makeCustomerEvent(`cus_${r % 2}`)],
          idempotency: createOf(makeStoredReturn(), `request-${request_id}`).idempotency,
          rma: { rma: `RMA-${request_id.slice(-8)}`, request_id },
        };
      });
      const singles = Array.from({ length: 6 }, () => boundCreate(`ord_${ulid()}`, "A"));

      const results = await Promise.all([
        ...requests.map((request) => store.commitMany!(request)),
        ...singles.map((commit) => store.commit(commit)),
      ]);

      for (const [i, request] of requests.entries()) {
        const result = results[i]!;
        if (!result.ok || !("appended" in result)) throw new Error(JSON.stringify(result));
        for (const [j, change] of request.changes.entries())
          expect(await store.listEvents(change.next.record.id)).toEqual(result.events[j]);
        expect(result.appended).toMatchObject([{ subject: { kind: "customer" } }]);
        expect(await store.listReturns({ rma: request.rma.rma, limit: 10 })).toMatchObject({
          data: request.changes.map(() => ({})),
        });
      }
      for (const result of results.slice(requests.length))
        expect(result).toMatchObject({ ok: true });
      const ids = requests.flatMap((request) => request.changes.map((c) => c.next.record.id));
      expect(await transactionsOf(ids)).toBeLessThan(requests.length);
    });

    it("groupCommit - a request refused in a group rolls nothing of the others back and gets its own answer", async () => {
      const order_id = `ord_${ulid()}`;
      expect(await store.commit(boundCreate(order_id, "A"))).toMatchObject({ ok: true });
      const request_id = `rrq_${ulid()}`;
      // Its second line's unit is taken: refused at index 1, nothing of it written.
      const changes = ["B", "A"].map((sku) => {
        const made = boundCreate(order_id, sku);
        return { ...made, next: { ...made.next, record: { ...made.next.record, request_id } } };
      });
      const others = Array.from({ length: 5 }, () => boundCreate(`ord_${ulid()}`, "A"));

      const [refused, ...rest] = await Promise.all([
        store.commit(boundCreate(`ord_${ulid()}`, "A")),
        store.commitMany!({ changes }),
        ...others.map((commit) => store.commit(commit)),
      ]);

      expect(refused).toMatchObject({ ok: true });
      expect(rest[0]).toEqual({ ok: false, reason: "quantity_exceeded", inReturns: 1, index: 1 });
      for (const result of rest.slice(1)) expect(result).toMatchObject({ ok: true });
      expect(await store.getReturn(changes[0]!.next.record.id)).toBeNull();
    });

    it("groupCommit - a request whose RMA number is taken is the one refused; the others still go together", async () => {
      const request = (rma: string) => {
        const request_id = `rrq_${ulid()}`;
        const made = createOf(makeStoredReturn());
        const next = { ...made.next, record: { ...made.next.record, request_id } };
        return {
          changes: [{ ...made, next, events: [makeOutboxEvent(next)] }],
          rma: { rma, request_id },
        };
      };
      const held = request(`RMA-${ulid().slice(-8)}`);
      expect(await store.commitMany!(held)).toMatchObject({ ok: true });
      // The first finds the store idle and goes alone, the second makes a group of its own;
      // the rest arrive while those are written and form the next group.
      const fresh = () => request(`RMA-${ulid().slice(-8)}`);
      const requests = [
        fresh(),
        fresh(),
        request(held.rma.rma),
        ...Array.from({ length: 6 }, fresh),
      ];

      const results = await Promise.all(requests.map((r) => store.commitMany!(r)));

      expect(results[2]).toEqual({ ok: false, reason: "rma_taken" });
      expect(await store.getReturn(requests[2]!.changes[0]!.next.record.id)).toBeNull();
      for (const [i, result] of results.entries())
        if (i !== 2) expect(result).toMatchObject({ ok: true });
      const grouped = requests.slice(3).map((r) => r.changes[0]!.next.record.id);
      expect(await transactionsOf(grouped)).toBeLessThan(grouped.length);
    });

    it("groupCommit - a refused commit among others leaves them committed and gets the answer it would alone", async () => {
      const taken = makeStoredReturn();
      expect(await store.commit(createOf(taken, "taken-key", "first"))).toMatchObject({ ok: true });
      const others = Array.from({ length: 8 }, () => makeStoredReturn());
      const stale = advanceStoredReturn(
        { ...taken, record: { ...taken.record, version: 4 } },
        "submit",
      );
      const reusingKey = makeStoredReturn();

      const [again, conflict, keyConflict, ...rest] = await Promise.all([
        store.commit(createOf(taken)),
        store.commit({ next: stale, expectedVersion: 4, events: [] }),
        store.commit(createOf(reusingKey, "taken-key", "second")),
        ...others.map((stored) => store.commit(createOf(stored))),
      ]);

      expect(again).toEqual({ ok: false, reason: "already_exists" });
      expect(conflict).toMatchObject({ ok: false, reason: "version_conflict", currentVersion: 1 });
      expect(keyConflict).toMatchObject({
        ok: false,
        reason: "idempotency_conflict",
        record: { fingerprint: "first" },
      });
      for (const result of rest) expect(result).toMatchObject({ ok: true });
      for (const stored of others) expect(await store.getReturn(stored.record.id)).toEqual(stored);
      expect(await store.getReturn(reusingKey.record.id)).toBeNull();
      expect(await store.getReturn(taken.record.id)).toEqual(taken);
    });

    it("groupCommit - two commits of one return that arrive together: one wins, the other conflicts", async () => {
      const stored = makeStoredReturn();
      await store.commit(createOf(stored));
      const next = advanceStoredReturn(stored, "submit");
      const results = await Promise.all([
        store.commit({ next, expectedVersion: 1, events: [makeOutboxEvent(next)] }),
        store.commit({ next, expectedVersion: 1, events: [makeOutboxEvent(next)] }),
      ]);

      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(results.filter((result) => !result.ok)).toMatchObject([
        { reason: "version_conflict", currentVersion: 2 },
      ]);
      expect(await store.listEvents(stored.record.id)).toHaveLength(2);
    });

    it("groupCommit - a commit that finds the store idle is written in one transaction, even refused", async () => {
      let transactions = 0;
      const inner = toDriver(backend.connect());
      const counted: SqlDriver = {
        ...inner,
        transaction(fn) {
          transactions++;
          return inner.transaction(fn);
        },
      };
      const idle = postgresStore({ db: counted, schema, notify: false });
      const stored = makeStoredReturn();
      await idle.commit(createOf(stored));
      const stale = advanceStoredReturn(
        { ...stored, record: { ...stored.record, version: 4 } },
        "submit",
      );
      transactions = 0;

      expect(await idle.commit({ next: stale, expectedVersion: 4, events: [] })).toMatchObject({
        ok: false,
        reason: "version_conflict",
        currentVersion: 1,
      });
      // A group of one would be refused, rolled back and run again alone: two.
      expect(transactions).toBe(1);
      await idle.close();
    });

    it("postgresStore - groups commits by default, and groupCommit: false gives each its own transaction", async () => {
      const writeTogether = async (options: { groupCommit?: boolean }) => {
        const other = postgresStore({ db, schema, notify: false, ...options });
        const created = Array.from({ length: 30 }, () => makeStoredReturn());
        const results = await Promise.all(created.map((stored) => other.commit(createOf(stored))));
        for (const result of results) expect(result).toMatchObject({ ok: true });
        await other.close();
        return transactionsOf(created.map((stored) => stored.record.id));
      };

      expect(await writeTogether({})).toBeLessThan(30);
      expect(await writeTogether({ groupCommit: false })).toBe(30);
    });
  });
}

describe("groupCommit on a pg Pool whose server cannot be reached", () => {
  const pool = new pg.Pool({
    connectionString: "postgres://postgres@127.0.0.1:1/test",
    connectionTimeoutMillis: 2_000,
  });
  afterAll(() => pool.end());

  it("groupCommit - rejects each commit of a group with StoreUnavailableError", async () => {
    const store = postgresStore({ db: pool, notify: false, groupCommit: true });
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () => store.commit(createOf(makeStoredReturn()))),
    );
    for (const result of results) {
      expect(result).toMatchObject({
        status: "rejected",
        reason: expect.any(StoreUnavailableError),
      });
    }
  });
});
