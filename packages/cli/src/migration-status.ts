/**
 * @module migration-status — which of the store's migrations a database has recorded. Read
 * straight from the migrations table: it is the one thing the store has no function for, and
 * reading it takes no lock and writes nothing.
 */
import { MIGRATIONS, type Migration, type SqlNames } from "@returnkit/store-postgres";
import type pg from "pg";

interface MigrationState {
  /** `001_initial`: the version and name, as `migrate` reports what it applied. */
  id: string;
  /** When it was applied, or null while pending. */
  applied_at: string | null;
}

interface MigrationStatus {
  /** Every migration this version of returnkit knows, in order, applied or not. */
  migrations: MigrationState[];
  /** Those still to apply, with their SQL. */
  pending: Array<{ id: string; sql: string }>;
  /** Versions the database records that this version of returnkit does not know (it is older). */
  unknown: string[];
}

export function migrationId(migration: Pick<Migration, "version" | "name">): string {
  return `${String(migration.version).padStart(3, "0")}_${migration.name}`;
}

export async function readMigrationStatus(
  pool: pg.Pool,
  names: SqlNames,
): Promise<MigrationStatus> {
  const recorded = await recordedMigrations(pool, names);
  const known = new Set(MIGRATIONS.map((migration) => migration.version));
  const migrations = MIGRATIONS.map((migration) => ({
    id: migrationId(migration),
    applied_at: recorded.get(migration.version)?.applied_at ?? null,
  }));
  const pending = MIGRATIONS.filter((migration) => !recorded.has(migration.version)).map(
    (migration) => ({ id: migrationId(migration), sql: migration.sql(names).trim() }),
  );
  const unknown = [...recorded.values()]
    .filter((row) => !known.has(row.version))
    .map((row) => migrationId(row));
  return { migrations, pending, unknown };
}

interface RecordedMigration {
  version: number;
  name: string;
  applied_at: string;
}

/** By version; empty when the migrations table does not exist yet. */
async function recordedMigrations(
  pool: pg.Pool,
  names: SqlNames,
): Promise<Map<number, RecordedMigration>> {
  const table = names.table("migrations");
  const found = await pool.query<{ found: string | null }>("SELECT to_regclass($1) AS found", [
    table,
  ]);
  if (found.rows[0]?.found == null) return new Map();
  const rows = await pool.query<{ version: number; name: string; applied_at: Date }>(
    `SELECT version, name, applied_at FROM ${table} ORDER BY version`,
  );
  return new Map(
    rows.rows.map((row) => [
      Number(row.version),
      { version: Number(row.version), name: row.name, applied_at: row.applied_at.toISOString() },
    ]),
  );
}
