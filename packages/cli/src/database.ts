/**
 * @module database — the one connection a command works through: a small `pg` Pool on
 * DATABASE_URL, the schema and table prefix of the store's tables, and the store itself once
 * its migrations are known to be applied.
 */
import {
  type PostgresStore,
  postgresStore,
  type SqlNames,
  sqlNames,
} from "@returnkit/store-postgres";
import pg from "pg";
import { failedError, usageError } from "./errors";
import { readMigrationStatus } from "./migration-status";

interface DatabaseTarget {
  url: string;
  schema?: string;
  tablePrefix?: string;
}

export interface Database {
  readonly pool: pg.Pool;
  readonly names: SqlNames;
  /** `"returns" (prefix rk_)`: where the tables are, for messages. */
  readonly where: string;
  /** The store, after checking that every migration is applied (a command never applies them). */
  store(): Promise<PostgresStore>;
  close(): Promise<void>;
}

/** A connection that cannot be made in this time is reported, not waited on for ever. */
const CONNECT_TIMEOUT_MS = 10_000;

export function openDatabase(target: DatabaseTarget): Database {
  const names = namesOf(target);
  checkUrl(target.url);
  const pool = new pg.Pool({
    connectionString: target.url,
    max: 2,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // An idle connection the server ends would otherwise be an unhandled "error" event.
  pool.on("error", () => {});
  const where = `"${names.schema}" (prefix ${names.prefix})`;
  let store: PostgresStore | undefined;
  return {
    pool,
    names,
    where,
    async store() {
      if (!store) {
        await requireMigrated(pool, names, where);
        // notify stays on: a redelivery then wakes the dispatchers that LISTEN.
        store = postgresStore({
          db: pool,
          schema: names.schema,
          tablePrefix: names.prefix,
          onError: () => {},
        });
      }
      return store;
    },
    async close() {
      await store?.close();
      await pool.end();
    },
  };
}

function namesOf(target: DatabaseTarget): SqlNames {
  try {
    return sqlNames({ schema: target.schema, tablePrefix: target.tablePrefix });
  } catch (error) {
    // sqlNames says "postgresStore: schema must be …": name the flag instead.
    const message = (error as Error).message.replace(/^postgresStore: /, "");
    throw usageError(
      message.replace(/^schema/, "--schema").replace(/^tablePrefix/, "--table-prefix"),
    );
  }
}

function checkUrl(url: string): void {
  let protocol: string | undefined;
  try {
    protocol = new URL(url).protocol;
  } catch {}
  if (protocol !== "postgres:" && protocol !== "postgresql:") {
    throw usageError("DATABASE_URL (or --url) must be a postgres:// or postgresql:// URL");
  }
}

async function requireMigrated(pool: pg.Pool, names: SqlNames, where: string): Promise<void> {
  const status = await readMigrationStatus(pool, names);
  if (status.migrations.every((migration) => migration.applied_at === null)) {
    throw failedError(
      `no returnkit tables in ${where}: run \`returnkit migrate\` first, or check --schema and --table-prefix`,
    );
  }
  if (status.pending.length > 0) {
    const ids = status.pending.map((migration) => migration.id).join(", ");
    throw failedError(`${where} lacks migrations ${ids}: run \`returnkit migrate\` first`);
  }
}
