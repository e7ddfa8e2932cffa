/**
 * @module drop-store — `dropStore`: every table and sequence of one store (a schema and a
 * prefix) dropped in one transaction, under the migrations' lock, for a shop whose data must
 * go as a whole (Shopify's `shop/redact` after an uninstall). Only the store's own relations,
 * named by `TABLE_NAMES`, are touched: with an empty prefix the shop's other tables in the
 * same schema stay. The schema goes too when nothing else is left in it and it is not
 * `public`.
 */
import { type DatabaseInput, toDriver } from "./drivers";
import type { PGliteDriverOptions } from "./drivers/pglite";
import type { SqlQueryable } from "./drivers/types";
import { type NamesOptions, sqlNames, TABLE_NAMES } from "./names";

export interface DropStoreOptions extends NamesOptions, PGliteDriverOptions {
  db: DatabaseInput;
}

export interface DropStoreResult {
  /** The relations dropped, schema-qualified (`"shop_1"."returnkit_returns"`); empty when none was there. */
  dropped: string[];
  /** Whether the schema itself was dropped (it held nothing else and is not `public`). */
  schemaDropped: boolean;
}

export async function dropStore(options: DropStoreOptions): Promise<DropStoreResult> {
  const db = toDriver(options.db, { lockDataDir: options.lockDataDir });
  const names = sqlNames(options);
  try {
    return await db.transaction(async (tx) => {
      // A store starting meanwhile would create the tables again: it waits for this lock.
      await tx.query("SELECT pg_advisory_xact_lock($1, $2)", names.migrationLock);
      const found = await tx.query<{ name: string; kind: string }>(
        `SELECT c.relname AS name, c.relkind::text AS kind
         FROM pg_class c JOIN pg_namespace ns ON ns.oid = c.relnamespace
         WHERE ns.nspname = $1 AND c.relname = ANY($2::text[]) AND c.relkind IN ('r', 'p', 'S')`,
        [names.schema, TABLE_NAMES.map((name) => `${names.prefix}${name}`)],
      );
      const dropped = found.map((row) => `${names.quotedSchema}."${row.name}"`);
      for (const [i, row] of found.entries())
        await tx.exec(
          `DROP ${row.kind === "S" ? "SEQUENCE" : "TABLE"} IF EXISTS ${dropped[i]} CASCADE`,
        );
      const schemaDropped = names.schema !== "public" && (await emptySchema(tx, names.schema));
      if (schemaDropped) await tx.exec(`DROP SCHEMA ${names.quotedSchema}`);
      return { dropped, schemaDropped };
    });
  } finally {
    if (db !== options.db) await db.close();
  }
}

/** Whether `schema` exists and holds no relation, function or type (DROP SCHEMA would fail). */
async function emptySchema(tx: SqlQueryable, schema: string): Promise<boolean> {
  const [row] = await tx.query<{ exists: boolean; left: number }>(
    `SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = $1) AS exists,
       (SELECT count(*) FROM pg_class c JOIN pg_namespace ns ON ns.oid = c.relnamespace WHERE ns.nspname = $1)
     + (SELECT count(*) FROM pg_proc p JOIN pg_namespace ns ON ns.oid = p.pronamespace WHERE ns.nspname = $1)
     + (SELECT count(*) FROM pg_type t JOIN pg_namespace ns ON ns.oid = t.typnamespace WHERE ns.nspname = $1)
       AS left`,
    [schema],
  );
  return row!.exists && Number(row!.left) === 0;
}
