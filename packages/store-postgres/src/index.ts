/**
 * @module @returnkit/store-postgres — the returnkit store on PostgreSQL, through a `pg` Pool
 * or PGlite (embedded Postgres), with versioned migrations (README: setup and examples).
 */
export { DataDirInUseError, type DataDirLock, LOCK_FILE, lockDataDir } from "./data-dir-lock";
export { type DatabaseInput, type DriverOptions, toDriver } from "./drivers";
export type { PgDriverOptions } from "./drivers/pg";
export type { PGliteDriverOptions } from "./drivers/pglite";
export {
  type PGliteLike,
  type PGliteQueryable,
  type PgPoolClientLike,
  type PgPoolLike,
  type PgQueryable,
  type PgResult,
  type QueryOptions,
  SQL_DRIVER,
  type SqlDriver,
  type SqlQueryable,
  type SqlTransaction,
} from "./drivers/types";
export { type DropStoreOptions, type DropStoreResult, dropStore } from "./drop-store";
export { type MigrateOptions, type MigrateResult, migrate } from "./migrate";
export { MIGRATIONS, type Migration } from "./migrations";
export {
  type NamesOptions,
  type SqlNames,
  sqlNames,
  TABLE_NAMES,
  type TableName,
} from "./names";
export { type PostgresStore, type PostgresStoreOptions, postgresStore } from "./postgres-store";
