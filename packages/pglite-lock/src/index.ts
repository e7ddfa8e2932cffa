/**
 * @module @returnkit/pglite-lock — one process at a time on a PGlite data directory (README:
 * why, and how to use it beside `@returnkit/store-postgres`).
 */
export { DataDirInUseError, type DataDirLock, LOCK_FILE, lockDataDir } from "./data-dir-lock";
