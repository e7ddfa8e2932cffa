/** @module drivers/pglite — PGlite through its own API: one connection, one transaction at a time. */
import { holdDataDir } from "./pglite-data-dir";
import { type PGliteLike, SQL_DRIVER, type SqlDriver, type SqlTransaction } from "./types";

export interface PGliteDriverOptions {
  /**
   * Lock the PGlite's data directory on disk for this process while the driver lives
   * (default true): PGlite does not, and of two processes on one directory the last to close
   * overwrites what the other committed. False when you hold the lock yourself
   * (`lockDataDir`) or the directory is never opened twice.
   */
  lockDataDir?: boolean;
}

/** Throws `DataDirInUseError` when another process (or PGlite instance) has the directory. */
export function pgliteDriver(db: PGliteLike, options: PGliteDriverOptions = {}): SqlDriver {
  const releaseDataDir = options.lockDataDir === false ? () => {} : holdDataDir(db);
  const on = (queryable: Pick<PGliteLike, "query" | "exec">): SqlTransaction => ({
    query: async <Row>(text: string, values?: unknown[]) =>
      (await queryable.query<Row>(text, values)).rows,
    exec: async (script) => void (await queryable.exec(script)),
  });
  return {
    [SQL_DRIVER]: true,
    kind: "pglite",
    query: on(db).query,
    transaction: (fn) => db.transaction((tx) => fn(on(tx))),
    listen: (channel, onNotify) => db.listen(channel, onNotify),
    async close() {
      releaseDataDir();
    },
  };
}
