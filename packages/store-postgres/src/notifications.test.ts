import type { ReturnsStore } from "@returnkit/core";
import { makeEndpoint } from "@returnkit/testing";
import type pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { sqlNames } from "./names";
import { postgresStore } from "./postgres-store";
import {
  backends,
  commitNewReturn,
  DATABASE_URL,
  dropSchema,
  newPool,
  STARTUP_TIMEOUT_MS,
  type TestDatabase,
  uniqueSchema,
  warmUp,
  warnWithoutServer,
} from "./test-support";

warnWithoutServer("the LISTEN/NOTIFY cases");

const SETTLE_MS = 300;
const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

for (const backend of backends()) {
  describe.skipIf(backend.skip)(`onDeliveriesCreated on ${backend.name}`, () => {
    let db: TestDatabase;
    const opened: Array<{ store: ReturnsStore; schema: string }> = [];

    /** A store on its own connection (its own pool on a server), as another process would have. */
    function storeOn(schema: string, options: { notify?: boolean } = {}): ReturnsStore {
      const store = postgresStore({ db: backend.connect(), schema, ...options });
      opened.push({ store, schema });
      return store;
    }

    beforeAll(async () => {
      await warmUp(backend);
      db = backend.connect();
    }, STARTUP_TIMEOUT_MS);

    afterEach(async () => {
      for (const { store, schema } of opened.splice(0)) {
        await store.close?.();
        await dropSchema(db, schema);
      }
    });

    afterAll(() => backend.closeAll());

    it("onDeliveriesCreated - hears commits another process made", async () => {
      const schema = uniqueSchema("notify");
      const listening = storeOn(schema);
      const committing = storeOn(schema);
      await listening.init?.();
      await committing.saveEndpoint(makeEndpoint());
      const listener = vi.fn();
      listening.onDeliveriesCreated!(listener);
      await settle();

      await commitNewReturn(committing);

      await vi.waitFor(() => expect(listener).toHaveBeenCalled(), { timeout: 5_000 });
    });

    it("onDeliveriesCreated - stays quiet for a commit that created no deliveries", async () => {
      const schema = uniqueSchema("quiet");
      const listening = storeOn(schema);
      const committing = storeOn(schema);
      await listening.init?.();
      const listener = vi.fn();
      listening.onDeliveriesCreated!(listener);
      await settle();

      await commitNewReturn(committing);
      await settle();

      expect(listener).not.toHaveBeenCalled();
    });

    it("onDeliveriesCreated - with notify off hears only its own process", async () => {
      const schema = uniqueSchema("local");
      const listening = storeOn(schema, { notify: false });
      const committing = storeOn(schema, { notify: false });
      await listening.init?.();
      await listening.saveEndpoint(makeEndpoint());
      const listener = vi.fn();
      listening.onDeliveriesCreated!(listener);

      await commitNewReturn(committing);
      await settle();
      expect(listener).not.toHaveBeenCalled();

      await commitNewReturn(listening);
      await vi.waitFor(() => expect(listener).toHaveBeenCalledTimes(1), { timeout: 5_000 });
    });

    it("onDeliveriesCreated - calls a local listener once per commit, not again for its own NOTIFY", async () => {
      const schema = uniqueSchema("echo");
      const store = storeOn(schema);
      await store.init?.();
      await store.saveEndpoint(makeEndpoint());
      const listener = vi.fn();
      store.onDeliveriesCreated!(listener);
      await settle();

      await commitNewReturn(store);
      await settle();

      expect(listener).toHaveBeenCalledTimes(1);
    });
  });
}

describe.skipIf(!DATABASE_URL)("the LISTEN connection of a pg Pool (DATABASE_URL)", () => {
  let pool: pg.Pool;
  let admin: pg.Pool;
  const schemas: string[] = [];

  beforeAll(() => {
    pool = newPool(4);
    admin = newPool(2);
  });

  afterAll(async () => {
    for (const schema of schemas) await dropSchema(admin, schema);
    await pool.end();
    await admin.end();
  });

  /** Backends LISTENing on the store's channel; the channel is unique per schema. */
  async function listeners(schema: string): Promise<number[]> {
    const { rows } = await admin.query(
      "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query = $1",
      [`LISTEN "${sqlNames({ schema }).channel}"`],
    );
    return rows.map((row) => row.pid);
  }

  it("onDeliveriesCreated - listens again after its connection was killed, and wakes listeners", async () => {
    const schema = uniqueSchema("reconnect");
    schemas.push(schema);
    const store = postgresStore({ db: pool, schema });
    const committing = postgresStore({ db: admin, schema });
    await store.init?.();
    await committing.saveEndpoint(makeEndpoint());
    const listener = vi.fn();
    store.onDeliveriesCreated!(listener);
    await vi.waitFor(async () => expect(await listeners(schema)).toHaveLength(1), {
      timeout: 5_000,
    });
    const [pid] = await listeners(schema);

    await admin.query("SELECT pg_terminate_backend($1)", [pid]);

    // After a reconnect every listener is woken once: notifications may have been missed.
    await vi.waitFor(() => expect(listener).toHaveBeenCalled(), { timeout: 10_000 });
    await vi.waitFor(async () => expect(await listeners(schema)).toHaveLength(1), {
      timeout: 10_000,
    });
    expect((await listeners(schema))[0]).not.toBe(pid);
    listener.mockClear();
    await commitNewReturn(committing);
    await vi.waitFor(() => expect(listener).toHaveBeenCalled(), { timeout: 5_000 });
    await store.close?.();
  });

  it("close - releases the LISTEN connection and leaves the caller's pool working", async () => {
    const schema = uniqueSchema("close");
    schemas.push(schema);
    const store = postgresStore({ db: pool, schema });
    await store.init?.();
    store.onDeliveriesCreated!(() => {});
    await vi.waitFor(async () => expect(await listeners(schema)).toHaveLength(1), {
      timeout: 5_000,
    });

    await store.close?.();

    await vi.waitFor(async () => expect(await listeners(schema)).toEqual([]), { timeout: 5_000 });
    const { rows } = await pool.query("SELECT 1 AS one");
    expect(rows).toEqual([{ one: 1 }]);
  });

  it("onDeliveriesCreated - opens no connection until someone listens, and gives it back after", async () => {
    const schema = uniqueSchema("lazy");
    schemas.push(schema);
    const store = postgresStore({ db: pool, schema });
    await store.init?.();
    expect(await listeners(schema)).toEqual([]);

    const unsubscribe = store.onDeliveriesCreated!(() => {});
    await vi.waitFor(async () => expect(await listeners(schema)).toHaveLength(1), {
      timeout: 5_000,
    });
    unsubscribe();

    await vi.waitFor(async () => expect(await listeners(schema)).toEqual([]), { timeout: 5_000 });
    await store.close?.();
  });
});
