/**
 * `commitMany`'s backend is terminated (as a crash or a failover would end it) after it wrote
 * some of its returns and before it committed: nothing of it is left, the locks it held are
 * free, and the same commit sent again writes all of it. Written alone (the store idle) and
 * as a group's unit (another write in flight), the allowance checked either way.
 */
import type { ReturnCommit, StoredReturn } from "@returnkit/core/store";
import { advanceStoredReturn, makeOutboxEvent, makeStoredReturn, T0 } from "@returnkit/testing";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sqlNames } from "./names";
import { type PostgresStore, postgresStore } from "./postgres-store";
import { DATABASE_URL, dropSchema, newPool, uniqueSchema, warnWithoutServer } from "./test-support";

warnWithoutServer("the commitMany crash case");

const LINE = { sku: "TEE-BLK-M", quantity: 1, size: "M" };

function createOf(stored: StoredReturn, request_id: string): ReturnCommit {
  const next = { ...stored, record: { ...stored.record, request_id } };
  return { next, expectedVersion: null, events: [makeOutboxEvent(next)] };
}

describe.skipIf(!DATABASE_URL)(
  "commitMany, its backend terminated mid-transaction (DATABASE_URL)",
  () => {
    const schema = uniqueSchema("many_crash");
    const n = sqlNames({ schema });
    let pool: pg.Pool;
    let store: PostgresStore;

    beforeAll(async () => {
      pool = newPool(4);
      store = postgresStore({ db: pool, schema });
      await store.init();
    });

    afterAll(async () => {
      await store.close();
      await dropSchema(pool, schema);
      await pool.end();
    });

    async function countRows(ids: string[]) {
      const { rows } = await pool.query(
        `SELECT (SELECT count(*) FROM ${n.table("returns")} WHERE id = ANY($1))::int AS returns,
              (SELECT count(*) FROM ${n.table("outbox_events")} WHERE return_id = ANY($1))::int AS events`,
        [ids],
      );
      return rows[0] as { returns: number; events: number };
    }

    it.each([
      ["alone", false],
      ["in a group", true],
    ])(
      "commitMany - a transaction ended before its COMMIT leaves none of it; sent again, all of it (%s)",
      async (path, grouped) => {
        const ORDER = `ord_crash_many_${path.replaceAll(" ", "_")}`;
        const REQUEST = grouped
          ? "rrq_01J00000000000000000000001"
          : "rrq_01J00000000000000000000000";
        const existing = makeStoredReturn({ order_id: ORDER, line: LINE });
        await store.commit({
          next: existing,
          expectedVersion: null,
          events: [makeOutboxEvent(existing)],
        });
        const submitted = advanceStoredReturn(existing, "submit");
        const fresh = [makeStoredReturn({ order_id: ORDER, line: LINE }), makeStoredReturn()];
        const changes: ReturnCommit[] = [
          { next: submitted, expectedVersion: 1, events: [makeOutboxEvent(submitted)] },
          { ...createOf(fresh[0]!, REQUEST), lineAllowance: { purchased: 2 } },
          createOf(fresh[1]!, REQUEST),
        ];
        const key = `crash-many-key-${path}`;
        const idempotency = {
          key,
          fingerprint: "fp",
          now: T0,
          expiresAt: T0 + 86_400_000,
          response: { status: 201, body: {}, headers: {} },
        };
        // Another transaction inserts the key and stays open: commitMany, having written its
        // returns, waits for it at the key's insert.
        const holder = new pg.Client({ connectionString: DATABASE_URL });
        await holder.connect();
        try {
          await holder.query("BEGIN");
          await holder.query(
            `INSERT INTO ${n.table("idempotency_keys")} (key, fingerprint, expires_at, response)
         VALUES ($1, 'other', $2, '{}')`,
            [key, T0 + 86_400_000],
          );
          const [{ pid: holderPid }] = (await holder.query("SELECT pg_backend_pid() AS pid")).rows;
          // With a write in flight, the request waits for it and goes as a group of its own.
          const lone = grouped ? store.commit(createOf(makeStoredReturn(), REQUEST)) : null;
          const crashed = store.commitMany({ changes, idempotency });
          const settled = crashed.then(
            () => "resolved",
            () => "rejected",
          );
          const blocked = async () =>
            (
              await pool.query(
                "SELECT pid FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))",
                [holderPid],
              )
            ).rows.map((row) => row.pid as number);
          await vi.waitFor(async () => expect(await blocked()).toHaveLength(1), {
            timeout: 10_000,
          });
          const [victim] = await blocked();

          await pool.query("SELECT pg_terminate_backend($1)", [victim]);

          expect(await settled).toBe("rejected");
          if (lone) expect(await lone).toMatchObject({ ok: true });
          await holder.query("ROLLBACK");
        } finally {
          await holder.end();
        }
        const ids = changes.map((change) => change.next.record.id);
        expect(await store.getReturn(existing.record.id)).toEqual(existing);
        expect(await countRows(ids)).toEqual({ returns: 1, events: 1 });
        expect(await store.getIdempotencyRecord(key, T0)).toBeNull();

        // Its order's allowance lock and its rows went with it: the same commit goes through.
        const again = await store.commitMany({ changes, idempotency });

        expect(again).toMatchObject({ ok: true });
        for (const change of changes)
          expect(await store.getReturn(change.next.record.id)).toEqual(change.next);
        expect(await countRows(ids)).toEqual({ returns: 3, events: 4 });
        expect(await store.returnedQuantities(ORDER)).toEqual([{ ...LINE, quantity: 2 }]);
        expect(await store.getIdempotencyRecord(key, T0)).toMatchObject({ fingerprint: "fp" });
      },
    );
  },
);
