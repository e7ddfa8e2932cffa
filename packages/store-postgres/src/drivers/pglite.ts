/** @module drivers/pglite — PGlite through its own API: one connection, one transaction at a time. */
import { type PGliteLike, SQL_DRIVER, type SqlDriver, type SqlTransaction } from "./types";

export function pgliteDriver(db: PGliteLike): SqlDriver {
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
    async close() {},
  };
}
