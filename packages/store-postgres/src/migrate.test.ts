import { makeOutboxEvent, makeStoredReturn } from "@returnkit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "./migrate";
import { MIGRATIONS } from "./migrations";
import { postgresStore } from "./postgres-store";
import {
  backends,
  commitNewReturn,
  DATABASE_URL,
  dropSchema,
  newPool,
  query,
  STARTUP_TIMEOUT_MS,
  uniqueSchema,
  warmUp,
  warnWithoutServer,
} from "./test-support";

warnWithoutServer("the migration cases");

const ALL = MIGRATIONS.map((m) => `${String(m.version).padStart(3, "0")}_${m.name}`);

for (const backend of backends()) {
  describe.skipIf(backend.skip)(`migrations on ${backend.name}`, () => {
    beforeAll(() => warmUp(backend), STARTUP_TIMEOUT_MS);
    afterAll(() => backend.closeAll());

    it("migrate - applies every migration once and records it", async () => {
      const db = backend.connect();
      const schema = uniqueSchema("mig");

      const first = await migrate({ db, schema });
      const second = await migrate({ db, schema });

      expect(first.applied).toEqual(ALL);
      expect(second.applied).toEqual([]);
      const { rows } = await query<{ version: number; name: string }>(
        db,
        `SELECT version, name FROM "${schema}"."returnkit_migrations" ORDER BY version`,
      );
      expect(rows.map((row) => [Number(row.version), row.name])).toEqual(
        MIGRATIONS.map((m) => [m.version, m.name]),
      );
      await dropSchema(db, schema);
    });

    it("postgresStore - keeps its tables under the given schema and prefix, apart from others", async () => {
      const db = backend.connect();
      const schema = uniqueSchema("shop");
      const ours = postgresStore({ db, schema, tablePrefix: "rk_" });
      const theirs = postgresStore({ db, schema, tablePrefix: "legacy_" });
      await ours.init?.();
      await theirs.init?.();
      const stored = makeStoredReturn();

      await ours.commit({ next: stored, expectedVersion: null, events: [makeOutboxEvent(stored)] });

      const { rows } = await query<{ table_name: string }>(
        db,
        "SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name",
        [schema],
      );
      const tables = rows.map((row) => row.table_name);
      expect(tables.filter((t) => t.startsWith("rk_")).sort()).toEqual(
        [
          "rk_deliveries",
          "rk_endpoints",
          "rk_idempotency_keys",
          "rk_migrations",
          "rk_outbox_events",
          "rk_returns",
          "rk_rma_numbers",
          "rk_timers",
        ].sort(),
      );
      expect(tables.filter((t) => t.startsWith("legacy_"))).toHaveLength(8);
      expect(await ours.getReturn(stored.record.id)).toEqual(stored);
      expect(await theirs.getReturn(stored.record.id)).toBeNull();
      await ours.close?.();
      await theirs.close?.();
      await dropSchema(db, schema);
    });

    it("migrate - leaves outbox_events.position without a unique index, under any prefix", async () => {
      const db = backend.connect();
      const schema = uniqueSchema("pos");
      const prefixes = ["returnkit_", "rk_", "a_prefix_as_long_as_allowed_abc_"];
      for (const tablePrefix of prefixes) await migrate({ db, schema, tablePrefix });

      const { rows } = await query<{ tablename: string; indexdef: string }>(
        db,
        "SELECT tablename, indexdef FROM pg_indexes WHERE schemaname = $1 AND tablename LIKE '%outbox_events' ORDER BY indexname",
        [schema],
      );
      for (const tablePrefix of prefixes) {
        const defs = rows.filter((row) => row.tablename === `${tablePrefix}outbox_events`);
        // The primary key, (return_id, position) and (created_ms): nothing unique on position.
        expect(defs).toHaveLength(3);
        expect(defs.filter((row) => /UNIQUE.*\(position\)/.test(row.indexdef))).toEqual([]);
      }
      await dropSchema(db, schema);
    });

    it("init - migrates once however often and however concurrently it is called", async () => {
      const db = backend.connect();
      const schema = uniqueSchema("init");
      const stores = Array.from({ length: 4 }, () => postgresStore({ db, schema }));

      await Promise.all(stores.flatMap((store) => [store.init?.(), store.init?.()]));

      const { rows } = await query<{ n: number | string }>(
        db,
        `SELECT count(*) AS n FROM "${schema}"."returnkit_migrations"`,
      );
      expect(Number(rows[0]!.n)).toBe(MIGRATIONS.length);
      await Promise.all(stores.map((store) => store.close?.()));
      await dropSchema(db, schema);
    });
  });
}

describe.skipIf(!DATABASE_URL)("migrations from several processes (DATABASE_URL)", () => {
  it("migrate - pools racing on one schema apply each migration exactly once", async () => {
    const schema = uniqueSchema("race");
    // Separate pools stand in for separate processes: no connection is shared.
    const pools = Array.from({ length: 6 }, () => newPool(2));
    try {
      const results = await Promise.all(pools.map((db) => migrate({ db, schema })));

      expect(results.filter((r) => r.applied.length > 0).map((r) => r.applied)).toEqual([ALL]);
      const { rows } = await pools[0]!.query(
        `SELECT version FROM "${schema}"."returnkit_migrations"`,
      );
      expect(rows).toHaveLength(MIGRATIONS.length);
    } finally {
      await dropSchema(pools[0]!, schema);
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });

  it("migrate - a role that may not create schemas migrates into an existing one", async () => {
    const admin = newPool(1);
    const schema = uniqueSchema("role");
    const role = `${schema}_user`;
    await admin.query(`CREATE ROLE "${role}" LOGIN`);
    await admin.query(`CREATE SCHEMA "${schema}" AUTHORIZATION "${role}"`);
    const url = new URL(DATABASE_URL!);
    url.username = role;
    const { default: pg } = await import("pg");
    const restricted = new pg.Pool({ connectionString: url.toString(), max: 1 });
    try {
      // By default a role may not create schemas in a database; the case relies on it.
      const { rows } = await admin.query(
        "SELECT has_database_privilege($1, current_database(), 'CREATE') AS can",
        [role],
      );
      expect(rows[0].can).toBe(false);

      const result = await migrate({ db: restricted, schema });

      expect(result.applied).toEqual(ALL);
    } finally {
      await restricted.end();
      await dropSchema(admin, schema);
      await admin.query(`DROP ROLE IF EXISTS "${role}"`);
      await admin.end();
    }
  });

  it("init - a role that may use the tables but not create any starts on an up-to-date schema", async () => {
    const admin = newPool(1);
    const schema = uniqueSchema("app");
    const role = `${schema}_app`;
    await migrate({ db: admin, schema });
    await admin.query(`CREATE ROLE "${role}" LOGIN`);
    await admin.query(`GRANT USAGE ON SCHEMA "${schema}" TO "${role}"`);
    await admin.query(
      `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA "${schema}" TO "${role}"`,
    );
    await admin.query(`GRANT USAGE ON ALL SEQUENCES IN SCHEMA "${schema}" TO "${role}"`);
    const url = new URL(DATABASE_URL!);
    url.username = role;
    const { default: pg } = await import("pg");
    const app = new pg.Pool({ connectionString: url.toString(), max: 2 });
    const store = postgresStore({ db: app, schema, notify: false });
    try {
      const { rows } = await admin.query("SELECT has_schema_privilege($1, $2, 'CREATE') AS can", [
        role,
        schema,
      ]);
      expect(rows[0].can).toBe(false);

      // Every migration is recorded, so init checks and writes nothing (no CREATE … IF NOT
      // EXISTS, which needs the privilege even when the table is there).
      await store.init();
      const stored = await commitNewReturn(store);
      expect(await store.getReturn(stored.record.id)).toEqual(stored);
    } finally {
      await store.close();
      await app.end();
      await dropSchema(admin, schema);
      await admin.query(`DROP ROLE IF EXISTS "${role}"`);
      await admin.end();
    }
  });
});
