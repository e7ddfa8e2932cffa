/**
 * @module @returnkit/store-postgres — the returnkit store on PostgreSQL, through a `pg` Pool
 * or PGlite (embedded Postgres), with versioned migrations.
 *
 * ```ts
 * const store = postgresStore({ db: new pg.Pool({ connectionString }) });
 * await store.init(); // applies migrations; the service also calls it
 * ```
 */

export type { DatabaseInput } from "./drivers";
export { toDriver } from "./drivers";
export type { PgDriverOptions } from "./drivers/pg";
export { pgDriver } from "./drivers/pg";
export { pgliteDriver } from "./drivers/pglite";
export type {
  PGliteLike,
  PgPoolClientLike,
  PgPoolLike,
  QueryOptions,
  SqlDriver,
  SqlQueryable,
  SqlTransaction,
} from "./drivers/types";
export { SQL_DRIVER } from "./drivers/types";
export type { MigrateOptions, MigrateResult } from "./migrate";
export { migrate } from "./migrate";
export type { Migration } from "./migrations";
export { MIGRATIONS } from "./migrations";
export type { NamesOptions, SqlNames, TableName } from "./names";
export { sqlNames } from "./names";
export type { PostgresStore, PostgresStoreOptions } from "./postgres-store";
export { postgresStore } from "./postgres-store";
