import { afterAll, describe, expect, it } from "vitest";
import { runMigrateCli, USAGE } from "./migrate-cli";
import { DATABASE_URL, dropSchema, newPool, uniqueSchema, warnWithoutServer } from "./test-support";

warnWithoutServer("the returnkit-migrate CLI");

function io() {
  const out: string[] = [];
  const error: string[] = [];
  return {
    out,
    error,
    sink: { out: (line: string) => out.push(line), error: (line: string) => error.push(line) },
  };
}

describe("returnkit-migrate", () => {
  it("returnkit-migrate - prints its usage for --help", async () => {
    const { out, sink } = io();

    expect(await runMigrateCli(["--help"], {}, sink)).toBe(0);
    expect(out).toEqual([USAGE]);
  });

  it("returnkit-migrate - refuses to run without a database or with an unknown flag", async () => {
    const missing = io();
    const unknown = io();

    expect(await runMigrateCli([], {}, missing.sink)).toBe(2);
    expect(await runMigrateCli(["--schema"], { DATABASE_URL: "postgres://x" }, unknown.sink)).toBe(
      2,
    );
    expect(missing.error[0]).toContain("set DATABASE_URL");
    expect(unknown.error[0]).toContain("--schema needs a value");
  });
});

describe.skipIf(!DATABASE_URL)("returnkit-migrate against a server (DATABASE_URL)", () => {
  const schema = uniqueSchema("cli");
  afterAll(async () => {
    const pool = newPool(1);
    await dropSchema(pool, schema);
    await pool.end();
  });

  it("returnkit-migrate - migrates the schema DATABASE_URL points at, then finds it up to date", async () => {
    const first = io();
    const second = io();

    const code = await runMigrateCli(
      ["--schema", schema, "--table-prefix=shop_"],
      { DATABASE_URL },
      first.sink,
    );
    const again = await runMigrateCli(
      [`--schema=${schema}`, "--table-prefix", "shop_"],
      { DATABASE_URL },
      second.sink,
    );

    expect([code, again]).toEqual([0, 0]);
    expect(first.out).toEqual([
      `applied 001_initial, 002_subscribers, 003_event_request_id, 004_endpoint_rotation to ${schema} (prefix shop_)`,
    ]);
    expect(second.out).toEqual([`${schema} (prefix shop_) is up to date`]);
  });
});
