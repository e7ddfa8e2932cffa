/** @module drivers/pglite — PGlite through its own API: one connection, one transaction at a time. */
import { type PGliteLike, SQL_DRIVER, type SqlDriver } from "./types";

export function pgliteDriver(db: PGliteLike): SqlDriver {
  const unlistens = new Set<() => Promise<void>>();
  return {
    [SQL_DRIVER]: true,
    kind: "pglite",
    async query<Row>(text: string, values?: unknown[]) {
      return (await db.query<Row>(text, values)).rows;
    },
    transaction: (fn) =>
      db.transaction((tx) =>
        fn({
          query: async <Row>(text: string, values?: unknown[]) =>
            (await tx.query<Row>(text, values)).rows,
          exec: async (script) => {
            await tx.exec(script);
          },
        }),
      ),
    async listen(channel, onNotify) {
      const unlisten = await db.listen(channel, onNotify);
      const stop = async () => {
        if (unlistens.delete(stop)) await unlisten();
      };
      unlistens.add(stop);
      return stop;
    },
    async close() {
      await Promise.all([...unlistens].map((stop) => stop()));
    },
  };
}
