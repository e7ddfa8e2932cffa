/**
 * @module database — the one small query interface the store speaks, over a `pg` Pool or a
 * PGlite instance.
 *
 * Neither driver is imported at runtime: the caller hands over an instance, and the types
 * below describe only what the store uses of it, so neither `pg` nor PGlite (nor their
 * types) is needed by a host that uses the other.
 */

import { createHash } from "node:crypto";
import { PgNotificationListener } from "./pg-listener";
import { hasProtocol, preparedStatements } from "./pglite-prepared";
import { asUnavailable, isLostConnection } from "./unavailable";

export interface SqlResult<Row> {
  rows: Row[];
}

export interface SqlQueryable {
  /**
   * One statement with `$1`-style parameters. `prepare` marks a statement worth preparing
   * once and executing by name (the commit); an adapter may ignore it.
   */
  query<Row = Record<string, unknown>>(
    text: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<SqlResult<Row>>;
}

export interface QueryOptions {
  prepare?: boolean;
  /**
   * The statement only reads. If the connection it went out on turns out to be lost (one the
   * server, a failover or a NAT closed while it sat in the Pool), it runs again on another:
   * it changed nothing, so running it twice cannot matter. A write is never sent again, as
   * its first run may have committed.
   */
  read?: boolean;
}

export interface SqlTransaction extends SqlQueryable {
  /** Several statements without parameters (migrations). */
  exec(script: string): Promise<void>;
}

export interface SqlDatabase extends SqlQueryable {
  readonly [SQL_DATABASE]: true;
  readonly dialect: "pg" | "pglite";
  /** Runs `fn` in one transaction on one connection: committed if it resolves, rolled back if it throws. */
  transaction<T>(fn: (tx: SqlTransaction) => Promise<T>): Promise<T>;
  /** LISTEN on `channel`; resolves once listening, to a function that stops. */
  listen(channel: string, onNotification: (payload: string) => void): Promise<() => Promise<void>>;
  /** Releases what this adapter opened itself (a LISTEN connection); never the caller's pool. */
  close(): Promise<void>;
}

export const SQL_DATABASE: unique symbol = Symbol.for("returnkit.store-postgres.SqlDatabase");

// ---------------------------------------------------------------- what the store uses of pg

interface PgQueryResult {
  rows: unknown[];
}

/** The part of a `pg` PoolClient the store uses. */
export interface PgPoolClientLike {
  query(text: string, values?: unknown[]): Promise<PgQueryResult>;
  release(error?: Error | boolean): void;
  on(
    event: "notification",
    listener: (message: { channel: string; payload?: string }) => void,
  ): unknown;
  on(event: "error", listener: (error: Error) => void): unknown;
  on(event: "end", listener: () => void): unknown;
}

/** The part of a `pg` Pool the store uses. */
export interface PgPoolLike {
  query(text: string, values?: unknown[]): Promise<PgQueryResult>;
  /** A named query: prepared once per connection, then only bound and executed. */
  query(config: { name: string; text: string; values?: unknown[] }): Promise<PgQueryResult>;
  connect(): Promise<PgPoolClientLike>;
  /** Only a Pool has it: tells a Pool from a single `pg.Client`, which the store does not take. */
  readonly idleCount: number;
  /** A pg Pool emits "error" for an idle connection the server closed. */
  on?(event: "error", listener: (error: Error) => void): unknown;
  removeListener?(event: "error", listener: (error: Error) => void): unknown;
  listenerCount?(event: "error"): number;
}

// ---------------------------------------------------------------- what the store uses of PGlite

interface PGliteQueryable {
  query<T>(query: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(query: string): Promise<unknown>;
}

/** The part of a PGlite instance the store uses. */
export interface PGliteLike extends PGliteQueryable {
  transaction<T>(callback: (tx: PGliteQueryable) => Promise<T>): Promise<T>;
  listen(
    channel: string,
    callback: (payload: string) => void,
  ): Promise<(tx?: never) => Promise<void>>;
}

export type DatabaseInput = PgPoolLike | PGliteLike | SqlDatabase;

/** Wraps what the host passed; an adapter that is already a `SqlDatabase` is used as it is. */
export interface SqlDatabaseOptions {
  /**
   * Name parameterised statements so each connection prepares them once: every one on pg,
   * the commit on PGlite. Default true.
   */
  preparedStatements?: boolean;
  /**
   * Told of errors no call of the store was waiting for: on pg, an idle pooled connection
   * the server closed (a restart, a failover, an administrator). Default: a console warning,
   * unless the host listens for the Pool's "error" itself.
   */
  onError?: (error: Error) => void;
}

type DatabaseKind = "adapter" | "pglite" | "pool" | "client" | null;

/** What the host passed as `db`, told apart by the members each kind has. */
function databaseKind(db: unknown): DatabaseKind {
  if (db === null || typeof db !== "object") return null;
  const candidate = db as Record<string | symbol, unknown>;
  if (SQL_DATABASE in candidate) return "adapter";
  if (
    typeof candidate.exec === "function" &&
    typeof candidate.listen === "function" &&
    typeof candidate.transaction === "function"
  ) {
    return "pglite";
  }
  if (typeof candidate.connect === "function" && typeof candidate.query === "function") {
    return "idleCount" in candidate ? "pool" : "client";
  }
  return null;
}

/** What is wrong with `db` as the store's database ("expected …"), or null when nothing is. */
export function databaseInputDefect(db: unknown): string | null {
  const kind = databaseKind(db);
  if (kind === "client") {
    return "expected a pg Pool, not a single pg Client (the store needs several connections)";
  }
  return kind === null ? "expected a pg Pool or a PGlite instance" : null;
}

export function toSqlDatabase(db: DatabaseInput, options: SqlDatabaseOptions = {}): SqlDatabase {
  const kind = databaseKind(db);
  if (kind === "adapter") return db as SqlDatabase;
  if (kind === "pglite") return pgliteDatabase(db as PGliteLike, options);
  if (kind === "pool") return pgPoolDatabase(db as PgPoolLike, options);
  throw new TypeError(`postgresStore: db: ${databaseInputDefect(db)}`);
}

const statementNames = new Map<string, string>();

/**
 * The name a statement is prepared under, derived from its text, so every connection (and
 * every wrapper of one PGlite) agrees on it. The commit is one large CTE: planning it on
 * every call cost about as much as running it.
 */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `returnkit_${createHash("sha256").update(text).digest("hex").slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

type IdleErrorHandler = (error: Error) => void;

/** Per Pool: the one listener the store adds, and what each store on that Pool wants told. */
const idleErrorListeners = new WeakMap<
  PgPoolLike,
  { listener: IdleErrorHandler; handlers: Set<IdleErrorHandler> }
>();

/**
 * Keeps a database restart from crashing the host. A pg Pool emits "error" when the server
 * closes one of its idle connections, and an "error" event nobody listens for throws: the
 * process exits. The pool has already dropped that connection and the next query opens a
 * new one, so the event needs only to be heard. One listener per Pool however many stores
 * (or wrappers) share it; returns the function that unregisters this one.
 */
function hearIdleErrors(pool: PgPoolLike, onError: SqlDatabaseOptions["onError"]): () => void {
  if (!pool.on || !pool.removeListener) return () => {};
  // A function of its own per registration, so two stores passing one onError stay two.
  const handler: IdleErrorHandler = (error) => {
    if (onError) onError(error);
    // Only ours listens: nobody else will say that the connection was lost.
    else if ((pool.listenerCount?.("error") ?? 1) <= 1) {
      console.warn(`returnkit: an idle PostgreSQL connection was closed (${error.message})`);
    }
  };
  let entry = idleErrorListeners.get(pool);
  if (!entry) {
    const handlers = new Set<IdleErrorHandler>();
    entry = {
      handlers,
      listener: (error) => {
        for (const handle of handlers) handle(error);
      },
    };
    idleErrorListeners.set(pool, entry);
    pool.on("error", entry.listener);
  }
  const { handlers, listener } = entry;
  handlers.add(handler);
  return () => {
    if (!handlers.delete(handler) || handlers.size > 0) return;
    pool.removeListener?.("error", listener);
    idleErrorListeners.delete(pool);
  };
}

/** However many idle connections the Pool holds, a read is sent again at most this many times. */
const MAX_READ_RETRIES = 16;

/**
 * Runs a pg call, turning a lost or refused connection into core's StoreUnavailableError
 * (unavailable.ts), so the service answers 503 and not 500.
 */
async function reachable<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw asUnavailable(error);
  }
}

export function pgPoolDatabase(pool: PgPoolLike, options: SqlDatabaseOptions = {}): SqlDatabase {
  let listener: PgNotificationListener | undefined;
  const prepared = options.preparedStatements !== false;
  const stopHearing = hearIdleErrors(pool, options.onError);
  return {
    [SQL_DATABASE]: true,
    dialect: "pg",
    async query<Row>(text: string, params?: unknown[], options?: QueryOptions) {
      const run = () =>
        prepared && params !== undefined
          ? pool.query({ name: statementName(text), text, values: params })
          : pool.query(text, params);
      // Retries a read has left; set at its first lost connection.
      let retries: number | undefined;
      for (;;) {
        try {
          return { rows: (await run()).rows as Row[] };
        } catch (error) {
          if (!options?.read || !isLostConnection(error)) throw asUnavailable(error);
          // The Pool drops the connection the read failed on, but the idle ones left may
          // have died the same way (a restart or a NAT ends them all at once): the read
          // tries each of them, then a new connection.
          retries ??= Math.min(pool.idleCount + 1, MAX_READ_RETRIES);
          if (retries-- === 0) throw asUnavailable(error);
        }
      }
    },
    transaction: (fn) => reachable(() => pgTransaction(pool, fn)),
    listen(channel, onNotification) {
      listener ??= new PgNotificationListener(pool);
      return listener.listen(channel, onNotification);
    },
    async close() {
      stopHearing();
      await listener?.close();
      listener = undefined;
    },
  };
}

async function pgTransaction<T>(
  pool: PgPoolLike,
  fn: (tx: SqlTransaction) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query("BEGIN");
    const result = await fn({
      async query<Row>(text: string, params?: unknown[]) {
        const r = await client.query(text, params);
        return { rows: r.rows as Row[] };
      },
      async exec(script) {
        // Without parameters pg uses the simple protocol, which takes several statements.
        await client.query(script);
      },
    });
    await client.query("COMMIT");
    return result;
  } catch (error) {
    try {
      await client.query("ROLLBACK");
    } catch (rollbackError) {
      // The connection is unusable: make the pool drop it rather than hand it out again.
      broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
    }
    throw error;
  } finally {
    client.release(broken);
  }
}

export function pgliteDatabase(db: PGliteLike, options: SqlDatabaseOptions = {}): SqlDatabase {
  const unlistens = new Set<() => Promise<void>>();
  // PGlite plans every query() afresh; statements marked `prepare` (the commit) are parsed
  // once by name (pglite-prepared.ts).
  const prepared =
    options.preparedStatements !== false && hasProtocol(db)
      ? preparedStatements(db, statementName)
      : null;
  return {
    [SQL_DATABASE]: true,
    dialect: "pglite",
    async query<Row>(text: string, params?: unknown[], options?: QueryOptions) {
      if (prepared && options?.prepare && params !== undefined) return prepared<Row>(text, params);
      const result = await db.query<Row>(text, params);
      return { rows: result.rows };
    },
    transaction(fn) {
      return db.transaction((tx) =>
        fn({
          async query<Row>(text: string, params?: unknown[]) {
            const result = await tx.query<Row>(text, params);
            return { rows: result.rows };
          },
          async exec(script) {
            await tx.exec(script);
          },
        }),
      );
    },
    async listen(channel, onNotification) {
      const unlisten = await db.listen(channel, onNotification);
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
