/** @module migrate — the migrations in one transaction, under an advisory lock per schema and prefix. */
import { type DatabaseInput, toDriver } from "./drivers";
import type { PGliteDriverOptions } from "./drivers/pglite";
import type { SqlDriver, SqlQueryable } from "./drivers/types";
import { MIGRATIONS } from "./migrations";
import { type NamesOptions, type SqlNames, sqlNames } from "./names";

export interface MigrateOptions extends NamesOptions, PGliteDriverOptions {
  db: DatabaseInput;
}

export interface MigrateResult {
  /** Versions applied by this call, e.g. `["001_initial"]`; empty when up to date. */
  applied: string[];
}

export async function migrate(options: MigrateOptions): Promise<MigrateResult> {
  // A PGlite's directory is locked for the call (shared with stores on the same instance).
  const db = toDriver(options.db, { lockDataDir: options.lockDataDir });
  try {
    return await applyMigrations(db, sqlNames(options));
  } finally {
    // A driver made here for one call: release what it registered on the caller's Pool.
    if (db !== options.db) await db.close();
  }
}

/** Shared by `migrate()` and the store's `init()`, which already holds its names. */
export function applyMigrations(db: SqlDriver, names: SqlNames): Promise<MigrateResult> {
  const migrations = names.table("migrations");
  return db.transaction(async (tx) => {
    // The usual start finds every migration applied: then nothing is locked or written, so
    // a process can start on a server that is read-only for now (a standby the Pool reached
    // mid-failover) or as a role that may use the tables but not create them.
    if (await upToDate(tx, names)) return { applied: [] };
    await tx.query("SELECT pg_advisory_xact_lock($1, $2)", names.migrationLock);
    // CREATE SCHEMA IF NOT EXISTS checks the CREATE privilege even when the schema exists, so
    // a role that may only use an existing schema would fail: ask first.
    const schema = await tx.query("SELECT 1 FROM pg_namespace WHERE nspname = $1", [names.schema]);
    if (schema.length === 0) await tx.exec(`CREATE SCHEMA ${names.quotedSchema}`);
    await tx.exec(`CREATE TABLE IF NOT EXISTS ${migrations} (
      version    integer PRIMARY KEY,
      name       text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = await recordedVersions(tx, migrations);
    const applied: string[] = [];
    for (const migration of MIGRATIONS.filter(({ version }) => !done.has(version))) {
      await tx.exec(migration.sql(names));
      const { version, name } = migration;
      await tx.query(`INSERT INTO ${migrations} (version, name) VALUES ($1, $2)`, [version, name]);
      applied.push(`${String(version).padStart(3, "0")}_${name}`);
    }
    return { applied };
  });
}

/** Whether every migration is recorded as applied (read only: also the store's health check). */
export async function upToDate(db: SqlQueryable, names: SqlNames): Promise<boolean> {
  const migrations = names.table("migrations");
  const [table] = await db.query("SELECT to_regclass($1) AS found", [migrations]);
  if (table?.found == null) return false;
  const done = await recordedVersions(db, migrations);
  return MIGRATIONS.every((migration) => done.has(migration.version));
}

async function recordedVersions(db: SqlQueryable, migrations: string): Promise<Set<number>> {
  const rows = await db.query<{ version: number }>(`SELECT version FROM ${migrations}`);
  return new Set(rows.map((row) => Number(row.version)));
}
