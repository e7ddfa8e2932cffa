import type { ReturnsStore } from "@returnkit/core";
import type { ReturnCommit, StoredReturn } from "@returnkit/core/store";
import { advanceStoredReturn, makeOutboxEvent, makeStoredReturn } from "@returnkit/testing";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqlNames } from "./names";
import { postgresStore } from "./postgres-store";
import { DATABASE_URL, dropSchema, uniqueSchema, warnWithoutServer } from "./test-support";

warnWithoutServer("the groupCommit lock case");

const createOf = (stored: StoredReturn): ReturnCommit => ({
  next: stored,
  expectedVersion: null,
  events: [makeOutboxEvent(stored)],
});

describe.skipIf(!DATABASE_URL)(
  "groupCommit on PostgreSQL, beside another transaction (DATABASE_URL)",
  () => {
    const schema = uniqueSchema("group_lock");
    let pool: pg.Pool;
    let store: ReturnsStore;

    beforeAll(async () => {
      pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });
      store = postgresStore({ db: pool, schema, groupCommit: true });
      await store.init?.();
    });

    afterAll(async () => {
      await store.close?.();
      await dropSchema(pool, schema);
      await pool.end();
    });

    /** Resolves once a statement on `schema`'s tables waits for a lock another session holds. */
    const lockWaited = async () => {
      for (;;) {
        const { rows } = await pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE wait_event_type = 'Lock' AND query LIKE '%' || $1 || '%'`,
          [schema],
        );
        if (rows[0]!.n > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };

    it("groupCommit - a commit that found the store idle and waits on a held row holds up no later commit", async () => {
      const [held, other] = [makeStoredReturn(), makeStoredReturn()];
      await store.commit(createOf(held));
      await store.commit(createOf(other));
      const holder = new pg.Client({ connectionString: DATABASE_URL });
      await holder.connect();
      try {
        await holder.query("BEGIN");
        await holder.query(
          `SELECT 1 FROM ${sqlNames({ schema }).table("returns")} WHERE id = $1 FOR UPDATE`,
          [held.record.id],
        );
        const next = advanceStoredReturn(held, "submit");
        let heldSettled = false;
        // The store is idle: this one is written alone, the plain way, and waits for the row.
        const heldCommit = store.commit({ next, expectedVersion: 1, events: [] });
        void heldCommit.finally(() => {
          heldSettled = true;
        });
        await lockWaited();

        // While it waits, the store is not idle: these are written as groups of one.
        const otherNext = advanceStoredReturn(other, "submit");
        expect(
          await store.commit({ next: otherNext, expectedVersion: 1, events: [] }),
        ).toMatchObject({ ok: true });
        expect(await store.commit(createOf(makeStoredReturn()))).toMatchObject({ ok: true });
        expect(await store.getReturn(other.record.id)).toEqual(otherNext);
        expect(heldSettled).toBe(false);
        await holder.query("COMMIT");
        expect(await heldCommit).toMatchObject({ ok: true });
        expect(await store.getReturn(held.record.id)).toEqual(next);
      } finally {
        await holder.end();
      }
    });

    it("groupCommit - a return another transaction holds stalls neither its group nor later commits", async () => {
      const held = makeStoredReturn();
      await store.commit(createOf(held));
      const holder = new pg.Client({ connectionString: DATABASE_URL });
      await holder.connect();
      try {
        await holder.query("BEGIN");
        await holder.query(
          `SELECT 1 FROM ${sqlNames({ schema }).table("returns")} WHERE id = $1 FOR UPDATE`,
          [held.record.id],
        );
        const next = advanceStoredReturn(held, "submit");
        let heldSettled = false;
        const heldCommit = store.commit({
          next,
          expectedVersion: 1,
          events: [makeOutboxEvent(next)],
        });
        void heldCommit.finally(() => {
          heldSettled = true;
        });
        const beside = await Promise.all(
          Array.from({ length: 5 }, () => store.commit(createOf(makeStoredReturn()))),
        );
        const later = await Promise.all(
          Array.from({ length: 5 }, () => store.commit(createOf(makeStoredReturn()))),
        );

        for (const result of [...beside, ...later]) expect(result).toMatchObject({ ok: true });
        expect(heldSettled).toBe(false);
        await holder.query("COMMIT");
        expect(await heldCommit).toMatchObject({ ok: true });
        expect(await store.getReturn(held.record.id)).toEqual(next);
      } finally {
        await holder.end();
      }
    });
  },
);
