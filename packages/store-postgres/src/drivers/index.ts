/** @module drivers — the driver for what the host passed: a `pg` Pool or a PGlite instance. */
import { type PgDriverOptions, pgDriver } from "./pg";
import { pgliteDriver } from "./pglite";
import { type PGliteLike, type PgPoolLike, SQL_DRIVER, type SqlDriver } from "./types";

export type DatabaseInput = PgPoolLike | PGliteLike | SqlDriver;

/** What is wrong with `db` as a database to give the store, or null when it is one. */
export function databaseInputDefect(db: unknown): string | null {
  const candidate = (db ?? {}) as Record<string | symbol, unknown>;
  if (typeof db !== "object" || db === null) return "expected a pg Pool or a PGlite instance";
  if (SQL_DRIVER in candidate) return null;
  if (
    typeof candidate.exec === "function" &&
    typeof candidate.listen === "function" &&
    typeof candidate.transaction === "function"
  ) {
    return null;
  }
  if (typeof candidate.connect === "function" && typeof candidate.query === "function") {
    return "idleCount" in candidate
      ? null
      : "expected a pg Pool, not a single pg Client (the store needs several connections)";
  }
  return "expected a pg Pool or a PGlite instance";
}

/** A driver for `db`; one that is already a `SqlDriver` (a wrapper, say) is used as it is. */
export function toDriver(db: DatabaseInput, options: PgDriverOptions = {}): SqlDriver {
  const defect = databaseInputDefect(db);
  if (defect) throw new TypeError(`postgresStore: db: ${defect}`);
  const candidate = db as unknown as Record<string | symbol, unknown>;
  if (SQL_DRIVER in candidate) return db as SqlDriver;
  if (typeof candidate.exec === "function") return pgliteDriver(db as PGliteLike);
  return pgDriver(db as PgPoolLike, options);
}
