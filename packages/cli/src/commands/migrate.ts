/**
 * @module commands/migrate — `returnkit migrate` (applies), `--dry-run` (lists what it would
 * apply, with the SQL) and `migrate status`. Applying goes through the store's own `migrate()`:
 * one transaction under an advisory lock, so it is safe beside starting services. `returnkit
 * drop --confirm <schema>` undoes all of it: every table of the store, its data with it (a
 * shop's data erased as a whole, Shopify's `shop/redact`).
 */
import { dropStore, migrate } from "@returnkit/store-postgres";
import type { Command } from "../command";
import type { Database } from "../database";
import { usageError } from "../errors";
import { readMigrationStatus } from "../migration-status";
import { table } from "../output";

function placement(db: Database) {
  return { schema: db.names.schema, table_prefix: db.names.prefix };
}

const apply: Command = {
  words: ["migrate"],
  usage: "[--dry-run]",
  summary: "apply the store's migrations (--dry-run: print what would be applied, with its SQL)",
  args: [],
  options: ["dry-run"],
  async run(db, { options }) {
    if (options["dry-run"]) {
      const { pending } = await readMigrationStatus(db.pool, db.names);
      const lines =
        pending.length === 0
          ? [`${db.where} is up to date; nothing would be applied`]
          : [
              `would apply ${pending.map((migration) => migration.id).join(", ")} to ${db.where}:`,
              ...pending.flatMap((migration) => ["", `-- ${migration.id}`, migration.sql]),
            ];
      return { json: { ...placement(db), dry_run: true, pending }, lines };
    }
    const { applied } = await migrate({
      db: db.pool,
      schema: db.names.schema,
      tablePrefix: db.names.prefix,
    });
    const lines = [
      applied.length > 0
        ? `applied ${applied.join(", ")} to ${db.where}`
        : `${db.where} is up to date`,
    ];
    return { json: { ...placement(db), applied }, lines };
  },
};

const status: Command = {
  words: ["migrate", "status"],
  usage: "",
  summary: "list the migrations, applied or pending",
  args: [],
  options: [],
  async run(db) {
    const { migrations, pending, unknown } = await readMigrationStatus(db.pool, db.names);
    const upToDate = pending.length === 0;
    const lines = [
      ...table(
        ["MIGRATION", "APPLIED AT"],
        migrations.map((migration) => [migration.id, migration.applied_at ?? "pending"]),
      ),
      "",
      upToDate
        ? `${db.where} is up to date`
        : `${db.where}: ${pending.length} pending; run \`returnkit migrate\``,
      ...(unknown.length > 0
        ? [
            `also recorded, unknown to this returnkit (a newer one applied them): ${unknown.join(", ")}`,
          ]
        : []),
    ];
    return {
      json: { ...placement(db), up_to_date: upToDate, migrations, unknown },
      lines,
    };
  },
};

const drop: Command = {
  words: ["drop"],
  usage: "--confirm <schema>",
  summary:
    "drop every table of the store, with all its data (a shop's erasure); --confirm names the schema",
  args: [],
  options: ["confirm"],
  async run(db, { options }) {
    // Nothing to undo afterwards: the schema typed again is the proof it was meant.
    if (options.confirm !== db.names.schema)
      throw usageError(
        `drop removes every table of ${db.where} and all its data: pass --confirm ${db.names.schema}`,
      );
    const { dropped, schemaDropped } = await dropStore({
      db: db.pool,
      schema: db.names.schema,
      tablePrefix: db.names.prefix,
    });
    const lines =
      dropped.length === 0
        ? [`${db.where} holds no returnkit table; nothing dropped`]
        : [
            `dropped ${dropped.length} tables and sequences of ${db.where}${schemaDropped ? ", and the schema, left empty" : ""}`,
          ];
    return { json: { ...placement(db), dropped, schema_dropped: schemaDropped }, lines };
  },
};

export const migrateCommands: readonly Command[] = [apply, status, drop];
