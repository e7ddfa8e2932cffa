/**
 * @module drivers/pglite-data-dir — the data directory lock a PGlite driver holds: taken when
 * the driver is made (so before the store's first statement), released when the last driver
 * of that PGlite instance closes. Stores sharing one instance share its lock; another
 * instance on the same directory, in this process or another, is refused.
 */
import { lockDataDir } from "../data-dir-lock";
import type { PGliteLike } from "./types";

const holds = new WeakMap<PGliteLike, { release(): void; holders: number }>();

/**
 * Locks `db`'s data directory if it has one on disk (`dataDir`; `memory://`, `idb://` and an
 * instance without one need none), or throws `DataDirInUseError`. Returns what releases it.
 */
export function holdDataDir(db: PGliteLike): () => void {
  if (!db.dataDir) return () => {};
  let hold = holds.get(db);
  if (!hold) {
    hold = { ...lockDataDir(db.dataDir), holders: 0 };
    holds.set(db, hold);
  }
  const held = hold;
  held.holders++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--held.holders > 0) return;
    holds.delete(db);
    held.release();
  };
}
