/**
 * A return's row locked by another session (an operator's `SELECT … FOR UPDATE`, a long
 * transaction of the host's own) holds up the commits of that return, and only them.
 *
 * Real server only: PGlite has one connection, and a transaction open on it holds up every
 * statement whatever it locks, so a row cannot be "locked elsewhere" there.
 */
import type { ReturnsStore, StoredReturn } from "@returnkit/core";
import { advanceStoredReturn, makeOutboxEvent, makeStoredReturn } from "@returnkit/core/testing";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PostgresStoreOptions, postgresStore } from "./postgres-store";
import {
  commitNewReturn,
  DATABASE_URL,
  dropSchema,
  newPool,
  uniqueSchema,
  warnWithoutServer,
} from "./test-support";

warnWithoutServer("the row-lock cases");

/** Far beyond what an unblocked commit takes: reaching it means the commit was stalled. */
const STALLED_AFTER_MS = 15_000;

/** "done" once `work` settles, "stalled" if it has not after STALLED_AFTER_MS. */
function settlesWhileLocked(work: Promise<unknown>): Promise<"done" | "stalled"> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stalled = new Promise<"stalled">((resolve) => {
    timer = setTimeout(() => resolve("stalled"), STALLED_AFTER_MS);
  });
  return Promise.race([work.then(() => "done" as const), stalled]).finally(() =>
    clearTimeout(timer),
  );
}

function next(stored: StoredReturn) {
  const advanced = advanceStoredReturn(stored, "submit");
  return {
    next: advanced,
    expectedVersion: stored.record.version,
    events: [makeOutboxEvent(advanced)],
  };
}

describe.skipIf(!DATABASE_URL)("a return's row locked by another session", () => {
  const admin = DATABASE_URL ? newPool(4) : undefined;
  const opened: Array<{ pool: pg.Pool; store: ReturnsStore; schema: string }> = [];

  afterAll(async () => {
    for (const { pool, store, schema } of opened) {
      await store.close?.();
      await dropSchema(admin!, schema);
      await pool.end();
    }
    await admin?.end();
  });

  /** A store on a Pool of its own whose connections carry a name, to find them waiting. */
  function storeWith(options: Partial<PostgresStoreOptions> = {}) {
    const schema = uniqueSchema("locks");
    const application = uniqueSchema("locks_app");
    const pool = new pg.Pool({
      connectionString: DATABASE_URL,
      max: 8,
      application_name: application,
    });
    const store = postgresStore({ db: pool, schema, notify: false, ...options });
    opened.push({ pool, store, schema });
    return { store, schema, application };
  }

  /** How many of `application`'s statements wait for a lock right now. */
  async function waitingOnLocks(application: string): Promise<number> {
    const { rows } = await admin!.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity
       WHERE application_name = $1 AND wait_event_type = 'Lock'`,
      [application],
    );
    return rows[0].n as number;
  }

  beforeAll(async () => {
    await admin?.query("SELECT 1");
  });

  // With group commit a later commit of the locked return waits in the queue, not on the row.
  const modes: Array<[string, Partial<PostgresStoreOptions>, number]> = [
    ["each commit its own statement (the default)", {}, 2],
    ["group commit on", { commitBatching: true }, 1],
  ];

  it.each(modes)(
    "commit - a row locked elsewhere holds up only its own return: creates and other returns' commits go through, %s",
    async (_, options, waiting) => {
      const { store, schema, application } = storeWith(options);
      await store.init?.();
      const locked = await commitNewReturn(store);
      const other = await commitNewReturn(store);
      const holder = await admin!.connect();
      try {
        await holder.query("BEGIN");
        await holder.query(`SELECT 1 FROM "${schema}".returnkit_returns WHERE id = $1 FOR UPDATE`, [
          locked.record.id,
        ]);
        // Two writers of the locked return (a retry, a second request): both wait on its row.
        const blocked = [store.commit(next(locked)), store.commit(next(locked))];
        await expect.poll(() => waitingOnLocks(application), { timeout: 10_000 }).toBe(waiting);

        const created = makeStoredReturn();
        const unrelated = Promise.all([
          store.commit({
            next: created,
            expectedVersion: null,
            events: [makeOutboxEvent(created)],
          }),
          store.commit(next(other)),
        ]);

        expect(await settlesWhileLocked(unrelated)).toBe("done");
        expect((await unrelated).map((result) => result.ok)).toEqual([true, true]);
        expect(await store.getReturn(created.record.id)).toEqual(created);

        await holder.query("ROLLBACK");
        // Released, the blocked ones finish: one writes, the other lost the version race.
        const results = await Promise.all(blocked);
        expect(results.map((result) => result.ok).sort()).toEqual([false, true]);
        expect((await store.getReturn(locked.record.id))!.record.version).toBe(2);
      } finally {
        // Also when an expectation failed: the blocked commits must end for the Pool to close.
        await holder.query("ROLLBACK");
        holder.release();
      }
    },
    60_000,
  );
});
