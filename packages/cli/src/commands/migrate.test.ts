import { MIGRATIONS } from "@returnkit/store-postgres";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { migrationId } from "../migration-status";
import { DATABASE_URL, dropSchema, returnkit, returnkitJson, uniqueSchema } from "../test-support";

const ALL = MIGRATIONS.map(migrationId);
const schemas: string[] = [];

function newSchema(label: string): string {
  const schema = uniqueSchema(label);
  schemas.push(schema);
  return schema;
}

afterAll(async () => {
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 1 });
  for (const schema of schemas) await dropSchema(pool, schema);
  await pool.end();
});

describe("returnkit migrate", () => {
  it("migrate - applies every migration to the schema and prefix given, then finds it up to date", async () => {
    const schema = newSchema("migrate");

    const first = await returnkit(["migrate", "--schema", schema, "--table-prefix=shop_"]);
    const again = await returnkit(["migrate", `--schema=${schema}`, "--table-prefix", "shop_"]);

    expect(first).toEqual({
      code: 0,
      stdout: `applied ${ALL.join(", ")} to "${schema}" (prefix shop_)\n`,
      stderr: "",
    });
    expect(again.stdout).toBe(`"${schema}" (prefix shop_) is up to date\n`);
  });

  it("migrate --json - answers the schema, the prefix and what it applied", async () => {
    const schema = newSchema("json");

    const first = await returnkitJson(["migrate", "--schema", schema]);
    const again = await returnkitJson(["migrate", "--schema", schema]);

    expect(first).toEqual({ schema, table_prefix: "returnkit_", applied: ALL });
    expect(again).toEqual({ schema, table_prefix: "returnkit_", applied: [] });
  });

  it("migrate --dry-run - prints what it would apply with its SQL, and applies nothing", async () => {
    const schema = newSchema("dry");

    const text = await returnkit(["migrate", "--dry-run", "--schema", schema]);
    const json = await returnkitJson(["migrate", "--dry-run", "--schema", schema]);
    const status = await returnkitJson(["migrate", "status", "--schema", schema]);

    expect(text.code).toBe(0);
    expect(text.stdout).toContain(`would apply ${ALL.join(", ")} to "${schema}"`);
    expect(text.stdout).toContain(`CREATE TABLE "${schema}"."returnkit_returns"`);
    expect(json.dry_run).toBe(true);
    expect(json.pending.map((migration: { id: string }) => migration.id)).toEqual(ALL);
    expect(json.pending[0].sql).toContain("CREATE TABLE");
    expect(status.migrations.every((m: { applied_at: unknown }) => m.applied_at === null)).toBe(
      true,
    );
  });

  it("migrate status - lists each migration pending, then applied with its time", async () => {
    const schema = newSchema("status");

    const before = await returnkitJson(["migrate", "status", "--schema", schema]);
    await returnkitJson(["migrate", "--schema", schema]);
    const after = await returnkitJson(["migrate", "status", "--schema", schema]);
    const text = await returnkit(["migrate", "status", "--schema", schema]);

    expect(before).toEqual({
      schema,
      table_prefix: "returnkit_",
      up_to_date: false,
      migrations: ALL.map((id) => ({ id, applied_at: null })),
      unknown: [],
    });
    expect(after.up_to_date).toBe(true);
    for (const migration of after.migrations) {
      expect(Date.parse(migration.applied_at)).toBeGreaterThan(Date.now() - 600_000);
    }
    expect(text.stdout).toMatch(/^MIGRATION +APPLIED AT\n001_initial +\d{4}-/);
    expect(text.stdout).toContain(`"${schema}" (prefix returnkit_) is up to date`);
  });

  it("migrate --dry-run - with everything applied, says nothing would be applied", async () => {
    const schema = newSchema("dryok");
    await returnkitJson(["migrate", "--schema", schema]);

    const json = await returnkitJson(["migrate", "--dry-run", "--schema", schema]);

    expect(json.pending).toEqual([]);
  });
});

describe("returnkit drop", () => {
  it("drop - refuses without the schema confirmed, then drops every table of the store", async () => {
    const schema = newSchema("drop");
    await returnkit(["migrate", "--schema", schema, "--table-prefix", "shop_"]);

    const unconfirmed = await returnkit(["drop", "--schema", schema, "--table-prefix", "shop_"]);
    const wrong = await returnkit(["drop", "--schema", schema, "--confirm", "public"]);
    const dropped = await returnkitJson([
      "drop",
      "--schema",
      schema,
      "--table-prefix",
      "shop_",
      "--confirm",
      schema,
    ]);
    const status = await returnkitJson(["migrate", "status", "--schema", schema]);

    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toContain(`pass --confirm ${schema}`);
    expect(wrong.code).toBe(2);
    expect(dropped).toMatchObject({ schema, table_prefix: "shop_", schema_dropped: true });
    expect(dropped.dropped).toContain(`"${schema}"."shop_returns"`);
    expect(status.up_to_date).toBe(false);
  });
});
