/** @module drivers — the driver for what the host passed: a `pg` Pool or a PGlite instance. */
import { type PgDriverOptions, pgDriver } from "./pg";
import { type PGliteDriverOptions, pgliteDriver } from "./pglite";
import { type PGliteLike, type PgPoolLike, SQL_DRIVER, type SqlDriver } from "./types";

export type DatabaseInput = PgPoolLike | PGliteLike | SqlDriver;

/** What the host passed, told by its shape (the packages need not be installed to tell). */
function databaseKind(db: unknown): "driver" | "pglite" | "pool" | "client" | null {
  if (typeof db !== "object" || db === null) return null;
  if (SQL_DRIVER in db) return "driver";
  const has = (name: string) => typeof (db as Record<string, unknown>)[name] === "function";
  if (has("exec") && has("listen") && has("transaction")) return "pglite";
  if (has("connect") && has("query")) return "idleCount" in db ? "pool" : "client";
  return null;
}

/** What is wrong with `db` as a database to give the store, or null when it is one. */
export function databaseInputDefect(db: unknown): string | null {
  const kind = databaseKind(db);
  if (kind === "client") {
    return "expected a pg Pool, not a single pg Client (the store needs several connections)";
  }
  return kind === null ? "expected a pg Pool or a PGlite instance" : null;
}

export type DriverOptions = PgDriverOptions & PGliteDriverOptions;

/**
 * A driver for `db`; one that is already a `SqlDriver` (a wrapper, say) is used as it is. A
 * PGlite's data directory is locked until the driver closes (`lockDataDir: false` opts out).
 */
export function toDriver(db: DatabaseInput, options: DriverOptions = {}): SqlDriver {
  const kind = databaseKind(db);
  if (kind === "driver") return db as SqlDriver;
  if (kind === "pglite") return pgliteDriver(db as PGliteLike, options);
  if (kind === "pool") return pgDriver(db as PgPoolLike, options);
  throw new TypeError(`postgresStore: db: ${databaseInputDefect(db)}`);
}
