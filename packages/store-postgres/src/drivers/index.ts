/** @module drivers — the driver for what the host passed: a `pg` Pool or a PGlite instance. */
import { type PgDriverOptions, pgDriver } from "./pg";
import { pgliteDriver } from "./pglite";
import { type PGliteLike, type PgPoolLike, SQL_DRIVER, type SqlDriver } from "./types";

export type DatabaseInput = PgPoolLike | PGliteLike | SqlDriver;

/** A driver for `db`; one that is already a `SqlDriver` (a wrapper, say) is used as it is. */
export function toDriver(db: DatabaseInput, options: PgDriverOptions = {}): SqlDriver {
  const candidate = db as unknown as Record<string | symbol, unknown>;
  if (SQL_DRIVER in candidate) return db as SqlDriver;
  if (
    typeof candidate.exec === "function" &&
    typeof candidate.listen === "function" &&
    typeof candidate.transaction === "function"
  ) {
    return pgliteDriver(db as PGliteLike);
  }
  if (typeof candidate.connect === "function" && typeof candidate.query === "function") {
    if (!("idleCount" in candidate)) {
      throw new TypeError(
        "postgresStore: pass a pg Pool, not a single pg Client (the store needs several connections)",
      );
    }
    return pgDriver(db as PgPoolLike, options);
  }
  throw new TypeError("postgresStore: `db` must be a pg Pool or a PGlite instance");
}
