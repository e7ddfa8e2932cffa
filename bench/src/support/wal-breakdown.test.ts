import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { measurePass, walBreakdown, walTable } from "./wal-breakdown";

const url = process.env.DATABASE_URL;
const ours = `bench_wal_test_${process.pid}`;
const theirs = `bench_wal_other_${process.pid}`;

// The breakdown must count this run's writes and nobody else's: the server is shared.
describe.skipIf(!url)("the WAL breakdown of keyed transitions", () => {
  let pool: pg.Pool;
  let inspects = false;

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: url, max: 2 });
    for (const schema of [ours, theirs])
      await pool.query(`CREATE SCHEMA "${schema}"; CREATE TABLE "${schema}".t (v text)`);
    inspects = await pool
      .query("CREATE EXTENSION IF NOT EXISTS pg_walinspect")
      .then(() => true)
      .catch(() => false);
  });
  afterAll(async () => {
    for (const schema of [ours, theirs]) await pool.query(`DROP SCHEMA "${schema}" CASCADE`);
    await pool.end();
  });

  it("attributes a schema's records to its relations and leaves other schemas' out", async () => {
    const pass = await measurePass(pool, ours, 10, async () => {
      await pool.query(
        `INSERT INTO "${ours}".t SELECT repeat('a', 100) FROM generate_series(1, 10)`,
      );
      await pool.query(
        `INSERT INTO "${theirs}".t SELECT repeat('b', 100) FROM generate_series(1, 500)`,
      );
    });
    // The LSN difference counts every session, the other schema's 500 rows among them.
    expect(pass.lsnBytes).toBeGreaterThan((500 * 100) / 10);
    if (!inspects) return expect(pass.shares).toBeNull();
    const table = pass.shares!.find((share) => share.what === "t");
    expect(table!.records).toBeCloseTo(1, 5);
    expect(table!.bytes).toBeGreaterThan(100);
    const total = pass.shares!.reduce((sum, s) => sum + s.bytes + s.fpi, 0);
    expect(total).toBeLessThan(pass.lsnBytes / 5);
  });

  it("measures the service's keyed transitions on the store's relations", async () => {
    const { afterCheckpoint, steady } = await walBreakdown(url!, { returns: 4, writers: 2 });
    for (const pass of [afterCheckpoint, steady]) {
      expect(pass.transitions).toBe(20);
      expect(pass.lsnBytes).toBeGreaterThan(0);
      if (!inspects) continue;
      const names = pass.shares!.map((share) => share.what);
      expect(names).toEqual(
        expect.arrayContaining(["returns", "outbox_events", "idempotency_keys", "returns_pkey"]),
      );
      expect(walTable(pass)).toContain("| returns |");
    }
  });
});
