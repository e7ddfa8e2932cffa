/**
 * @module migrate — applies the migrations in one transaction that first takes an advisory
 * lock keyed by schema and prefix: a second process waits, then finds them recorded. DDL is
 * transactional, so a failed migration leaves nothing half-made.
 */
import { type DatabaseInput, toDriver } from "./drivers";
import type { SqlQueryable, SqlTransaction } from "./drivers/types";
import { MIGRATIONS } from "./migrations";
import { type NamesOptions, type SqlNames, sqlNames } from "./names";

export interface MigrateOptions extends NamesOptions {
  db: DatabaseInput;
}

export interface MigrateResult {
  /** Versions applied by this call, e.g. `["001_initial"]`; empty when up to date. */
  applied: string[];
}

export async function migrate(options: MigrateOptions): Promise<MigrateResult> {
  const db = toDriver(options.db);
  try {
    return await applyMigrations(db.transaction.bind(db), sqlNames(options));
  } finally {
    // An adapter made here for one call: release what it registered on the caller's Pool
    // (its listener for idle connections' errors). One the caller passed in stays theirs.
    if (db !== options.db) await db.close();
  }
}

/** Shared by `migrate()` and the store's `init()`, which already holds its names. */
export function applyMigrations(
  transaction: <T>(fn: (tx: SqlTransaction) => Promise<T>) => Promise<T>,
  names: SqlNames,
): Promise<MigrateResult> {
  return transaction(async (tx) => {
    // The usual start finds every migration applied: then nothing is locked or written, so
    // a process can start on a server that is read-only for now (a standby the Pool reached
    // mid-failover) or as a role that may use the tables but not create them.
    if (await upToDate(tx, names)) return { applied: [] };
    await tx.query("SELECT pg_advisory_xact_lock($1, $2)", names.migrationLock);
    await ensureSchema(tx, names);
    const migrations = names.table("migrations");
    await tx.exec(`CREATE TABLE IF NOT EXISTS ${migrations} (
      version    integer PRIMARY KEY,
      name       text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = await recordedVersions(tx, migrations);
    const applied: string[] = [];
    for (const migration of MIGRATIONS) {
      if (done.has(migration.version)) continue;
      await tx.exec(migration.sql(names));
      await tx.query(`INSERT INTO ${migrations} (version, name) VALUES ($1, $2)`, [
        migration.version,
        migration.name,
      ]);
      applied.push(`${String(migration.version).padStart(3, "0")}_${migration.name}`);
    }
    return { applied };
  });
}

/** Whether every migration is recorded as applied (read only: also the store's health check). */
export async function upToDate(tx: SqlQueryable, names: SqlNames): Promise<boolean> {
  const migrations = names.table("migrations");
  const [table] = await tx.query<{ found: string | null }>("SELECT to_regclass($1) AS found", [
    migrations,
  ]);
  if (table?.found == null) return false;
  const done = await recordedVersions(tx, migrations);
  return MIGRATIONS.every((migration) => done.has(migration.version));
}

/** The versions `migrations` (the quoted table) records as applied. */
async function recordedVersions(tx: SqlQueryable, migrations: string): Promise<Set<number>> {
  const rows = await tx.query<{ version: number }>(`SELECT version FROM ${migrations}`);
  return new Set(rows.map((row) => Number(row.version)));
}

async function ensureSchema(tx: SqlTransaction, names: SqlNames): Promise<void> {
  // CREATE SCHEMA IF NOT EXISTS checks the CREATE privilege even when the schema exists, so
  // a role that may only use an existing schema would fail: ask first.
  const rows = await tx.query("SELECT 1 FROM pg_namespace WHERE nspname = $1", [names.schema]);
  if (rows.length === 0) await tx.exec(`CREATE SCHEMA ${names.quotedSchema}`);
}
