/**
 * @module @returnkit/store-postgres — the returnkit store on PostgreSQL, through a `pg` Pool
 * or PGlite (embedded Postgres), with versioned migrations (README: setup and examples).
 */
export { DataDirInUseError, type DataDirLock, LOCK_FILE, lockDataDir } from "./data-dir-lock";
export { type DatabaseInput, type DriverOptions, toDriver } from "./drivers";
export type { PgDriverOptions } from "./drivers/pg";
export type { PGliteDriverOptions } from "./drivers/pglite";
export type * from "./drivers/types";
export { SQL_DRIVER } from "./drivers/types";
export { type MigrateOptions, type MigrateResult, migrate } from "./migrate";
export { MIGRATIONS, type Migration } from "./migrations";
export { type NamesOptions, type SqlNames, sqlNames, type TableName } from "./names";
export { type PostgresStore, type PostgresStoreOptions, postgresStore } from "./postgres-store";
