/**
 * @module @returnkit/store-postgres — the returnkit store on PostgreSQL, through a `pg` Pool
 * or PGlite (embedded Postgres), with versioned migrations.
 *
 * ```ts
 * const store = postgresStore({ db: new pg.Pool({ connectionString }) });
 * await store.init(); // applies migrations; the service also calls it
 * ```
 */

export type { CommitBatchingOptions } from "./commit-batcher";
export type { DataDirLock } from "./data-dir-lock";
export { DataDirInUseError, LOCK_FILE, lockDataDir } from "./data-dir-lock";
export type {
  DatabaseInput,
  PGliteLike,
  PgPoolClientLike,
  PgPoolLike,
  SqlDatabase,
  SqlQueryable,
  SqlResult,
  SqlTransaction,
} from "./database";
export { pgliteDatabase, pgPoolDatabase, SQL_DATABASE, toSqlDatabase } from "./database";
export type { MigrateOptions, MigrateResult } from "./migrate";
export { migrate } from "./migrate";
export type { Migration } from "./migrations";
export { MIGRATIONS } from "./migrations";
export type { NamesOptions, SqlNames, TableName } from "./names";
export { sqlNames } from "./names";
export type { PostgresStore, PostgresStoreOptions } from "./postgres-store";
export { postgresStore } from "./postgres-store";
