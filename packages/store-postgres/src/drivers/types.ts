/**
 * @module drivers/types — the one small interface the store speaks (`SqlDriver`), and the
 * parts of a `pg` Pool and of PGlite its two drivers use. Neither library is imported at
 * runtime: the host hands over an instance.
 */

export interface QueryOptions {
  /**
   * The statement only reads. If its connection turns out to be dead (one a restart, a
   * failover or a NAT closed while it sat in the Pool), it runs again on another: it changed
   * nothing. A write is never sent twice, as its first run may have committed.
   */
  read?: boolean;
}

export interface SqlQueryable {
  /** One statement with `$1`-style parameters; resolves to its rows. */
  query<Row = Record<string, unknown>>(
    text: string,
    values?: unknown[],
    options?: QueryOptions,
  ): Promise<Row[]>;
}

export interface SqlTransaction extends SqlQueryable {
  /** Several statements without parameters (migrations). */
  exec(script: string): Promise<void>;
}

export const SQL_DRIVER: unique symbol = Symbol.for("returnkit.store-postgres.SqlDriver");

export interface SqlDriver extends SqlQueryable {
  readonly [SQL_DRIVER]: true;
  readonly kind: "pg" | "pglite";
  /**
   * Runs `fn` in one READ COMMITTED transaction on one connection: committed if it
   * resolves, rolled back if it throws.
   */
  transaction<T>(fn: (tx: SqlTransaction) => Promise<T>): Promise<T>;
  /** LISTEN on `channel`; resolves once listening, to a function that stops. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /** Releases what the driver opened itself (a LISTEN connection); never the host's pool. */
  close(): Promise<void>;
}

// ---------------------------------------------------------------- what the store uses of pg

interface PgQueryResult {
  rows: unknown[];
}

/** `query` as both a Pool and a PoolClient have it. */
export interface PgQueryable {
  query(text: string, values?: unknown[]): Promise<PgQueryResult>;
  /** A named query: prepared once per connection, then only bound and executed. */
  query(config: { name: string; text: string; values?: unknown[] }): Promise<PgQueryResult>;
}

/** The part of a `pg` PoolClient the store uses. */
export interface PgPoolClientLike extends PgQueryable {
  release(error?: Error | boolean): void;
  on(
    event: "notification",
    listener: (message: { channel: string; payload?: string }) => void,
  ): unknown;
  on(event: "error", listener: (error: Error) => void): unknown;
  on(event: "end", listener: () => void): unknown;
  removeListener(event: "error", listener: (error: Error) => void): unknown;
}

/** The part of a `pg` Pool the store uses. */
export interface PgPoolLike extends PgQueryable {
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
