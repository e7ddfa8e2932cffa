import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgliteDatabase, type SqlDatabase } from "./database";
import { STARTUP_TIMEOUT_MS } from "./test-support";

const INSERT =
  "INSERT INTO t (id, n, doc, flag, note) SELECT x, x * 10000000000, json_build_object('x', x), x % 2 = 0, NULL FROM unnest($1::int[]) x RETURNING *";

describe("prepared statements on PGlite", () => {
  let pglite: PGlite;
  let db: SqlDatabase;

  beforeAll(async () => {
    pglite = new PGlite();
    db = pgliteDatabase(pglite);
    await db.query(
      "CREATE TABLE t (id int PRIMARY KEY, n bigint, doc json, flag boolean, note text)",
    );
  }, STARTUP_TIMEOUT_MS);

  afterAll(() => pglite.close());

  async function preparedCount(): Promise<number> {
    const { rows } = await pglite.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'returnkit_%'",
    );
    return rows[0]!.n;
  }

  it("parses a statement once and reads rows exactly as query() does", async () => {
    const prepared = await db.query(INSERT, ["{1,2}"], { prepare: true });
    const again = await db.query(INSERT, ["{3}"], { prepare: true });
    const plain = await pglite.query("SELECT * FROM t WHERE id <= 3 ORDER BY id");

    expect([...prepared.rows, ...again.rows]).toEqual(plain.rows);
    expect(prepared.rows[0]).toEqual({
      id: 1,
      n: 10_000_000_000,
      doc: { x: 1 },
      flag: false,
      note: null,
    });
    expect(await preparedCount()).toBe(1);
  });

  it("shares the statement with another wrapper of the same PGlite", async () => {
    const other = pgliteDatabase(pglite);
    const { rows } = await other.query(INSERT, ["{4}"], { prepare: true });
    expect(rows).toHaveLength(1);
    expect(await preparedCount()).toBe(1);
  });

  it("throws the server's error, with its code, and leaves no transaction open", async () => {
    await expect(db.query(INSERT, ["{1}"], { prepare: true })).rejects.toMatchObject({
      code: "23505",
    });
    expect(pglite.isInTransaction()).toBe(false);
    expect((await db.query(INSERT, ["{5}"], { prepare: true })).rows).toHaveLength(1);
  });

  it("never runs inside another caller's transaction", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const theirs = pglite
      .transaction(async (tx) => {
        await tx.query("INSERT INTO t (id) VALUES (100)");
        await held;
        throw new Error("their transaction rolls back");
      })
      .catch(() => "rolled back");
    // Ours is sent while theirs is open; it must wait, not join theirs and roll back with it.
    const ours = db.query(INSERT, ["{101}"], { prepare: true });
    setTimeout(release, 50);

    expect(await theirs).toBe("rolled back");
    expect((await ours).rows).toHaveLength(1);
    const { rows } = await pglite.query<{ id: number }>(
      "SELECT id FROM t WHERE id >= 100 ORDER BY id",
    );
    expect(rows.map((row) => row.id)).toEqual([101]);
  });
});
