/**
 * One row lock held elsewhere (a long transaction, an operator's SELECT … FOR UPDATE) stalls
 * the commits of that return only: every commit is a transaction of its own on its own pooled
 * connection. PGlite is one connection, where a lock cannot be held "elsewhere": server only.
 */
import type { ReturnsStore } from "@returnkit/core";
import { advanceStoredReturn, makeOutboxEvent, makeStoredReturn } from "@returnkit/testing";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresStore } from "./postgres-store";
import { DATABASE_URL, dropSchema, newPool, uniqueSchema, warnWithoutServer } from "./test-support";

warnWithoutServer("the row-lock case");

describe.skipIf(!DATABASE_URL)("a row lock held by another connection (DATABASE_URL)", () => {
  const schema = uniqueSchema("locks");
  let pool: pg.Pool;
  let store: ReturnsStore;

  beforeAll(async () => {
    pool = newPool();
    store = postgresStore({ db: pool, schema });
    await store.init?.();
  });

  afterAll(async () => {
    await store.close?.();
    await dropSchema(pool, schema);
    await pool.end();
  });

  it("commit - a locked return stalls only its own commits; creates and other returns go on", async () => {
    const [locked, other] = [makeStoredReturn(), makeStoredReturn()];
    for (const stored of [locked, other])
      await store.commit({ next: stored, expectedVersion: null, events: [] });
    const holder = await pool.connect();
    await holder.query("BEGIN");
    await holder.query(`SELECT 1 FROM "${schema}".returnkit_returns WHERE id = $1 FOR UPDATE`, [
      locked.record.id,
    ]);
    let blockedDone = false;
    const lockedNext = advanceStoredReturn(locked, "submit");
    const blocked = store
      .commit({ next: lockedNext, expectedVersion: 1, events: [makeOutboxEvent(lockedNext)] })
      .finally(() => {
        blockedDone = true;
      });

    const created = makeStoredReturn();
    const otherNext = advanceStoredReturn(other, "submit");
    const [create, advance] = await Promise.all([
      store.commit({ next: created, expectedVersion: null, events: [makeOutboxEvent(created)] }),
      store.commit({ next: otherNext, expectedVersion: 1, events: [makeOutboxEvent(otherNext)] }),
    ]);

    // Both answered while the lock is still held, and the locked return's commit still waits.
    expect([create.ok, advance.ok, blockedDone]).toEqual([true, true, false]);
    await holder.query("COMMIT");
    holder.release();
    expect(await blocked).toMatchObject({ ok: true });
    expect((await store.getReturn(locked.record.id))!.record.version).toBe(2);
  });
});
